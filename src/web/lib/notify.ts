import { toasterReady, wantToaster } from "./toaster.ts";

/** Toasts: the first one mounts the toaster (lib/toaster.ts), and waits for it instead of being lost. */
async function show(kind: "success" | "error" | "info", message: string) {
  wantToaster();
  (await toasterReady)[kind](message);
}

export const notify = {
  success: (message: string) => void show("success", message),
  error: (message: string) => void show("error", message),
  info: (message: string) => void show("info", message),
};
