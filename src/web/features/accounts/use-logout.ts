import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { isPrivatePath, paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { showAlert } from "../../lib/dialogs.ts";
import { notify } from "../../lib/notify.ts";
import { signOut } from "./auth-api.ts";

/** Logs out; a private page is left for the home page rather than for the login form. */
export function useLogout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);
  async function logout() {
    setBusy(true);
    try {
      if (isPrivatePath(pathname)) await navigate(paths.home, { replace: true, state: { loggedOut: true } });
      await signOut();
      void showAlert({ title: "Logout Successfully", text: "You clicked the button!", icon: "success" });
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return { logout, busy };
}
