import { Link } from "react-router";
import { CalendarDaysIcon, DollarSignIcon, TagIcon } from "../../components/icons.tsx";
import { paths } from "../../config/paths.ts";
import { formatBudget, formatDeadline } from "../../lib/format.ts";
import type { Task } from "./tasks-api.ts";

type CardTask = Pick<Task, "_id" | "title" | "category" | "budget" | "deadline">;

/**
 * A task in a grid: title, category, budget, deadline, and a link to its details; a task that
 * takes no offers says why.
 */
export function TaskCard({
  task,
  linkLabel,
  to = paths.taskDetails(task._id),
  status,
  closedReason,
}: {
  task: CardTask;
  linkLabel: "See Details" | "See more";
  to?: string;
  /** The task's status word, where the list shows tasks of several (Browse Tasks). */
  status?: string;
  /**
   * Why it takes no offers, where the list shows such tasks (Browse Tasks; lib/status.ts): given by
   * the list, so that Home's cards, all taking offers, carry none of its code.
   */
  closedReason?: string | null;
}) {
  return (
    <article className="card flex h-full flex-col p-5 transition-shadow hover:shadow-md">
      <h3 className="text-lg font-semibold break-words text-slate-900 dark:text-white">{task.title}</h3>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex items-center gap-2">
          <TagIcon aria-hidden="true" className="size-4 text-indigo-700 dark:text-indigo-300" />
          <dt className="sr-only">Category</dt>
          <dd className="rounded-full bg-indigo-50 px-2.5 py-0.5 font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
            {task.category}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <DollarSignIcon aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-300" />
          <dt className="muted">Budget:</dt>
          <dd className="font-semibold">{formatBudget(task.budget)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDaysIcon aria-hidden="true" className="size-4 text-amber-700 dark:text-amber-300" />
          <dt className="muted">Deadline:</dt>
          <dd className="font-semibold">{formatDeadline(task.deadline)}</dd>
        </div>
        {status && (
          <div className="flex items-center gap-2">
            <dt className="muted">Status:</dt>
            <dd className="font-semibold">{status}</dd>
          </div>
        )}
      </dl>
      {closedReason && <p className="mt-3 text-sm font-medium text-slate-700 dark:text-slate-200">{closedReason}</p>}
      <div className="mt-auto pt-5">
        <Link to={to} className="btn-primary w-full">
          {linkLabel}
          {/* In the link's text, not only its label: "See more" alone says nothing in a list of links. */}
          <span className="sr-only">: {task.title}</span>
        </Link>
      </div>
    </article>
  );
}
