import { type LoaderFunctionArgs, Outlet } from "react-router";
import { RequireAuth, requireUser } from "../accounts/public.ts";
import { useRevalidateOnNotice } from "../notifications/public.ts";
import { DashboardFrame } from "./dashboard-frame.tsx";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export function Component() {
  // A notice says something changed: the page shown reads its data again.
  useRevalidateOnNotice();
  return (
    <RequireAuth>
      <DashboardFrame>
        <Outlet />
      </DashboardFrame>
    </RequireAuth>
  );
}
