import * as Dialog from "@radix-ui/react-dialog";
import type { Task } from "../../../contract/schemas.ts";
import { OffersList } from "./offers-list.tsx";

/**
 * "Bids for This Task" (My Posted Tasks): the task's offers (offers-list.tsx) in a dialog.
 * `version`: the page's data read again; the offers are read again with it.
 */
export function BidsDialog({ task, version, onClose }: { task: Task; version?: unknown; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold text-slate-900 dark:text-white">Bids for This Task</Dialog.Title>
          <Dialog.Description className="muted mt-1 text-sm break-words">{task.title}</Dialog.Description>
          <div className="mt-3 min-h-0 flex-1 overflow-y-auto">
            <OffersList task={task} version={version} />
          </div>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className="btn-primary">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
