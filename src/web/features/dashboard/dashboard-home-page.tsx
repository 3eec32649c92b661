import { BriefcaseBusiness, DollarSign, FileText, MessageSquare, PlusCircle, Search, Send } from "lucide-react";
import type { LoaderFunctionArgs } from "react-router";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser, useSession } from "../accounts/session.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/** Fixed sample figures (specification, section 2: Dashboard). */
const STATS = [
  { label: "Total Earnings", value: "$12,450", note: "+8% this month", Icon: DollarSign },
  { label: "Active Projects", value: "6", note: "2 due this week", Icon: BriefcaseBusiness },
  { label: "Proposals Sent", value: "24", note: "5 awaiting reply", Icon: Send },
  { label: "Messages", value: "13", note: "3 unread", Icon: MessageSquare },
];

const ACTIVITY = [
  { text: "Your proposal for “Landing page for a bakery” was viewed", time: "2 hours ago" },
  { text: "You received a new message from Maya Patel", time: "5 hours ago" },
  { text: "Payment of $450 released for “Logo refresh”", time: "Yesterday" },
  { text: "You posted the task “Five blog posts about composting”", time: "3 days ago" },
];

const QUICK_ACTIONS = [
  { label: "Post a New Task", Icon: PlusCircle },
  { label: "Find Work", Icon: Search },
  { label: "View Messages", Icon: MessageSquare },
  { label: "Download Report", Icon: FileText },
];

export function Component() {
  usePageTitle("Dashboard");
  const { user } = useSession();
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Dashboard</h1>
      <p className="muted mt-2">Welcome back{user ? `, ${user.name}` : ""}! Here is an overview of your activity.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STATS.map(({ label, value, note, Icon }) => (
          <li key={label} className="card p-5">
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
              <Icon aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
            </div>
            <p className="mt-2 text-3xl font-bold text-slate-900 dark:text-white">{value}</p>
            <p className="mt-1 text-xs text-emerald-700 dark:text-emerald-300">{note}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <section className="card p-5 lg:col-span-2" aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="text-lg font-semibold">
            Recent Activity
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {ACTIVITY.map((item) => (
              <li key={item.text} className="flex flex-wrap items-baseline justify-between gap-2 py-3 text-sm">
                <span>{item.text}</span>
                <span className="muted text-xs">{item.time}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card p-5" aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="text-lg font-semibold">
            Quick Actions
          </h2>
          <div className="mt-4 grid gap-3">
            {QUICK_ACTIONS.map(({ label, Icon }) => (
              <button key={label} type="button" className="btn-secondary justify-start">
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </button>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
