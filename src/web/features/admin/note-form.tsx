import { type FormEvent, useRef, useState } from "react";
import { MODERATION_LIMITS } from "../../../contract/moderation-words.ts";
import { LongTextField } from "../../components/long-text-field.tsx";
import { checkLazily } from "../../lib/lazy-resolver.ts";
import { loadModerationSchemas } from "./admin-api.ts";

export interface NoteAction<T extends string> {
  value: T;
  label: string;
  busyLabel: string;
  className?: string;
}

/**
 * A moderator's note and the buttons that act with it (Restore; Restore or Uphold): the note is
 * required, as the contract says. A refusal of the action is the caller's to show.
 */
export function NoteForm<T extends string>({
  label,
  hint,
  actions,
  onSubmit,
  onCancel,
}: {
  label: string;
  hint?: string;
  actions: NoteAction<T>[];
  onSubmit: (action: T, note: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<T | null>(null);
  // Which button sent the form (a click comes before its submit event).
  const chosen = useRef<T | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>, action: T) {
    event.preventDefault();
    // Busy from the first moment: the check may load first, and a second click must not send twice.
    if (busy !== null) return;
    setBusy(action);
    try {
      const checked = await checkLazily(async () => (await loadModerationSchemas()).RestoreInputSchema, { note });
      setError(checked.success ? null : (checked.error.issues[0]?.message ?? "The note is not valid."));
      if (!checked.success) return;
      await onSubmit(action, note.trim());
    } finally {
      setBusy(null);
    }
  }

  return (
    <form
      noValidate
      className="mt-3 grid gap-3"
      onSubmit={(event) => {
        const action = chosen.current ?? actions[0]?.value;
        chosen.current = null;
        if (action) void submit(event, action);
        else event.preventDefault();
      }}
    >
      <LongTextField
        label={label}
        className="input min-h-20"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={error ?? undefined}
        length={note.length}
        limit={MODERATION_LIMITS.moderatorNoteMax}
      />
      {hint && <p className="muted text-xs">{hint}</p>}
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <button
            key={action.value}
            type="submit"
            onClick={() => {
              chosen.current = action.value;
            }}
            className={action.className ?? "btn-primary"}
            disabled={busy !== null}
          >
            {busy === action.value ? action.busyLabel : action.label}
          </button>
        ))}
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy !== null}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
