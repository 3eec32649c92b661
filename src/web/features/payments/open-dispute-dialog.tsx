import * as Dialog from "@radix-ui/react-dialog";
import { type FormEvent, useRef, useState } from "react";
import { LongTextField } from "../../components/long-text-field.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { formatBudget } from "../../lib/format.ts";
import { notify } from "../../lib/notify.ts";
import { DISPUTE_LIMITS, DisputeInputSchema, type Payment } from "./payment-schemas.ts";
import { openDispute } from "./payments-api.ts";
import "../../lazy-screens.css";

interface Props {
  payment: Payment;
  /** The other party, who reads the reason. */
  other: string;
  onClose: () => void;
  /** After the dispute is open: the page shows it. */
  onOpened: () => Promise<unknown>;
}

/** Why the viewer disputes the payment; the server's refusals (not held any more, say) show as they come. */
export default function OpenDisputeDialog({ payment, other, onClose, onOpened }: Props) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = DisputeInputSchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    setRefusal(null);
    setBusy(true);
    try {
      await openDispute(payment._id, checked.data.reason.trim());
      notify.success("Dispute opened");
      onClose();
      await onOpened();
    } catch (caught) {
      if (caught instanceof ApiError) setError(caught.fields.find((found) => found.field === "reason")?.message);
      setRefusal(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold text-slate-900 dark:text-white">Open a dispute</Dialog.Title>
          <Dialog.Description className="muted mt-1 text-sm">
            Say what went wrong: {other} reads it. Nothing is paid or refunded until you agree on how to split the{" "}
            {formatBudget(payment.amount)} payment. If you do not agree in time, QuickGig's moderators decide.
          </Dialog.Description>
          <form className="mt-5 grid gap-5" noValidate onSubmit={submit}>
            <LongTextField
              ref={field}
              label="Reason"
              rows={5}
              value={reason}
              length={reason.length}
              limit={DISPUTE_LIMITS.reasonMax}
              error={error}
              onChange={(event) => setReason(event.target.value)}
            />
            {refusal && (
              <p
                role="alert"
                className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200"
              >
                {refusal}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close className="btn-secondary" disabled={busy}>
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn-danger" disabled={busy}>
                {busy ? "Opening…" : "Open dispute"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
