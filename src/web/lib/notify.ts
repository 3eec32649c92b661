import { useSyncExternalStore } from "react";

/**
 * Toasts, with the toast library loaded only when it is needed: at the first toast, or at a person's
 * first press or key, since most toasts answer what they did. Loading it on every page's start
 * evaluated the library and inserted its stylesheet, which restyled the whole page, after the first
 * paint: up to 18 ms of blocking on a slow phone (issue 30). Calls made before the toaster is on
 * screen wait for it instead of being lost.
 */
let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function onToasterMounted() {
  markReady();
}

let wanted = false;
const listeners = new Set<() => void>();

/** Asks for the toaster to be mounted (RootLayout mounts it once asked); asking again does nothing. */
export function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Whether the toaster has been asked for, as a value a component renders from. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

async function show(kind: "success" | "error" | "info", message: string) {
  wantToaster();
  const [{ toast }] = await Promise.all([import("sonner"), toasterReady]);
  toast[kind](message);
}

export const notify = {
  success: (message: string) => void show("success", message),
  error: (message: string) => void show("error", message),
  info: (message: string) => void show("info", message),
};
