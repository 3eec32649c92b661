import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { listMyBids } from "./bids-api.ts";
import { MY_BIDS_PAGE_SIZE, MyBidsView, readMyBidsQuery } from "./my-bids-view.tsx";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const query = readMyBidsQuery(new URL(request.url).searchParams);
  try {
    const { bids, total } = await listMyBids({ ...query, limit: MY_BIDS_PAGE_SIZE }, request.signal);
    return { bids, total, ...query };
  } catch (error) {
    throw toRouteError(error);
  }
}

/** My Bids: every bid of mine with its task, my amount, the bid's and the task's status. */
export function Component() {
  usePageTitle("My Bids");
  return <MyBidsView {...useLoaderData<typeof loader>()} />;
}
