import { type FormEvent, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { LongTextField } from "../../components/long-text-field.tsx";
import { morePaths } from "../../config/more-paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { useRevalidateOnNotice } from "../notifications/public.ts";
import { LimitNotice } from "./limit-notice.tsx";
import { appealSanction, getStanding } from "./moderation-api.ts";
import { AppealTextSchema, MODERATION_LIMITS, ruleTitle, type SanctionView } from "./moderation-schemas.ts";
import { actedOn, SANCTION_HEADINGS, SANCTION_MEANINGS } from "./sanction-words.ts";
import "../../lazy-screens.css";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    return await getStanding(request.signal);
  } catch (error) {
    throw toRouteError(error);
  }
}

/** The notices about decisions on the reader: the page reads their standing again in place. */
const STANDING_NOTICES = ["moderation-action", "moderation-lifted", "appeal-decided"] as const;

/** One decision of a moderator: its sanctions ("remove + limit" is two), appealed once (decision 032). */
interface Decision {
  id: string;
  heading: string;
  effects: SanctionView[];
}

/** The sanctions grouped by decision, in the order given (newest first), each decision's first first. */
function byDecision(sanctions: SanctionView[]): Decision[] {
  const decisions = new Map<string, SanctionView[]>();
  for (const sanction of sanctions) {
    const id = sanction.decisionId ?? sanction._id;
    decisions.set(id, [...(decisions.get(id) ?? []), sanction]);
  }
  return [...decisions].map(([id, group]) => {
    const effects = [...group].sort((a, b) => Number(b._id === id) - Number(a._id === id));
    const [first, ...rest] = effects.map((effect) => SANCTION_HEADINGS[effect.kind]);
    const heading = [first, ...rest.map((words) => words.charAt(0).toLowerCase() + words.slice(1))].join(" and ");
    return { id, heading, effects };
  });
}

const THE: Record<SanctionView["kind"], string> = {
  remove: "the removal",
  warn: "the warning",
  limit: "the limit",
  suspend: "the suspension",
};

function AppealForm({ decision }: { decision: Decision }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();
  if (!open) {
    return (
      <button
        type="button"
        className="btn-secondary mt-4"
        aria-label={`Appeal: ${decision.heading}`}
        onClick={() => setOpen(true)}
      >
        Appeal
      </button>
    );
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = AppealTextSchema.safeParse(text);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? "Appeal is required");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await appealSanction(decision.id, text.trim());
      notify.success("Your appeal is sent. A moderator will look at it.");
      await revalidate();
    } catch (failure) {
      // Refused (appealed or lifted meanwhile, say): the server's words, in a toast that outlasts the
      // form, and the page as it is now.
      notify.error(errorMessage(failure));
      setError(errorMessage(failure));
      setBusy(false);
      await revalidate();
    }
  }
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-3">
      <LongTextField
        label="Your appeal"
        rows={5}
        value={text}
        length={text.length}
        limit={MODERATION_LIMITS.appealMax}
        error={error ?? undefined}
        onChange={(event) => setText(event.target.value)}
        placeholder="Why should this decision be changed?"
        autoFocus
      />
      <p className="muted text-xs">
        A moderator reads it and lifts or keeps the decision{decision.effects.length > 1 ? ", all of it or part" : ""}.
        You can appeal it once.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send appeal"}
        </button>
        <button type="button" className="btn-ghost" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** What came of the appeal: all of the decision lifted, all of it kept, or part of each. */
function outcomeOf(effects: SanctionView[]): string {
  const appealed = effects.filter((effect) => effect.appeal);
  const restored = appealed.filter((effect) => effect.appeal?.outcome === "restored");
  const upheld = appealed.filter((effect) => effect.appeal?.outcome === "upheld");
  if (restored.length + upheld.length < appealed.length) return "Waiting for a moderator.";
  if (upheld.length === 0) return "Accepted: the decision was lifted.";
  if (restored.length === 0) return "Looked at: the decision stays.";
  const names = (list: SanctionView[]) => list.map((effect) => THE[effect.kind]).join(" and ");
  return `Accepted in part: ${names(restored)} lifted, ${names(upheld)} stays.`;
}

function Appeal({ appeal, outcome }: { appeal: NonNullable<SanctionView["appeal"]>; outcome: string }) {
  return (
    <div className="mt-4 rounded-lg border-l-4 border-indigo-300 bg-slate-50 px-4 py-3 dark:border-indigo-700 dark:bg-slate-800/60">
      <p className="text-sm font-semibold">
        Your appeal{" "}
        <span className="muted font-normal">
          · <time dateTime={appeal.appealedAt}>{formatDateTime(appeal.appealedAt)}</time>
        </span>
      </p>
      <p className="mt-1 text-sm whitespace-pre-line break-words">{appeal.text}</p>
      <p className="mt-3 text-sm font-semibold">
        {outcome}
        {appeal.decidedAt && (
          <span className="muted font-normal">
            {" "}
            · <time dateTime={appeal.decidedAt}>{formatDateTime(appeal.decidedAt)}</time>
          </span>
        )}
      </p>
      {appeal.note && <p className="mt-1 text-sm whitespace-pre-line break-words">{appeal.note}</p>}
    </div>
  );
}

function DecisionCard({ decision }: { decision: Decision }) {
  const { heading, effects } = decision;
  const sanction = effects[0] as SanctionView;
  // Lifted when nothing of it is in force any more (a warning is never "in force").
  const lifted = effects.every((effect) => effect.liftedAt !== null || effect.kind === "warn") && sanction.liftedAt;
  const appealed = effects.find((effect) => effect.appeal)?.appeal;
  const canAppeal = !appealed && effects.some((effect) => effect.canAppeal);
  return (
    <li className="card p-6" aria-label={`${heading}, ${formatDateTime(sanction.createdAt)}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{heading}</h2>
        {lifted ? (
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-emerald-300 ring-inset dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800">
            Lifted
          </span>
        ) : (
          effects.some((effect) => effect.kind !== "warn") && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800">
              In force
            </span>
          )
        )}
      </div>
      <p className="muted mt-1 text-sm">
        <time dateTime={sanction.createdAt}>{formatDateTime(sanction.createdAt)}</time>
        {sanction.liftedAt && (
          <>
            {" · lifted "}
            <time dateTime={sanction.liftedAt}>{formatDateTime(sanction.liftedAt)}</time>
          </>
        )}
      </p>
      {effects.length > 1 && (
        <ul className="mt-3 grid gap-1 text-sm" aria-label="What this decision did">
          {effects.map((effect) => (
            <li key={effect._id}>
              <span className="font-semibold">{SANCTION_HEADINGS[effect.kind]}</span>
              {": "}
              {effect.liftedAt ? (
                <>
                  lifted <time dateTime={effect.liftedAt}>{formatDateTime(effect.liftedAt)}</time>
                </>
              ) : effect.kind === "warn" ? (
                "said"
              ) : (
                "in force"
              )}
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-4 grid gap-3 text-sm">
        <div>
          <dt className="muted text-xs font-semibold tracking-wide uppercase">About</dt>
          <dd className="mt-0.5 break-words">{actedOn(sanction.targetKind, sanction.targetTitle)}</dd>
        </div>
        <div>
          <dt className="muted text-xs font-semibold tracking-wide uppercase">Rule broken</dt>
          <dd className="mt-0.5">
            <Link to={`${morePaths.rules}#${sanction.rule}`} className="link">
              {ruleTitle(sanction.rule)}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="muted text-xs font-semibold tracking-wide uppercase">The moderator's note</dt>
          <dd className="mt-0.5 whitespace-pre-line break-words">{sanction.note}</dd>
        </div>
        {/* A limit in force is explained by the notice above the list. */}
        {!sanction.liftedAt && (sanction.kind === "warn" || sanction.kind === "suspend") && (
          <div>
            <dt className="muted text-xs font-semibold tracking-wide uppercase">What it means</dt>
            <dd className="mt-0.5">{SANCTION_MEANINGS[sanction.kind].text}</dd>
          </div>
        )}
      </dl>
      {appealed && <Appeal appeal={appealed} outcome={outcomeOf(effects)} />}
      {canAppeal && <AppealForm decision={decision} />}
    </li>
  );
}

/** Account standing (/account/standing): the decisions moderators made about the reader, and their appeals. */
export function Component() {
  const standing = useLoaderData<typeof loader>();
  usePageTitle("Account standing");
  useRevalidateOnNotice(undefined, STANDING_NOTICES);
  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-12 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Account standing</h1>
        <p className="muted mt-2">
          What moderators decided about your account or your content, the rule each decision names, and your appeals.{" "}
          <Link to={morePaths.rules} className="link">
            House rules
          </Link>
        </p>
      </div>
      {standing.role && (
        <p className="text-sm">
          You are {standing.role === "admin" ? "an admin" : "a moderator"}.{" "}
          <Link to={morePaths.admin} className="link">
            Open the moderators' queue
          </Link>
        </p>
      )}
      {standing.limited && <LimitNotice limit={standing.limited} standingLink={false} />}
      {standing.sanctions.length === 0 ? (
        <p className="card muted p-6">Nothing here: no moderator has acted on your account or your content.</p>
      ) : (
        <ol className="space-y-4" aria-label="Decisions about you, newest first">
          {byDecision(standing.sanctions).map((decision) => (
            <DecisionCard key={decision.id} decision={decision} />
          ))}
        </ol>
      )}
    </section>
  );
}
