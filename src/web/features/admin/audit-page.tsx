import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate } from "react-router";
import type { AuditAction, AuditEntry } from "../../../contract/moderation.ts";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  MODERATION_LIMITS,
  ruleTitle,
} from "../../../contract/moderation-words.ts";
import { PageLinks } from "../../components/page-links.tsx";
import { morePaths } from "../../config/more-paths.ts";
import { paths } from "../../config/paths.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { getAudit } from "./admin-api.ts";
import { AdminFrame, PersonRecordLink } from "./admin-frame.tsx";
import { TARGET_LABELS } from "./moderation-words.ts";
import "../../lazy-screens.css";

export const AUDIT_PAGE_SIZE = MODERATION_LIMITS.auditPageDefault;

interface AuditQuery {
  action: AuditAction | "";
  actor: string;
  subject: string;
  from: string;
  to: string;
  page: number;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isId = (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value);

/** The filters live in the URL (action, actor, subject, from, to, page): a filtered log can be linked to. */
function readQuery(url: URL): AuditQuery {
  const params = url.searchParams;
  const read = (name: string, valid: (value: string) => boolean) => {
    const value = params.get(name) ?? "";
    return valid(value) ? value : "";
  };
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    action: read("action", (value) => (AUDIT_ACTIONS as readonly string[]).includes(value)) as AuditAction | "",
    actor: read("actor", isId),
    subject: read("subject", isId),
    from: read("from", isDate),
    to: read("to", isDate),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

function auditHref(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const key of ["action", "actor", "subject", "from", "to"] as const) {
    if (query[key]) params.set(key, query[key]);
  }
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${morePaths.adminAudit}?${search}` : morePaths.adminAudit;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const query = readQuery(new URL(request.url));
  try {
    const { entries, total } = await getAudit(
      {
        action: query.action || undefined,
        actor: query.actor || undefined,
        subject: query.subject || undefined,
        from: query.from || undefined,
        to: query.to || undefined,
        page: query.page,
        limit: AUDIT_PAGE_SIZE,
      },
      request.signal,
    );
    return { query, entries, total, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
  } catch (error) {
    throw toRouteError(error);
  }
}

/** What an entry acted on, linked where it has a page. */
function Target({ entry }: { entry: AuditEntry }) {
  switch (entry.targetKind) {
    case "task":
      return (
        <Link to={paths.taskDetails(entry.targetId)} className="link">
          Task {entry.targetId}
        </Link>
      );
    case "profile":
    case "person": {
      // A profile or an account is its person's: named by them when the entry says who they are.
      const owner = entry.subject?.id === entry.targetId ? entry.subject.name : null;
      const noun = entry.targetKind === "profile" ? "profile" : "account";
      return (
        <Link to={paths.user(entry.targetId)} className="link">
          {owner ? `${owner}'s ${noun}` : `${noun === "profile" ? "Profile" : "Account"} ${entry.targetId}`}
        </Link>
      );
    }
    case "sanction":
      return <>Sanction {entry.targetId}</>;
    case "payment":
      return (
        <Link to={paths.receipt(entry.targetId)} className="link">
          Payment {entry.targetId}
        </Link>
      );
    default:
      return (
        <>
          {TARGET_LABELS[entry.targetKind]} {entry.targetId}
        </>
      );
  }
}

function Entry({ entry, query }: { entry: AuditEntry; query: AuditQuery }) {
  const filterBy = (change: Partial<AuditQuery>) => auditHref({ ...query, ...change, page: 1 });
  return (
    <li className="card grid gap-2 p-4 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold">{AUDIT_ACTION_LABELS[entry.action]}</span>
        <span className="muted">
          by {/* The command line (a first admin) has no account to filter by. */}
          {entry.actor.id ? (
            <Link to={filterBy({ actor: entry.actor.id })} className="link" title="Show only this moderator's entries">
              {entry.actor.name}
            </Link>
          ) : (
            entry.actor.name
          )}
        </span>
        <time dateTime={entry.at} className="muted sm:ml-auto">
          {formatDateTime(entry.at)}
        </time>
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[6rem_1fr]">
        <dt className="font-semibold">Target</dt>
        <dd className="min-w-0 break-words">
          <Target entry={entry} />
        </dd>
        {entry.subject && (
          <>
            <dt className="font-semibold">Person</dt>
            <dd className="min-w-0 break-words">
              <Link
                to={filterBy({ subject: entry.subject.id })}
                className="link"
                title="Show only entries about this person"
              >
                {entry.subject.name}
              </Link>
              {" · "}
              <PersonRecordLink id={entry.subject.id} name={entry.subject.name} short />
            </dd>
          </>
        )}
        {entry.rule && (
          <>
            <dt className="font-semibold">Rule</dt>
            <dd>{ruleTitle(entry.rule)}</dd>
          </>
        )}
        {entry.note && (
          <>
            <dt className="font-semibold">Note</dt>
            <dd className="min-w-0 break-words whitespace-pre-wrap">{entry.note}</dd>
          </>
        )}
      </dl>
    </li>
  );
}

/** /admin/audit: every action, newest first, filtered and paged in the URL. Read-only. */
export function Component() {
  usePageTitle("Audit log");
  const { query, entries, total, pages } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const page = Math.min(query.page, pages);
  // Names for the people filtered by, from the entries shown (a filter is set by clicking a name).
  const actorName = entries.find((entry) => entry.actor.id === query.actor)?.actor.name ?? query.actor;
  const subjectName = entries.find((entry) => entry.subject?.id === query.subject)?.subject?.name ?? query.subject;

  function apply(form: HTMLFormElement) {
    const values = new FormData(form);
    const read = (name: string) => String(values.get(name) ?? "").trim();
    void navigate(
      auditHref({
        ...query,
        action: read("action") as AuditAction | "",
        from: read("from"),
        to: read("to"),
        page: 1,
      }),
    );
  }

  return (
    <AdminFrame
      title="Audit log"
      intro="Every moderator's action, newest first: who did what, to whom, under which rule and why. Nobody can change or delete an entry."
    >
      <form
        aria-label="Audit filters"
        key={`${query.action}|${query.from}|${query.to}`}
        className="card mb-4 grid grid-cols-2 gap-3 p-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          apply(event.currentTarget);
        }}
      >
        <div className="col-span-2 md:col-span-1">
          <label htmlFor="audit-action" className="label">
            Action
          </label>
          <select
            id="audit-action"
            name="action"
            className="input"
            defaultValue={query.action}
            onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="audit-from" className="label">
            From
          </label>
          <input id="audit-from" name="from" type="date" className="input" defaultValue={query.from} />
        </div>
        <div className="min-w-0">
          <label htmlFor="audit-to" className="label">
            To
          </label>
          <input id="audit-to" name="to" type="date" className="input" defaultValue={query.to} />
        </div>
        <button type="submit" className="btn-primary col-span-2 md:col-span-1">
          Filter
        </button>
      </form>
      {(query.actor || query.subject) && (
        <ul className="mb-4 flex flex-wrap gap-2 text-sm" aria-label="People filtered by">
          {query.actor && (
            <li className="flex items-center gap-2 rounded-full bg-slate-100 py-1 pr-1 pl-3 dark:bg-slate-800">
              <span className="min-w-0 break-words">Moderator: {actorName}</span>
              <Link
                to={auditHref({ ...query, actor: "", page: 1 })}
                className="btn-ghost px-2 py-0.5"
                aria-label="Clear the moderator filter"
              >
                Clear
              </Link>
            </li>
          )}
          {query.subject && (
            <li className="flex items-center gap-2 rounded-full bg-slate-100 py-1 pr-1 pl-3 dark:bg-slate-800">
              <span className="min-w-0 break-words">Person: {subjectName}</span>
              <Link
                to={auditHref({ ...query, subject: "", page: 1 })}
                className="btn-ghost px-2 py-0.5"
                aria-label="Clear the person filter"
              >
                Clear
              </Link>
            </li>
          )}
        </ul>
      )}
      <p className="muted mb-4 text-sm" aria-live="polite">
        {total} {total === 1 ? "entry" : "entries"}
        {pages > 1 && ` · page ${page} of ${pages}`}
      </p>
      {entries.length === 0 ? (
        <p className="card p-8 text-center font-medium" role="status">
          No entries match these filters.
        </p>
      ) : (
        <ol className="grid gap-3" aria-label="Audit entries">
          {entries.map((entry) => (
            <Entry key={entry._id} entry={entry} query={query} />
          ))}
        </ol>
      )}
      <PageLinks page={page} pages={pages} hrefOf={(to) => auditHref({ ...query, page: to })} className="mt-8" />
    </AdminFrame>
  );
}
