import { type FormEvent, useState } from "react";
import { LIMITS } from "../../../contract/limits.ts";
import { LongTextField } from "../../components/long-text-field.tsx";
import { errorMessage } from "../../lib/api.ts";
import { checkLazily } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/notify.ts";

/**
 * The contract's rule for a text, checked with its own schema (loaded on first use, not with the
 * page; when it cannot load, the text goes as typed and the API checks the same rule).
 */
async function check(kind: "question" | "answer", text: string): Promise<string | null> {
  const result =
    kind === "question"
      ? await checkLazily(async () => (await import("../../lib/schemas.ts")).AskQuestionSchema, { body: text })
      : await checkLazily(async () => (await import("../../lib/schemas.ts")).AnswerQuestionSchema, { answer: text });
  return result.success ? null : (result.error.issues[0]?.message ?? "This text is not valid.");
}

export default function TextForm({
  label,
  submitLabel,
  initial = "",
  kind,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  kind: "question" | "answer";
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    // Busy from the first moment: the check may load first, and a second click must not send twice.
    if (busy) return;
    setBusy(true);
    try {
      const problem = await check(kind, text);
      setError(problem);
      if (problem) return;
      await onSubmit(text.trim());
      setText("");
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-2">
      <LongTextField
        label={label}
        className="input min-h-20"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error ?? undefined}
        length={text.length}
        limit={kind === "question" ? LIMITS.questionMax : LIMITS.answerMax}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
