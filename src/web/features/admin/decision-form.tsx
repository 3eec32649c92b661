import { type FormEvent, useId, useState } from "react";
import type { AuthorSanction, ReportGroup } from "../../../contract/moderation.ts";
import { AUTHOR_SANCTIONS, HOUSE_RULES, MODERATION_LIMITS } from "../../../contract/moderation-words.ts";
import { SelectField } from "../../components/field.tsx";
import { LongTextField } from "../../components/long-text-field.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { confirmAction } from "../../lib/dialogs.ts";
import { checkLazily } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/notify.ts";
import { decide, loadModerationSchemas } from "./admin-api.ts";
import { people, SANCTION_PAST } from "./moderation-words.ts";
import "../../lazy-screens.css";

const SANCTION_CHOICES: Record<AuthorSanction, { label: string; hint: string }> = {
  none: { label: "None", hint: "The author is not sanctioned." },
  warn: { label: "Warn", hint: "The author is told the rule and your note; nothing is blocked." },
  limit: {
    label: "Limit",
    hint: "Cannot post or edit tasks, bid, ask questions or change their public profile; can still finish hired work, message and review.",
  },
  suspend: {
    label: "Suspend",
    hint: "Signed out everywhere, sign-in refused, open tasks cancelled and the profile hidden.",
  },
};

type Field = "rule" | "note";

/** What the button will do, in a sentence under it. */
function outcomeSentence(remove: boolean, sanction: AuthorSanction, author: string, reporters: number): string {
  const told = reporters > 0 ? ` The ${people(reporters)} who reported it ${reporters === 1 ? "is" : "are"} told` : "";
  if (!remove && sanction === "none") {
    return `Nothing is removed and nobody is sanctioned.${told ? `${told} it stays up.` : ""}`;
  }
  const effects = [
    remove ? "removes the content" : "keeps the content up",
    sanction === "none"
      ? ""
      : `${sanction === "warn" ? "warns" : sanction === "limit" ? "limits" : "suspends"} ${author}`,
  ].filter(Boolean);
  const outcome = remove ? "it was removed" : "it stays up";
  return `This ${effects.join(" and ")}.${told ? `${told} ${outcome}, never the sanction.` : ""}`;
}

/** The toast after a decision: what was done. */
function doneSentence(remove: boolean, sanction: AuthorSanction, author: string): string {
  if (!remove && sanction === "none") return "Dismissed: the reports are closed and the content stays up.";
  const done = [
    remove ? "the content is removed" : "",
    sanction === "none" ? "" : `${author} is ${SANCTION_PAST[sanction]}`,
  ].filter(Boolean);
  return `Decided: ${done.join(" and ")}.`;
}

/**
 * A moderator's decision on one reported target: remove it or not, sanction its author or not,
 * the house rule broken (not needed to dismiss) and a note. One button, named for what it does.
 */
export function DecisionForm({ group, onDone }: { group: ReportGroup; onDone: () => Promise<unknown> }) {
  const id = useId();
  const canRemove = !group.removed && group.current !== null;
  const [remove, setRemove] = useState(false);
  const [sanction, setSanction] = useState<AuthorSanction>("none");
  const [rule, setRule] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dismissing = !remove && sanction === "none";
  const author = group.author.name;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Busy from the first moment: the check may load first, and a second click must not send twice.
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const checked = await checkLazily(async () => (await loadModerationSchemas()).DecisionInputSchema, {
        targetKind: group.targetKind,
        targetId: group.targetId,
        remove,
        sanction,
        ...(rule ? { rule } : {}),
        note,
        // The reports this moderator saw: if another decided them a moment ago, the server says so (409).
        reportIds: group.reports.map((report) => report._id),
      });
      if (!checked.success) {
        const found: Partial<Record<Field, string>> = {};
        for (const issue of checked.error.issues) {
          const field = issue.path[0];
          if ((field === "rule" || field === "note") && !found[field]) found[field] = issue.message;
        }
        setErrors(found);
        return;
      }
      setErrors({});
      if (sanction === "suspend") {
        const confirmed = await confirmAction({
          title: `Suspend ${author}?`,
          text: "Their sessions end at once and sign-in is refused, naming the rule. Their open tasks are cancelled and the bidders told. They can appeal once, from the email we send them.",
          confirmLabel: "Suspend",
        });
        if (!confirmed) return;
      }
      await decide({ ...checked.data, note: checked.data.note.trim() });
      notify.success(doneSentence(remove, sanction, author));
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Another moderator decided first: say so, and show the queue as it is now.
        notify.error(error.detail);
        await onDone();
      } else {
        setRefusal(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Decision on ${author}'s ${group.targetKind}`}
      className="grid gap-4"
    >
      {canRemove ? (
        <label className="flex items-start gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-indigo-700"
            checked={remove}
            onChange={(event) => setRemove(event.target.checked)}
          />
          <span>
            Remove the content
            <span className="muted block text-xs font-normal">Hidden everywhere; it can be restored.</span>
          </span>
        </label>
      ) : (
        <p className="muted text-sm">
          {group.removed ? "The content is already removed." : "The content was deleted by its author."}
        </p>
      )}
      <fieldset>
        <legend className="label">Sanction the author</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {AUTHOR_SANCTIONS.map((choice) => (
            <label
              key={choice}
              className={`flex items-start gap-2 rounded-lg border p-2.5 text-sm ${
                sanction === choice
                  ? "border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950"
                  : "border-slate-200 dark:border-slate-700"
              }`}
            >
              <input
                type="radio"
                name={`${id}-sanction`}
                value={choice}
                className="mt-0.5 size-4 accent-indigo-700"
                checked={sanction === choice}
                onChange={() => setSanction(choice)}
              />
              <span>
                <span className="font-semibold">{SANCTION_CHOICES[choice].label}</span>
                <span className="muted block text-xs">{SANCTION_CHOICES[choice].hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField
        label={dismissing ? "House rule (not needed to dismiss)" : "House rule"}
        value={rule}
        onChange={(event) => setRule(event.target.value)}
        error={errors.rule}
      >
        <option value="">Choose a rule</option>
        {HOUSE_RULES.map((houseRule) => (
          <option key={houseRule.id} value={houseRule.id}>
            {houseRule.title}
          </option>
        ))}
      </SelectField>
      <LongTextField
        label="Note"
        className="input min-h-24"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note}
        length={note.length}
        limit={MODERATION_LIMITS.moderatorNoteMax}
        placeholder="Why: the author reads it with the rule; reporters never see it."
      />
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className={sanction === "suspend" ? "btn-danger" : dismissing ? "btn-secondary" : "btn-primary"}
          disabled={busy}
        >
          {busy ? "Saving…" : dismissing ? "Dismiss" : "Decide"}
        </button>
        <p className="muted min-w-0 flex-1 text-sm">{outcomeSentence(remove, sanction, author, group.reportCount)}</p>
      </div>
    </form>
  );
}
