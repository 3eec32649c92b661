import { useState } from "react";
import { Link } from "react-router";
import type { ReportGroup, Snapshot } from "../../../contract/moderation.ts";
import { AUDIT_ACTION_LABELS, REASON_LABELS, REPORT_REASONS, ruleTitle } from "../../../contract/moderation-words.ts";
import { PersonLink } from "../../components/person-link.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { restoreSanction } from "./admin-api.ts";
import { PersonRecordLink } from "./admin-frame.tsx";
import { DecisionForm } from "./decision-form.tsx";
import { people, SANCTION_NOUNS, targetHeading, targetHref } from "./moderation-words.ts";
import { NoteForm } from "./note-form.tsx";
import "../../lazy-screens.css";

export function RemovedBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300 ring-inset dark:bg-red-950 dark:text-red-200 dark:ring-red-800">
      Removed
    </span>
  );
}

/** The words of a snapshot or of the content now, kept as written (line breaks too). */
function ContentBox({ heading, content, removed }: { heading: string; content: Snapshot | null; removed?: boolean }) {
  return (
    <section className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <h4 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        {heading}
        {removed && <RemovedBadge />}
      </h4>
      {content ? (
        <>
          {content.title && <p className="mt-2 font-semibold break-words">{content.title}</p>}
          <p className="mt-1 text-sm break-words whitespace-pre-wrap">{content.text}</p>
        </>
      ) : (
        <p className="muted mt-2 text-sm italic">Deleted by its author</p>
      )}
    </section>
  );
}

/** The author's sanctions, newest first; one still in force can be restored from here. */
function SanctionHistory({ group, onDone }: { group: ReportGroup; onDone: () => Promise<unknown> }) {
  const [restoring, setRestoring] = useState<string | null>(null);
  const { sanctions } = group.history;
  if (sanctions.length === 0) return <p className="muted text-sm">No sanctions before.</p>;
  return (
    <ul className="grid gap-2" aria-label={`${group.author.name}'s sanctions`}>
      {sanctions.map((sanction) => (
        <li key={sanction._id} className="text-sm">
          <span className="font-semibold">{AUDIT_ACTION_LABELS[sanction.kind]}</span> · {ruleTitle(sanction.rule)} ·{" "}
          <time dateTime={sanction.createdAt}>{formatDateTime(sanction.createdAt)}</time>
          {sanction.liftedAt ? (
            <span className="muted"> · lifted {formatDateTime(sanction.liftedAt)}</span>
          ) : (
            restoring !== sanction._id && (
              <>
                {" "}
                · in force{" "}
                <button type="button" className="link text-sm font-semibold" onClick={() => setRestoring(sanction._id)}>
                  Restore
                </button>
              </>
            )
          )}
          {restoring === sanction._id && (
            <NoteForm
              label={`Why restore this ${SANCTION_NOUNS[sanction.kind]}?`}
              hint={`${group.author.name} is told it is lifted.`}
              actions={[{ value: "restore", label: "Restore", busyLabel: "Restoring…" }]}
              onCancel={() => setRestoring(null)}
              onSubmit={async (_action, note) => {
                try {
                  await restoreSanction(sanction._id, note);
                  notify.success(
                    `Restored: the ${SANCTION_NOUNS[sanction.kind]} is lifted and ${group.author.name} is told.`,
                  );
                  setRestoring(null);
                } catch (error) {
                  notify.error(errorMessage(error));
                }
                await onDone();
              }}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** One reported target: who reported it and why, as reported and as it is now, its author, the decision. */
export function ReportGroupCard({ group, onDone }: { group: ReportGroup; onDone: () => Promise<unknown> }) {
  const [first] = group.reports;
  const reported = first?.snapshot ?? null;
  const title = group.current?.title ?? reported?.title ?? null;
  const heading = targetHeading(group.targetKind, title);
  const href = targetHref(group.targetKind, group.targetId, group.current?.taskId ?? reported?.taskId ?? null);
  // The most given reason first.
  const reasons = REPORT_REASONS.filter((reason) => (group.reasons[reason] ?? 0) > 0).sort(
    (a, b) => (group.reasons[b] ?? 0) - (group.reasons[a] ?? 0),
  );
  return (
    <article className="card grid gap-5 p-4 sm:p-6" aria-label={heading}>
      <header className="min-w-0">
        <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words">
          {href ? (
            <Link to={href} className="link min-w-0 break-words">
              {heading}
            </Link>
          ) : (
            heading
          )}
          {group.removed && <RemovedBadge />}
        </h3>
        <p className="muted text-sm">
          Reported by {people(group.reportCount)} · first on{" "}
          <time dateTime={group.firstReportedAt}>{formatDateTime(group.firstReportedAt)}</time>
        </p>
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Reasons">
          {reasons.map((reason) => (
            <li
              key={reason}
              className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-100"
            >
              {REASON_LABELS[reason]} × {group.reasons[reason]}
            </li>
          ))}
        </ul>
      </header>

      <div className="grid gap-3 md:grid-cols-2">
        <ContentBox heading="As reported" content={reported} />
        <ContentBox heading="As it is now" content={group.current} removed={group.removed} />
      </div>

      <section>
        <h4 className="text-sm font-semibold">Reports</h4>
        <ul className="mt-2 grid gap-3">
          {group.reports.map((report) => (
            <li key={report._id} className="min-w-0 border-l-2 border-slate-200 pl-3 text-sm dark:border-slate-700">
              <p className="break-words">
                <PersonLink id={report.reporter.id} name={report.reporter.name} /> · {REASON_LABELS[report.reason]} ·{" "}
                <time dateTime={report.createdAt} className="muted">
                  {formatDateTime(report.createdAt)}
                </time>
              </p>
              {report.note && <p className="mt-1 break-words whitespace-pre-wrap">“{report.note}”</p>}
              {reported && report.snapshot.text !== reported.text && (
                <details className="mt-1">
                  <summary className="cursor-pointer font-medium">What they saw</summary>
                  <p className="mt-1 break-words whitespace-pre-wrap">{report.snapshot.text}</p>
                </details>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
        <h4 className="text-sm font-semibold">
          Author: <PersonLink id={group.author.id} name={group.author.name} />
        </h4>
        <PersonRecordLink id={group.author.id} name={group.author.name} />
        <p className="muted mt-1 text-sm">
          {group.history.reports === 0
            ? "No earlier reports of their content."
            : `${group.history.reports} earlier ${group.history.reports === 1 ? "report" : "reports"} of their content.`}
        </p>
        <div className="mt-2">
          <SanctionHistory group={group} onDone={onDone} />
        </div>
      </section>

      <DecisionForm group={group} onDone={onDone} />
    </article>
  );
}
