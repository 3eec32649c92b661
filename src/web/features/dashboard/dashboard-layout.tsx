import { type LoaderFunctionArgs, Outlet } from "react-router";
import { RequireAuth } from "../accounts/require-auth.tsx";
import { requireUser } from "../accounts/session.ts";
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
