import { useState } from "react";
import { errorMessage } from "../../lib/api.ts";
import { showAlert } from "../../lib/dialogs.ts";
import { notify } from "../../lib/notify.ts";
import { signOut } from "./auth-api.ts";

/** Logs out; a private page on screen then sends the person home (see RequireAuth). */
export function useLogout() {
  const [busy, setBusy] = useState(false);
  async function logout() {
    setBusy(true);
    try {
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
