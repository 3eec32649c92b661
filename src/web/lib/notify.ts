/**
 * Toasts, with the toast library loaded only when it is needed: at the first toast, or at a person's
 * first press or key, since most toasts answer what they did (RootLayout listens). Loading it as
 * every page started evaluated the library and inserted its stylesheet after the first paint, which
 * restyled the whole page: up to 40 ms on Home, unthrottled (issue 30). Calls made before the
 * toaster is on screen wait for it instead of being lost.
 */

/** Asks for the toaster; asking again does nothing. */
let wantToaster!: () => void;
/** Called by the toaster once it is on screen. */
let onToasterMounted!: () => void;
/** Settles when the toaster is first asked for: RootLayout mounts it then. */
export const toasterWanted = new Promise<void>((resolve) => {
  wantToaster = resolve;
});
const toasterReady = new Promise<void>((resolve) => {
  onToasterMounted = resolve;
});

export { onToasterMounted, wantToaster };

async function show(kind: "success" | "error" | "info", message: string) {
  wantToaster();
  // The toaster's module brings the library's toast(), without a list of its own (lazy parts).
  const [{ toast }] = await Promise.all([import("../components/lazy-toaster.tsx"), toasterReady]);
  toast[kind](message);
}

export const notify = {
  success: (message: string) => void show("success", message),
  error: (message: string) => void show("error", message),
  info: (message: string) => void show("info", message),
};
