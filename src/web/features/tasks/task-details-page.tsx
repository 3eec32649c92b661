import { lazy, Suspense } from "react";
import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { isSameEmail, loadSession, useSession } from "../accounts/public.ts";
import { useRevalidateOnNotice } from "../notifications/public.ts";
import { TaskDetailsView } from "./task-details-view.tsx";
import { getTask } from "./tasks-api.ts";

// The bid panel, the poster's offers and the questions load after the page's code: the task itself
// is what the first screen shows (the server's has a spinner in their place, as this one does).
const TaskPanels = lazy(() => import("./task-panels.tsx"));

/**
 * A task's page, open to everyone (PRODUCT.md, Task pages are public): a visitor reads it and is
 * asked to log in to bid or ask; the poster manages the task here; everyone else bids and asks.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await loadSession();
  try {
    const task = await getTask(params.id ?? "", request.signal);
    return { task, ownTask: isSameEmail(task.userEmail, user?.email) };
  } catch (error) {
    throw toRouteError(error);
  }
}

export function Component() {
  const { task, ownTask } = useLoaderData<typeof loader>();
  // Signed out on this page (in this tab or another): it stays, as a visitor's.
  const signedIn = useSession().user !== null;
  const poster = ownTask && signedIn;
  usePageTitle(task.title);
  // A notice about this task (a bid, a hire, a release, a question): the page reads it again.
  useRevalidateOnNotice(task._id);
  return (
    <TaskDetailsView task={task}>
      <Suspense fallback={<Spinner label="Loading bids and questions" />}>
        <TaskPanels task={task} poster={poster} signedIn={signedIn} />
      </Suspense>
    </TaskDetailsView>
  );
}
