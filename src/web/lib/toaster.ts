import type { toast } from "sonner";

/**
 * When the toaster mounts (decision 026): only once it is wanted, at the first toast or after a
 * person's first click, since most toasts answer what they did. Loading it as every page started
 * evaluated the toast library and inserted its stylesheet after the first paint, which restyled the
 * whole page: up to 40 ms on Home, unthrottled (issue 30). A module of its own, which both notify()
 * and the toaster import.
 */

/** Asks for the toaster; asking again does nothing. */
let wantToaster!: () => void;
/** Called by the toaster once it is on screen, with the library's toast(). */
let onToasterMounted!: (show: typeof toast) => void;
/** Settles when the toaster is first asked for: RootLayout mounts it then. */
export const toasterWanted = new Promise<void>((resolve) => {
  wantToaster = () => resolve();
});
/**
 * Settles once the toaster is on screen, with the library's toast(): a toast shown before would be
 * lost. Should the toaster's file fail to load, it never settles and no toast shows.
 */
export const toasterReady = new Promise<typeof toast>((resolve) => {
  onToasterMounted = resolve;
});
export { onToasterMounted, wantToaster };
