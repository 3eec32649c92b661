import { BellOff, BellRing, ExternalLink, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  budgetWords,
  SAVED_SEARCH_NAME_MAX,
  savedSearchQuery,
} from "../../../contract/alert-words.ts";
import { SelectField, TextField } from "../../components/field.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { confirmAction } from "../../lib/dialogs.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { FREQUENCY_LABELS } from "./alert-labels.ts";
import { changeSavedSearch, deleteSavedSearch, listSavedSearches, type SavedSearch } from "./alerts-api.ts";
import "../../lazy-screens.css";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    return { searches: await listSavedSearches(request.signal) };
  } catch (error) {
    throw toRouteError(error);
  }
}

/** What a search finds, in words: "“logo design” · Design · $100.00 to $500.00". */
function whatItFinds(search: SavedSearch) {
  const words = search.q.trim() ? `“${search.q.trim()}”` : null;
  return [words, search.category ?? "Any category", budgetWords(search)].filter((part) => part !== null).join(" · ");
}

/** One saved search: what it finds, its name and frequency to change, pause or resume, delete. */
function SavedSearchCard({ search, onChanged }: { search: SavedSearch; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify.success(done);
      onChanged();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const name = String(values.get("name") ?? "").trim();
    const frequency = String(values.get("frequency")) as AlertFrequency;
    void run(() => changeSavedSearch(search._id, { name, frequency }), "Saved search updated");
  };
  const remove = async () => {
    const confirmed = await confirmAction({
      title: "Delete this saved search?",
      text: `“${search.name}” will no longer tell you of new tasks.`,
      confirmLabel: "Delete",
    });
    if (confirmed) await run(() => deleteSavedSearch(search._id), "Saved search deleted");
  };
  const headingId = `saved-search-${search._id}`;
  return (
    <li>
      <article className="card p-5" aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold break-words">
              {search.name}
            </h2>
            <p className="muted text-sm break-words">{whatItFinds(search)}</p>
            <p className="mt-1 text-sm break-words">
              {search.lastMatch ? (
                <>
                  Last match:{" "}
                  <Link to={paths.taskDetails(search.lastMatch.taskId)} className="link">
                    {search.lastMatch.title}
                  </Link>
                  , {formatDateTime(search.lastMatch.at)}
                </>
              ) : (
                "No matches yet"
              )}
              {" · "}
              {search.matchesThisWeek === 1 ? "1 task this week" : `${search.matchesThisWeek} tasks this week`}
            </p>
          </div>
          {search.paused ? (
            <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
              Paused
            </span>
          ) : (
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
              {FREQUENCY_LABELS[search.frequency]}
            </span>
          )}
        </div>
        <form className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end" onSubmit={save}>
          <TextField label="Name" name="name" required maxLength={SAVED_SEARCH_NAME_MAX} defaultValue={search.name} />
          <SelectField label="How often" name="frequency" defaultValue={search.frequency}>
            {ALERT_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="btn-secondary" disabled={busy}>
            Save changes
          </button>
        </form>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={`${paths.browseTasks}?${savedSearchQuery(search)}`} className="btn-primary px-3 py-1.5">
            <ExternalLink aria-hidden="true" className="size-4" /> Open on Browse Tasks
          </Link>
          <button
            type="button"
            className="btn-secondary px-3 py-1.5"
            disabled={busy}
            onClick={() =>
              void run(
                () => changeSavedSearch(search._id, { paused: !search.paused }),
                search.paused ? "Alerts resumed" : "Alerts paused",
              )
            }
          >
            {search.paused ? (
              <>
                <BellRing aria-hidden="true" className="size-4" /> Resume
              </>
            ) : (
              <>
                <BellOff aria-hidden="true" className="size-4" /> Pause
              </>
            )}
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5" disabled={busy} onClick={() => void remove()}>
            <Trash2 aria-hidden="true" className="size-4" /> Delete
          </button>
        </div>
      </article>
    </li>
  );
}

export function Component() {
  usePageTitle("Task alerts");
  const { searches } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <section className="mx-auto max-w-4xl">
      <PageHeader
        title="Task alerts"
        intro="Your saved searches of Browse Tasks, to run again in one click. New tasks they find come to your notifications at once, and by email as each search says: as it happens (at most 10 an hour, the rest in a digest) or in one email a day."
      />
      {searches.length === 0 ? (
        <div className="card p-10 text-center">
          <p className="text-lg font-semibold">No saved searches yet.</p>
          <p className="muted mt-1">
            On <Link to={paths.browseTasks}>Browse Tasks</Link>, search for the work you want, then choose Save this
            search.
          </p>
        </div>
      ) : (
        <ul className="grid gap-4">
          {searches.map((search) => (
            <SavedSearchCard
              key={`${search._id} ${search.name} ${search.frequency}`}
              search={search}
              onChanged={() => void revalidator.revalidate()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
