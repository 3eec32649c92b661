import { useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import type { PersonStanding } from "../../../contract/moderation.ts";
import { AUDIT_ACTION_LABELS, ruleTitle } from "../../../contract/moderation-words.ts";
import { morePaths } from "../../config/more-paths.ts";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { getPerson, liftSanction } from "./admin-api.ts";
import { AdminFrame } from "./admin-frame.tsx";
import { SANCTION_NOUNS, targetHeading } from "./moderation-words.ts";
import { NoteForm } from "./note-form.tsx";
import "../../lazy-screens.css";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    return await getPerson(params.id ?? "", request.signal);
  } catch (error) {
    throw toRouteError(error);
  }
}

type Sanction = PersonStanding["history"][number];

const APPEAL_STATES = {
  waiting: "Appealed, waiting for a moderator",
  restored: "Appealed: restored",
  upheld: "Appealed: upheld",
} as const;

function appealState(sanction: Sanction): string | null {
  if (!sanction.appeal) return null;
  return APPEAL_STATES[sanction.appeal.outcome ?? "waiting"];
}

/** What a sanction was about, its rule, the moderator's note and its appeal, as one line of facts. */
function SanctionFacts({ sanction }: { sanction: Sanction }) {
  const appeal = appealState(sanction);
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
      <dt className="font-semibold">About</dt>
      <dd className="min-w-0 break-words">{targetHeading(sanction.targetKind, sanction.targetTitle)}</dd>
      <dt className="font-semibold">Rule</dt>
      <dd>{ruleTitle(sanction.rule)}</dd>
      <dt className="font-semibold">Moderator's note</dt>
      <dd className="min-w-0 break-words whitespace-pre-wrap">{sanction.note}</dd>
      {appeal && (
        <>
          <dt className="font-semibold">Appeal</dt>
          <dd className="min-w-0 break-words">{appeal}</dd>
        </>
      )}
    </dl>
  );
}

/** A sanction in force: what it is, and for an admin, Lift with a note. */
function InForceCard({ sanction, name, canLift }: { sanction: Sanction; name: string; canLift: boolean }) {
  const [lifting, setLifting] = useState(false);
  const { revalidate } = useRevalidator();
  const noun = SANCTION_NOUNS[sanction.kind];
  return (
    <li className="card p-4 sm:p-6" aria-label={`${AUDIT_ACTION_LABELS[sanction.kind]}, in force`}>
      <h3 className="text-lg font-semibold">
        {AUDIT_ACTION_LABELS[sanction.kind]}{" "}
        <span className="muted text-sm font-normal">
          since <time dateTime={sanction.createdAt}>{formatDateTime(sanction.createdAt)}</time>
        </span>
      </h3>
      <SanctionFacts sanction={sanction} />
      {canLift &&
        (lifting ? (
          <NoteForm
            label={`Why lift this ${noun}?`}
            hint={`${name} is told it is lifted, with your note. It goes into the audit log.`}
            actions={[{ value: "lift", label: "Lift", busyLabel: "Lifting…" }]}
            onCancel={() => setLifting(false)}
            onSubmit={async (_action, note) => {
              try {
                await liftSanction(sanction._id, note);
                notify.success(`Lifted: the ${noun} is over and ${name} is told.`);
                setLifting(false);
              } catch (error) {
                notify.error(errorMessage(error));
              }
              await revalidate();
            }}
          />
        ) : (
          <button type="button" className="btn-secondary mt-3" onClick={() => setLifting(true)}>
            Lift the {noun}
          </button>
        ))}
    </li>
  );
}

/** /admin/people/:id: a person's sanctions in force (an admin lifts them here) and every decision about them. */
export function Component() {
  const standing = useLoaderData<typeof loader>();
  return <PersonView standing={standing} />;
}

export function PersonView({ standing }: { standing: PersonStanding }) {
  const { person, role, inForce, history, canLift } = standing;
  usePageTitle(`${person.name} · Moderation`);
  const audit = `${morePaths.adminAudit}?subject=${encodeURIComponent(person.id)}`;
  return (
    <AdminFrame
      title={person.name}
      intro={
        <>
          {role && <span className="font-semibold">{role === "admin" ? "Admin" : "Moderator"} · </span>}
          <Link to={paths.user(person.id)} className="link">
            Public profile
          </Link>
          {" · "}
          <Link to={audit} className="link">
            Audit log entries about them
          </Link>
        </>
      }
    >
      <section aria-labelledby="person-in-force" className="grid gap-4">
        <h2 id="person-in-force" className="text-xl font-semibold">
          In force <span className="muted font-normal">({inForce.length})</span>
        </h2>
        {inForce.length === 0 ? (
          <p className="card p-6 text-center" role="status">
            Nothing in force: no removal, limit or suspension stands.
          </p>
        ) : (
          <ul className="grid gap-4">
            {inForce.map((sanction) => (
              <InForceCard key={sanction._id} sanction={sanction} name={person.name} canLift={canLift} />
            ))}
          </ul>
        )}
        {inForce.length > 0 && !canLift && (
          <p className="muted text-sm">An admin lifts sanctions; you can read them.</p>
        )}
      </section>
      <section aria-labelledby="person-history" className="mt-10 grid gap-4">
        <h2 id="person-history" className="text-xl font-semibold">
          History <span className="muted font-normal">({history.length})</span>
        </h2>
        {history.length === 0 ? (
          <p className="card p-6 text-center">No moderator has acted on this person or their content.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Every decision about them, newest first">
            {history.map((sanction) => (
              <li key={sanction._id} className="card p-4">
                <p className="font-semibold">
                  {AUDIT_ACTION_LABELS[sanction.kind]}{" "}
                  <span className="muted text-sm font-normal">
                    <time dateTime={sanction.createdAt}>{formatDateTime(sanction.createdAt)}</time>
                    {sanction.liftedAt ? (
                      <>
                        {" · lifted "}
                        <time dateTime={sanction.liftedAt}>{formatDateTime(sanction.liftedAt)}</time>
                      </>
                    ) : (
                      sanction.kind !== "warn" && " · in force"
                    )}
                  </span>
                </p>
                <SanctionFacts sanction={sanction} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </AdminFrame>
  );
}
