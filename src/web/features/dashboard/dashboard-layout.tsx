import { type LoaderFunctionArgs, Outlet } from "react-router";
import { RequireAuth, requireUser } from "../accounts/public.ts";
import { DashboardFrame } from "./dashboard-frame.tsx";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export function Component() {
  return (
    <RequireAuth>
      <DashboardFrame>
        <Outlet />
      </DashboardFrame>
    </RequireAuth>
  );
}
