import * as Dialog from "@radix-ui/react-dialog";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { LongTextField } from "../../components/long-text-field.tsx";
import { morePaths } from "../../config/more-paths.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { sendReport } from "./moderation-api.ts";
import {
  MODERATION_LIMITS,
  REASON_LABELS,
  REPORT_REASONS,
  ReportInputSchema,
  type ReportReason,
  type ReportTarget,
} from "./moderation-schemas.ts";
import "../../lazy-screens.css";

interface Props {
  kind: ReportTarget;
  id: string;
  /** "Report this task". */
  title: string;
  onClose: () => void;
}

type Errors = { reason?: string; note?: string };

/**
 * The report form (issue 29): a reason from the contract's list and a note, required for "Other".
 * The server's refusals (one's own content, already reported, gone) show as they come.
 */
export default function ReportDialog({ kind, id, title, onClose }: Props) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ReportInputSchema.safeParse({
      targetKind: kind,
      targetId: id,
      reason: reason ?? undefined,
      note: note.trim() ? note : undefined,
    });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === "reason" || field === "note") && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      if (found.reason) firstReason.current?.focus();
      else if (found.note) noteField.current?.focus();
      return;
    }
    setErrors({});
    setRefusal(null);
    setBusy(true);
    try {
      await sendReport({ ...checked.data, ...(checked.data.note ? { note: checked.data.note.trim() } : {}) });
      notify.success("Thank you. A moderator will look at it.");
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const found: Errors = {};
        for (const { field, message } of error.fields) {
          if (field === "reason" || field === "note") found[field] = message;
        }
        setErrors(found);
      }
      setRefusal(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold text-slate-900 dark:text-white">{title}</Dialog.Title>
          <Dialog.Description className="muted mt-1 text-sm">
            A moderator will look at it against the{" "}
            <Link to={morePaths.rules} target="_blank" className="link">
              house rules
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
            . Nobody else is told who reported it.
          </Dialog.Description>
          <form className="mt-5 grid gap-5" noValidate onSubmit={submit}>
            <fieldset aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}>
              <legend className="label">Why are you reporting it?</legend>
              <div className="mt-1 grid gap-2">
                {REPORT_REASONS.map((value, index) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-slate-600 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950/50"
                  >
                    <input
                      ref={index === 0 ? firstReason : undefined}
                      type="radio"
                      name={`${ids}-reason`}
                      value={value}
                      checked={reason === value}
                      onChange={() => {
                        setReason(value);
                        setErrors((current) => ({ ...current, reason: undefined }));
                      }}
                      aria-invalid={errors.reason ? true : undefined}
                      className="size-4 accent-indigo-700 dark:accent-indigo-400"
                    />
                    {REASON_LABELS[value]}
                  </label>
                ))}
              </div>
              {errors.reason && (
                <p id={`${ids}-reason-error`} className="field-error">
                  {errors.reason}
                </p>
              )}
            </fieldset>
            <LongTextField
              ref={noteField}
              label={reason === "other" ? "What is wrong? (required for Other)" : "What is wrong? (optional)"}
              rows={4}
              value={note}
              length={note.length}
              limit={MODERATION_LIMITS.reportNoteMax}
              error={errors.note}
              onChange={(event) => setNote(event.target.value)}
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
                {busy ? "Sending…" : "Send report"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
