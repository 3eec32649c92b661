import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { ANONYMOUS_NAME } from "../../../contract/limits.ts";
import { Spinner } from "../../components/spinner.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { type Bid, listBids } from "./bids-api.ts";

type State =
  | { status: "loading" }
  | { status: "ready"; bids: Bid[]; total: number }
  | { status: "failed"; message: string };

/** "Bids for This Task": how many bids a task has, then who bid and when. */
export function BidsDialog({ taskId, taskTitle, onClose }: { taskId: string; taskTitle: string; onClose: () => void }) {
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    listBids(taskId, controller.signal)
      .then(({ bids, total }) => setState({ status: "ready", bids, total }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "failed", message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [taskId]);

  const total = state.status === "ready" ? state.total : 0;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold text-slate-900 dark:text-white">Bids for This Task</Dialog.Title>
          <Dialog.Description className="muted mt-1 text-sm break-words">{taskTitle}</Dialog.Description>
          <p className="mt-4 text-lg font-semibold">
            Total Bids: <span data-testid="total-bids">{total}</span>
          </p>
          <div className="mt-3 min-h-0 flex-1 overflow-y-auto">
            {state.status === "loading" && <Spinner label="Loading bids" className="py-6" />}
            {state.status === "failed" && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {state.message}
              </p>
            )}
            {state.status === "ready" &&
              (state.bids.length === 0 ? (
                <p className="muted text-sm">No bids yet.</p>
              ) : (
                <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Bidders">
                  {state.bids.map((bid) => (
                    <li key={bid._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                      <div className="min-w-0">
                        <p className="font-medium break-words">{bid.userName || ANONYMOUS_NAME}</p>
                        {bid.userEmail && <p className="muted text-sm break-all">{bid.userEmail}</p>}
                      </div>
                      <time dateTime={bid.bidTime} className="muted text-sm">
                        {formatDateTime(bid.bidTime)}
                      </time>
                    </li>
                  ))}
                </ul>
              ))}
            {state.status === "ready" && state.total > state.bids.length && (
              <p className="muted mt-2 text-xs">Showing the first {state.bids.length} bids.</p>
            )}
          </div>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className="btn-primary">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
