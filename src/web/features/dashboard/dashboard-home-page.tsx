import { BriefcaseBusiness, DollarSign, Gavel, PlusCircle, Search, Send, Wallet } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import type { DashboardSummary } from "../../../contract/schemas.ts";
import { BID_STATUSES } from "../../../contract/vocabulary.ts";
import { BidStatusBadge, TaskStatusBadge } from "../../components/status-badge.tsx";
import { paths } from "../../config/paths.ts";
import { apiJson } from "../../lib/api.ts";
import { formatBudget } from "../../lib/format.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser, useSession } from "../accounts/public.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    return await apiJson<DashboardSummary>("/api/me/summary", { signal: request.signal });
  } catch (error) {
    throw toRouteError(error);
  }
}

const QUICK_ACTIONS = [
  { label: "Post a New Task", to: paths.addTask, Icon: PlusCircle },
  { label: "Find Work", to: paths.browseTasks, Icon: Search },
  { label: "My Bids", to: paths.myBids, Icon: Gavel },
];

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function activityText(item: DashboardSummary["activity"][number]): string {
  const amount = item.amount === undefined ? "" : ` ${formatBudget(item.amount)}`;
  if (item.kind === "posted") return `You posted “${item.title}”`;
  if (item.kind === "bid") return `You bid${amount} on “${item.title}”`;
  return item.status === "completed"
    ? `You completed “${item.title}”`
    : `You were hired for “${item.title}”${amount ? ` at${amount}` : ""}`;
}

function StatusCounts({
  title,
  counts,
}: {
  title: string;
  counts: Array<{ key: string; badge: ReactNode; count: number }>;
}) {
  const id = useId();
  return (
    <section className="card p-5" aria-labelledby={id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-3 text-sm">
        {counts.map(({ key, badge, count }) => (
          <li key={key} className="flex items-center gap-1.5">
            {badge} {count}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The signed-in person's own figures (PRODUCT.md, Hiring), under the specification's headings. */
export function Component() {
  usePageTitle("Dashboard");
  return <DashboardHome summary={useLoaderData<typeof loader>()} />;
}

/** The dashboard's home with `summary`: the page, and its first screen the server renders (page-screens.tsx). */
export function DashboardHome({ summary }: { summary: DashboardSummary }) {
  const { user } = useSession();
  const { tasks, bids } = summary;
  const proposals = bids.pending + bids.accepted + bids.declined;
  const stats = [
    {
      label: "Total Earnings",
      value: formatBudget(summary.earned),
      note: `from ${plural(summary.completedJobs, "completed task", "completed tasks")}`,
      Icon: DollarSign,
    },
    {
      label: "Active Projects",
      value: String(tasks.assigned + summary.working),
      note: `${tasks.assigned} you posted, ${summary.working} you work on`,
      Icon: BriefcaseBusiness,
    },
    {
      label: "Proposals Sent",
      value: String(proposals),
      note: `${bids.pending} awaiting reply, ${bids.accepted} accepted`,
      Icon: Send,
    },
    {
      label: "Total Spent",
      value: formatBudget(summary.spent),
      note: `on ${plural(tasks.completed, "completed task", "completed tasks")}`,
      Icon: Wallet,
    },
  ];
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Dashboard</h1>
      <p className="muted mt-2">Welcome back{user ? `, ${user.name}` : ""}! Here is an overview of your activity.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stats.map(({ label, value, note, Icon }) => (
          <li key={label} className="card p-5">
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
              <Icon aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
            </div>
            <p className="mt-2 text-3xl font-bold text-slate-900 dark:text-white">{value}</p>
            <p className="muted mt-1 text-xs">{note}</p>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <StatusCounts
          title="Tasks you posted"
          counts={(["open", "assigned", "completed", "cancelled"] as const).map((status) => ({
            key: status,
            badge: <TaskStatusBadge status={status} deadline="9999-12-31" />,
            count: tasks[status],
          }))}
        />
        <StatusCounts
          title="Your bids"
          counts={BID_STATUSES.map((status) => ({
            key: status,
            badge: <BidStatusBadge status={status} />,
            count: bids[status],
          }))}
        />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <section className="card p-5 lg:col-span-2" aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="text-lg font-semibold">
            Recent Activity
          </h2>
          {summary.activity.length === 0 ? (
            <p className="muted mt-4 text-sm">Nothing yet: post a task or place a bid, and it shows here.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
              {summary.activity.map((item) => (
                <li
                  key={`${item.kind}-${item.taskId}`}
                  className="flex flex-wrap items-baseline justify-between gap-2 py-3 text-sm"
                >
                  <Link to={paths.taskDetails(item.taskId)} className="link break-words">
                    {activityText(item)}
                  </Link>
                  <time dateTime={item.time} className="muted text-xs">
                    {formatDateTime(item.time)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card p-5" aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="text-lg font-semibold">
            Quick Actions
          </h2>
          <div className="mt-4 grid gap-3">
            {QUICK_ACTIONS.map(({ label, to, Icon }) => (
              <Link key={label} to={to} className="btn-secondary justify-start">
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Link>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
