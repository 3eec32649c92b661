import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { loginPath, paths } from "../../config/paths.ts";
import { useSession } from "./session.ts";

/**
 * The private-route guard for a page already on screen: a spinner while the session loads, the
 * login page (which returns here) once there is no user. Loaders check the same before they fetch.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === "loading") return <Spinner label="Checking your session" />;
  if (!session.user?.email && session.loggedOut) return <Navigate to={paths.home} replace />;
  if (!session.user?.email) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace state={{ from: location.pathname }} />;
  }
  return children;
}
