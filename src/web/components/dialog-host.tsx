import { lazy, Suspense, useSyncExternalStore } from "react";
import { getDialog, subscribeDialog } from "../lib/dialogs.ts";

const MessageDialog = lazy(() => import("./message-dialog.tsx"));

/** Shows the dialog asked for through lib/dialogs; the dialog library loads with the first one. */
export function DialogHost() {
  const request = useSyncExternalStore(subscribeDialog, getDialog, getDialog);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <MessageDialog request={request} />
    </Suspense>
  );
}
