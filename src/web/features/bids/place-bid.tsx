import { Gavel } from "lucide-react";
import { useId, useState } from "react";
import { isBiddingOpen } from "../../../contract/dates.ts";
import { MESSAGES } from "../../../contract/messages.ts";
import { errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { placeBid } from "./bids-api.ts";

interface Props {
  taskId: string;
  deadline: string;
  ownTask: boolean;
  initialCount: number;
  initialHasBid: boolean;
}

/** Why the person cannot bid (PRODUCT.md, Bids), or null when they can. */
function refusalReason(ownTask: boolean, hasBid: boolean, deadline: string): string | null {
  if (ownTask) return MESSAGES.ownTaskBid;
  if (hasBid) return MESSAGES.alreadyBid;
  if (!isBiddingOpen(deadline)) return MESSAGES.biddingClosed;
  return null;
}

export function PlaceBid({ taskId, deadline, ownTask, initialCount, initialHasBid }: Props) {
  const [count, setCount] = useState(initialCount);
  const [hasBid, setHasBid] = useState(initialHasBid);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const reason = refusalReason(ownTask, hasBid, deadline);

  async function bid() {
    setBusy(true);
    try {
      await placeBid(taskId);
      setCount((n) => n + 1);
      setHasBid(true);
      notify.success("Your bid has been placed.");
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="rounded-xl border border-indigo-200 bg-indigo-50 p-5 dark:border-indigo-900 dark:bg-indigo-950/50">
      <p className="text-lg font-semibold text-slate-900 dark:text-white" aria-live="polite">
        You bid for {count} opportunities.
      </p>
      <button
        type="button"
        className="btn-primary mt-4 w-full sm:w-auto"
        onClick={bid}
        disabled={busy || reason !== null}
        aria-describedby={reason ? reasonId : undefined}
      >
        <Gavel aria-hidden="true" className="size-4" />
        {busy ? "Placing bid…" : "Place a Bid"}
      </button>
      {reason && (
        <p id={reasonId} className="mt-3 text-sm font-medium text-slate-700 dark:text-slate-300">
          {reason}
        </p>
      )}
    </div>
  );
}
