import { useState } from "react";
import { AUDIT_ACTION_LABELS, ruleTitle } from "../../../contract/moderation-words.ts";
import { PersonLink } from "../../components/person-link.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { type AppealItem, decideAppeal } from "./admin-api.ts";
import { PersonRecordLink } from "./admin-frame.tsx";
import { SANCTION_NOUNS, targetHeading } from "./moderation-words.ts";
import { NoteForm } from "./note-form.tsx";
import "../../lazy-screens.css";

type Effect = AppealItem["effects"][number];

/** What restoring undoes of one effect, in words. */
function undoWords(effect: Effect): string {
  switch (effect.kind) {
    case "remove":
      return `Put back the ${targetHeading(effect.targetKind, effect.targetTitle).replace(/^(\w)/, (first) => first.toLowerCase())}`;
    case "warn":
      return "Withdraw the warning";
    default:
      return `Lift the ${SANCTION_NOUNS[effect.kind]} on the account`;
  }
}

/** "removal and limit": what a decision did, named. */
function decisionNoun(effects: Effect[]): string {
  const nouns = effects.map((effect) => SANCTION_NOUNS[effect.kind]);
  return nouns.length <= 1 ? (nouns[0] ?? "decision") : `${nouns.slice(0, -1).join(", ")} and ${nouns.at(-1)}`;
}

/**
 * An appeal waiting, of one decision (decision 032): what it did, the person's words, and Restore
 * or Uphold with a note. Restore undoes every effect of the decision, or those left ticked.
 */
export function AppealCard({ appeal, onDone }: { appeal: AppealItem; onDone: () => Promise<unknown> }) {
  const { sanction, person } = appeal;
  const effects = appeal.effects.length > 0 ? appeal.effects : [sanction];
  const [undo, setUndo] = useState(() => new Set(effects.map((effect) => effect._id)));
  const noun = decisionNoun(effects);
  return (
    <article className="card grid gap-4 p-4 sm:p-6" aria-label={`${person.name}'s appeal`}>
      <header className="min-w-0">
        <h3 className="text-lg font-semibold break-words">
          <PersonLink id={person.id} name={person.name} /> appeals a {noun}
        </h3>
        <PersonRecordLink id={person.id} name={person.name} />
        <p className="muted text-sm">
          Appealed on <time dateTime={appeal.appealedAt}>{formatDateTime(appeal.appealedAt)}</time>
        </p>
      </header>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold">Decision</dt>
        <dd>
          {effects.map((effect) => AUDIT_ACTION_LABELS[effect.kind]).join(" + ")} on{" "}
          <time dateTime={sanction.createdAt}>{formatDateTime(sanction.createdAt)}</time>
          {sanction.liftedAt && <span className="muted"> · lifted since</span>}
        </dd>
        <dt className="font-semibold">Rule</dt>
        <dd>{ruleTitle(sanction.rule)}</dd>
        <dt className="font-semibold">About</dt>
        <dd className="min-w-0 break-words">{targetHeading(sanction.targetKind, sanction.targetTitle)}</dd>
        <dt className="font-semibold">Moderator's note</dt>
        <dd className="min-w-0 break-words whitespace-pre-wrap">{sanction.note}</dd>
      </dl>
      <section className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
        <h4 className="text-sm font-semibold">In their words</h4>
        <p className="mt-1 text-sm break-words whitespace-pre-wrap">{appeal.text}</p>
      </section>
      {effects.length > 1 && (
        <fieldset className="grid gap-1 text-sm">
          <legend className="font-semibold">Restore undoes</legend>
          {effects.map((effect) => (
            <label key={effect._id} className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-1"
                checked={undo.has(effect._id)}
                onChange={(event) => {
                  const next = new Set(undo);
                  if (event.target.checked) next.add(effect._id);
                  else next.delete(effect._id);
                  setUndo(next);
                }}
              />
              <span className="min-w-0 break-words">{undoWords(effect)}</span>
            </label>
          ))}
          <p className="muted text-xs">What is not ticked stays, as if upheld.</p>
        </fieldset>
      )}
      <NoteForm
        label="Your answer"
        hint={`${person.name} reads it with the outcome.`}
        actions={[
          { value: "restore", label: "Restore", busyLabel: "Restoring…" },
          { value: "uphold", label: "Uphold", busyLabel: "Upholding…", className: "btn-secondary" },
        ]}
        onSubmit={async (decision, note) => {
          const chosen = effects.filter((effect) => undo.has(effect._id)).map((effect) => effect._id);
          if (decision === "restore" && chosen.length === 0) {
            notify.error("Choose at least one effect to undo, or uphold the decision");
            return;
          }
          try {
            const some = chosen.length < effects.length ? chosen : undefined;
            await decideAppeal(sanction._id, decision, note, decision === "restore" ? some : undefined);
            notify.success(
              decision === "restore"
                ? `Restored: ${chosen.length < effects.length ? "what you ticked is undone" : `the ${noun} is lifted`} and ${person.name} is told.`
                : `Upheld: ${person.name} is told the ${noun} stays.`,
            );
          } catch (error) {
            notify.error(errorMessage(error));
            if (!(error instanceof ApiError && error.status === 409)) return;
          }
          await onDone();
        }}
      />
    </article>
  );
}
