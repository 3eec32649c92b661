import { type ReactNode, Suspense, useState } from "react";
import { type LoaderFunctionArgs, useLoaderData, useNavigate, useNavigation } from "react-router";
import { BUDGET_RANGE_REFUSAL } from "../../../contract/budget-range.ts";
import { groupDigits } from "../../../contract/digits.ts";
import { TASK_CATEGORIES, TASK_LIST_STATUSES, TASK_SORTS } from "../../../contract/vocabulary.ts";
import { SearchIcon } from "../../components/icons.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { loginPath, paths } from "../../config/paths.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { notTakingOffersReason, taskStatusWord } from "../../lib/status.ts";
import { usePageTitle } from "../../lib/title.ts";
import { useSession } from "../accounts/public.ts";
import { SaveSearchDialog } from "../alerts/public.ts";
import { TaskCard } from "./task-card.tsx";
import { listTasks } from "./tasks-api.ts";

export const BROWSE_PAGE_SIZE = 12;

const SORT_LABELS: Record<(typeof TASK_SORTS)[number], string> = {
  newest: "Newest first",
  deadline: "Nearest deadline",
  budget: "Highest budget",
};

const STATUS_LABELS: Record<(typeof TASK_LIST_STATUSES)[number], string> = {
  open: "Open",
  closed: "Closed (deadline passed)",
  assigned: "Assigned",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** A budget bound as the URL has it: dollars, at most two decimals; anything else is no bound. */
function readBudget(value: string | null): string {
  const text = (value ?? "").trim();
  return /^\d{1,7}(\.\d{1,2})?$/.test(text) && Number(text) <= 1_000_000 ? text : "";
}

/**
 * The list's state lives in the URL (q, category, status, sort, budgets, page), so a filtered page
 * can be shared. Open tasks by default; "all" shows every status.
 */
function readQuery(url: URL) {
  const params = url.searchParams;
  const category = params.get("category") ?? "";
  const status = params.get("status") ?? "";
  const sort = params.get("sort") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    category: (TASK_CATEGORIES as readonly string[]).includes(category) ? category : "",
    status: status === "all" || (TASK_LIST_STATUSES as readonly string[]).includes(status) ? status : "open",
    sort: (TASK_SORTS as readonly string[]).includes(sort) ? sort : "newest",
    minBudget: readBudget(params.get("minBudget")),
    maxBudget: readBudget(params.get("maxBudget")),
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = readQuery(new URL(request.url));
  try {
    const { status, ...rest } = query;
    const filter = { ...rest, status: status === "all" ? undefined : status, limit: BROWSE_PAGE_SIZE };
    const { tasks, total, capped } = await listTasks(filter, request.signal);
    return { query, tasks, total, capped, pages: Math.max(1, Math.ceil(total / BROWSE_PAGE_SIZE)) };
  } catch (error) {
    throw toRouteError(error);
  }
}

function pageHref(query: ReturnType<typeof readQuery>, page: number) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.status !== "open") params.set("status", query.status);
  if (query.sort !== "newest") params.set("sort", query.sort);
  if (query.minBudget) params.set("minBudget", query.minBudget);
  if (query.maxBudget) params.set("maxBudget", query.maxBudget);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${paths.browseTasks}?${search}` : paths.browseTasks;
}

type BrowseQuery = ReturnType<typeof readQuery>;

/** The form's minimum budget, which carries the refusal of a minimum above the maximum. */
const minimumInput = (form: HTMLFormElement | null) =>
  form?.elements.namedItem("minBudget") as HTMLInputElement | null | undefined;

/** Browse Tasks' frame: its heading, the filters, and what is below them (the list, or a spinner). */
export function BrowseTasksLayout({ filters, children }: { filters: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <PageHeader title="Browse Tasks" intro="Find work that fits your skills, then open a task to place your bid." />
      {filters}
      {/* The cards' titles are h3s; this keeps the outline whole under the page's h1. */}
      <h2 className="sr-only">Tasks</h2>
      {children}
    </section>
  );
}

/** The first screen before the list has loaded: no search yet, the default order. */
export const BROWSE_DEFAULT_QUERY: BrowseQuery = readQuery(new URL("http://localhost/"));

export function TaskFilters({
  query,
  searching,
  onSearch,
}: {
  query: BrowseQuery;
  searching: boolean;
  onSearch: (form: HTMLFormElement) => void;
}) {
  // On a phone the filters fold behind one button, so the first task is on the first screen; they
  // stay open for the search they were opened for, and a new search shows its results folded.
  const search = `${query.q}|${query.category}|${query.status}|${query.sort}|${query.minBudget}|${query.maxBudget}`;
  const [openFor, setOpenFor] = useState<string | null>(null);
  const open = openFor === search;
  const set = [
    query.q !== "",
    query.category !== "",
    query.status !== "open",
    query.sort !== "newest",
    query.minBudget !== "" || query.maxBudget !== "",
  ].filter(Boolean).length;
  return (
    <form
      aria-label="Task filters"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(event.currentTarget);
      }}
      className="mb-6 md:card md:mb-8 md:p-4"
      // Back and forward through searches show each search's own values.
      key={search}
    >
      <button
        type="button"
        className="btn-secondary w-full md:hidden"
        aria-expanded={open}
        aria-controls="task-filter-fields"
        onClick={() => setOpenFor(open ? null : search)}
      >
        <SearchIcon className="size-4" />
        Filters
        {set > 0 && (
          <span className="rounded-full bg-indigo-700 px-2 text-xs text-white dark:bg-indigo-400 dark:text-slate-950">
            {set}
            <span className="sr-only"> set</span>
          </span>
        )}
      </button>
      <div
        id="task-filter-fields"
        className={`grid gap-4 max-md:card max-md:mt-3 max-md:p-4 md:grid-cols-[1fr_auto_auto_auto_auto_auto] md:items-end ${open ? "" : "max-md:hidden"}`}
      >
        <div>
          <label htmlFor="task-search" className="label">
            Search tasks
          </label>
          <input
            id="task-search"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={100}
            placeholder="Search by title or description"
            className="input"
          />
        </div>
        <div>
          <label htmlFor="task-category" className="label">
            Category
          </label>
          <select
            id="task-category"
            name="category"
            defaultValue={query.category}
            className="input"
            onChange={(event) => event.currentTarget.form && onSearch(event.currentTarget.form)}
          >
            <option value="">All categories</option>
            {TASK_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="task-status" className="label">
            Status
          </label>
          <select
            id="task-status"
            name="status"
            defaultValue={query.status}
            className="input"
            onChange={(event) => event.currentTarget.form && onSearch(event.currentTarget.form)}
          >
            {TASK_LIST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
            <option value="all">All statuses</option>
          </select>
        </div>
        <fieldset>
          <legend className="label">Budget (USD)</legend>
          <div className="flex items-center gap-2">
            {(["minBudget", "maxBudget"] as const).map((name) => (
              <input
                key={name}
                name={name}
                type="number"
                min={0}
                max={1_000_000}
                step={0.01}
                inputMode="decimal"
                defaultValue={query[name]}
                placeholder={name === "minBudget" ? "Min" : "Max"}
                aria-label={name === "minBudget" ? "Minimum budget" : "Maximum budget"}
                className="input md:w-24"
                // The refusal of the pair (minimum above maximum) goes once either changes.
                onInput={(event) => minimumInput(event.currentTarget.form)?.setCustomValidity("")}
              />
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="task-sort" className="label">
            Sort by
          </label>
          <select
            id="task-sort"
            name="sort"
            defaultValue={query.sort}
            className="input"
            onChange={(event) => event.currentTarget.form && onSearch(event.currentTarget.form)}
          >
            {TASK_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={searching}>
          <SearchIcon className="size-4" />
          {searching ? "Searching…" : "Search"}
        </button>
      </div>
    </form>
  );
}

/**
 * Save this search (issue 47), once the search has something to find: a visitor signs in first and
 * comes back to it; the dialog loads when it opens.
 */
function SaveSearch({ query }: { query: BrowseQuery }) {
  const signedIn = useSession().user !== null;
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!query.q && !query.category && !query.minBudget && !query.maxBudget) return null;
  const bound = (value: string) => (value ? Number(value) : null);
  const terms = {
    q: query.q,
    category: query.category || null,
    minBudget: bound(query.minBudget),
    maxBudget: bound(query.maxBudget),
  };
  return (
    <>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5 text-sm"
        onClick={() => (signedIn ? setOpen(true) : void navigate(loginPath(pageHref(query, query.page))))}
      >
        Save this search
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog terms={terms} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function Component() {
  usePageTitle("Browse Tasks");
  const { query, tasks, total, capped, pages } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // A new search starts again from page 1; empty and default values stay out of the URL.
  function search(form: HTMLFormElement) {
    const values = new FormData(form);
    const read = (name: string) => String(values.get(name) ?? "").trim();
    const [minBudget, maxBudget] = [read("minBudget"), read("maxBudget")];
    minimumInput(form)?.setCustomValidity(
      minBudget && maxBudget && Number(minBudget) > Number(maxBudget) ? BUDGET_RANGE_REFUSAL : "",
    );
    // The browser names what is wrong beside the field (a negative budget, more than two decimals).
    if (!form.reportValidity()) return;
    void navigate(
      pageHref(
        {
          q: read("q"),
          category: read("category"),
          status: read("status") || "open",
          sort: read("sort") || "newest",
          minBudget,
          maxBudget,
          page: 1,
        },
        1,
      ),
    );
  }
  const searching = navigation.state === "loading" && navigation.location.pathname === paths.browseTasks;

  return (
    <BrowseTasksLayout filters={<TaskFilters query={query} searching={searching} onSearch={search} />}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="muted text-sm" aria-live="polite">
          {capped ? `More than ${groupDigits(total)} tasks` : total === 1 ? "1 task" : `${total} tasks`}
          {pages > 1 && ` · page ${Math.min(query.page, pages)} of ${pages}`}
        </p>
        <SaveSearch query={query} />
      </div>

      {tasks.length === 0 ? (
        <div className="card p-10 text-center">
          <p className="text-lg font-semibold">No tasks found.</p>
          <p className="muted mt-1">Try other words or another category.</p>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {tasks.map((task) => (
            <li key={task._id}>
              <TaskCard
                task={task}
                linkLabel="See Details"
                status={taskStatusWord(task.status, task.deadline)}
                closedReason={notTakingOffersReason(task.status, task.deadline)}
              />
            </li>
          ))}
        </ul>
      )}

      <PageLinks
        page={Math.min(query.page, pages)}
        pages={pages}
        hrefOf={(to) => pageHref(query, to)}
        className="mt-10"
      />
    </BrowseTasksLayout>
  );
}
