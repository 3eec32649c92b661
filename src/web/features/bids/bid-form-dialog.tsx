import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { useForm } from "react-hook-form";
import { formatBudget } from "../../../contract/format.ts";
import { LIMITS } from "../../../contract/limits.ts";
import { feeCents } from "../../../contract/payments.ts";
import { AmountSchema } from "../../../contract/schemas.ts";
import { TextField } from "../../components/field.tsx";
import { LongTextField } from "../../components/long-text-field.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { type BidFormInput, BidFormSchema } from "../../lib/schemas.ts";
import type { Offer } from "./bids-api.ts";

interface Props {
  title: string;
  taskTitle: string;
  defaultValues: Offer;
  submitLabel: string;
  /** With payments on: the platform fee taken from what the freelancer is paid, in percent (issue 44). */
  feePercent?: number;
  /** Resolves once the server took the offer; throws (ApiError) when it refused. */
  onSubmit: (offer: Offer) => Promise<void>;
  onClose: () => void;
}

const FIELDS = ["amount", "days", "message"] as const;
const optionalNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? undefined : Number(value);

/** The offer form (Amount, Delivery, Message), in a dialog, checked with the API's own rules. */
export default function BidFormDialog({
  title,
  taskTitle,
  defaultValues,
  submitLabel,
  feePercent,
  onSubmit,
  onClose,
}: Props) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BidFormInput>({
    resolver: zodResolver(BidFormSchema),
    defaultValues: { amount: defaultValues.amount, days: defaultValues.days, message: defaultValues.message ?? "" },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({ amount: values.amount, days: values.days, message: values.message.trim() || undefined });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { field, message } of error.fields) {
          if ((FIELDS as readonly string[]).includes(field)) setError(field as (typeof FIELDS)[number], { message });
        }
      }
      notify.error(errorMessage(error));
    }
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold text-slate-900 dark:text-white">{title}</Dialog.Title>
          <Dialog.Description className="muted mt-1 text-sm break-words">{taskTitle}</Dialog.Description>
          <form
            className="mt-5 grid gap-4"
            noValidate
            onSubmit={(event) => {
              submit(event).catch(() => {});
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Amount (USD)"
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                error={errors.amount?.message}
                {...register("amount", { setValueAs: optionalNumber })}
              />
              <TextField
                label="Delivery (days)"
                type="number"
                inputMode="numeric"
                min={LIMITS.bidDaysMin}
                max={LIMITS.bidDaysMax}
                step="1"
                placeholder="Optional"
                error={errors.days?.message}
                {...register("days", { setValueAs: optionalNumber })}
              />
            </div>
            {feePercent !== undefined && <WhatYouReceive amount={watch("amount")} feePercent={feePercent} />}
            <LongTextField
              label="Message"
              rows={4}
              length={watch("message")?.length ?? 0}
              limit={LIMITS.bidMessageMax}
              placeholder="Optional: how you would do it, questions, examples of your work"
              error={errors.message?.message}
              {...register("message")}
            />
            <div className="mt-2 flex flex-wrap justify-end gap-3">
              <Dialog.Close className="btn-secondary" disabled={isSubmitting}>
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn-primary" disabled={isSubmitting}>
                {isSubmitting ? "Sending…" : submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Before the offer is made: what the freelancer is paid of it, once the platform's fee is taken, as the receipt will say. */
function WhatYouReceive({ amount, feePercent }: { amount: unknown; feePercent: number }) {
  // Figures only for an amount the form would send; otherwise what the fee is.
  const cents = AmountSchema.safeParse(amount).success ? Math.round((amount as number) * 100) : null;
  const fee = cents === null ? 0 : feeCents(cents, feePercent);
  return (
    <p className="muted -mt-2 text-sm" aria-live="polite">
      {cents === null
        ? `QuickGig keeps a ${feePercent} % platform fee from what you are paid.`
        : `You receive ${formatBudget((cents - fee) / 100)}: the amount less the ${feePercent} % platform fee (${formatBudget(fee / 100)}).`}
    </p>
  );
}
