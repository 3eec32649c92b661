import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { CircleAlert, CircleCheck, CircleX } from "lucide-react";
import { closeDialog, type DialogIcon, type DialogRequest } from "../lib/dialogs.ts";

const ICONS: Record<DialogIcon, { Icon: typeof CircleCheck; className: string; label: string }> = {
  success: { Icon: CircleCheck, className: "text-green-600 dark:text-green-400", label: "Success" },
  error: { Icon: CircleX, className: "text-red-600 dark:text-red-400", label: "Error" },
  warning: { Icon: CircleAlert, className: "text-amber-500 dark:text-amber-300", label: "Warning" },
};

/** The modal message or confirmation asked for through lib/dialogs (focus trapped, Escape closes). */
export default function MessageDialog({ request }: { request: DialogRequest }) {
  const { Icon, className, label } = ICONS[request.icon];
  const finish = (confirmed: boolean) => {
    closeDialog();
    if (request.kind === "confirm") request.resolve(confirmed);
    else request.resolve();
  };
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) finish(false);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl dark:bg-slate-900">
          <Icon aria-label={label} role="img" className={`mx-auto mb-3 size-16 ${className}`} strokeWidth={1.5} />
          <AlertDialog.Title className="text-2xl font-bold text-slate-900 dark:text-slate-100">
            {request.title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700 dark:text-slate-300">
            {request.text}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-center gap-3">
            {request.kind === "confirm" ? (
              <>
                <AlertDialog.Cancel className="btn-secondary" onClick={() => finish(false)}>
                  {request.cancelLabel}
                </AlertDialog.Cancel>
                <AlertDialog.Action className="btn-danger" onClick={() => finish(true)}>
                  {request.confirmLabel}
                </AlertDialog.Action>
              </>
            ) : (
              <AlertDialog.Action className="btn-primary min-w-24" onClick={() => finish(true)}>
                OK
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
