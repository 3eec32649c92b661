/**
 * Toasts, with the toast library loaded after the first paint: calls made before the toaster is on
 * screen wait for it instead of being lost.
 */
let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function onToasterMounted() {
  markReady();
}

async function show(kind: "success" | "error" | "info", message: string) {
  const [{ toast }] = await Promise.all([import("sonner"), toasterReady]);
  toast[kind](message);
}

export const notify = {
  success: (message: string) => void show("success", message),
  error: (message: string) => void show("error", message),
  info: (message: string) => void show("info", message),
};
