/**
 * Modal messages and confirmations asked for from anywhere (event handlers, after a request), shown
 * by the one DialogHost of the layout. The dialog code itself loads only when the first one opens.
 */
export type DialogIcon = "success" | "error" | "warning";

export type DialogRequest =
  | { kind: "alert"; title: string; text: string; icon: DialogIcon; resolve: () => void }
  | {
      kind: "confirm";
      title: string;
      text: string;
      confirmLabel: string;
      cancelLabel: string;
      icon: DialogIcon;
      resolve: (confirmed: boolean) => void;
    };

let current: DialogRequest | null = null;
const listeners = new Set<() => void>();

function open(request: DialogRequest) {
  current?.kind === "confirm" ? current.resolve(false) : current?.resolve();
  current = request;
  for (const listener of listeners) listener();
}

export function closeDialog() {
  current = null;
  for (const listener of listeners) listener();
}

export function getDialog(): DialogRequest | null {
  return current;
}

export function subscribeDialog(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A message with an OK button; resolves when the person closes it. */
export function showAlert(options: { title: string; text: string; icon?: DialogIcon }): Promise<void> {
  return new Promise((resolve) => open({ kind: "alert", icon: "success", ...options, resolve }));
}

/** A yes/no question; resolves true when the person confirms. */
export function confirmAction(options: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  icon?: DialogIcon;
}): Promise<boolean> {
  return new Promise((resolve) =>
    open({ kind: "confirm", icon: "warning", cancelLabel: "Cancel", ...options, resolve }),
  );
}
