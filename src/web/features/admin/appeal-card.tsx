import { AUDIT_ACTION_LABELS, ruleTitle } from "../../../contract/moderation-words.ts";
import { PersonLink } from "../../components/person-link.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { type AppealItem, decideAppeal } from "./admin-api.ts";
import { SANCTION_NOUNS, targetHeading } from "./moderation-words.ts";
import { NoteForm } from "./note-form.tsx";
import "../../lazy-screens.css";

/** An appeal waiting: the sanction as decided, the person's words, and Restore or Uphold with a note. */
export function AppealCard({ appeal, onDone }: { appeal: AppealItem; onDone: () => Promise<unknown> }) {
  const { sanction, person } = appeal;
  const noun = SANCTION_NOUNS[sanction.kind];
  return (
    <article className="card grid gap-4 p-4 sm:p-6" aria-label={`${person.name}'s appeal`}>
      <header className="min-w-0">
        <h3 className="text-lg font-semibold break-words">
          <PersonLink id={person.id} name={person.name} /> appeals a {noun}
        </h3>
        <p className="muted text-sm">
          Appealed on <time dateTime={appeal.appealedAt}>{formatDateTime(appeal.appealedAt)}</time>
        </p>
      </header>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold">Decision</dt>
        <dd>
          {AUDIT_ACTION_LABELS[sanction.kind]} on{" "}
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
      <NoteForm
        label="Your answer"
        hint={`${person.name} reads it with the outcome.`}
        actions={[
          { value: "restore", label: "Restore", busyLabel: "Restoring…" },
          { value: "uphold", label: "Uphold", busyLabel: "Upholding…", className: "btn-secondary" },
        ]}
        onSubmit={async (decision, note) => {
          try {
            await decideAppeal(sanction._id, decision, note);
            notify.success(
              decision === "restore"
                ? `Restored: the ${noun} is lifted and ${person.name} is told.`
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
