import { Link } from "react-router";
import { CalendarDaysIcon, DollarSignIcon, TagIcon } from "../../components/icons.tsx";
import { paths } from "../../config/paths.ts";
import { formatBudget, formatDeadline } from "../../lib/format.ts";
import type { Task } from "./tasks-api.ts";

type CardTask = Pick<Task, "_id" | "title" | "category" | "budget" | "deadline"> &
  Partial<Pick<Task, "description" | "userName" | "ownerId" | "bidCount" | "posterRating">>;

/** A text's first line that says something (a description may start with a blank one). */
export function firstLine(text: string): string {
  return (
    text
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "") ?? ""
  );
}

/** The poster, linked to their profile, and their rating as a client (from freelancers' reviews). */
function Poster({ task }: { task: CardTask }) {
  const rating = task.posterRating;
  if (!rating || !task.userName) return null;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-1.5 text-sm">
      <span className="muted">Posted by</span>
      {task.ownerId ? (
        <Link to={paths.user(task.ownerId)} className="link min-w-0 break-words">
          {task.userName}
        </Link>
      ) : (
        <span className="min-w-0 break-words font-medium">{task.userName}</span>
      )}
      <span className="muted" aria-hidden="true">
        ·
      </span>
      {rating.rating === null ? (
        <span className="muted">No reviews yet</span>
      ) : (
        <span>
          <span aria-hidden="true" className="text-amber-500">
            ★
          </span>{" "}
          <span className="font-semibold">{rating.rating.toFixed(1)}</span>
          <span className="sr-only"> out of 5 stars</span>
          <span className="muted">
            {" "}
            ({rating.reviews} {rating.reviews === 1 ? "review" : "reviews"})
          </span>
        </span>
      )}
    </p>
  );
}

/**
 * A task in a grid: title, category, budget, deadline, and a link to its details; a task that
 * takes no offers says why. Where the list gives them (Browse Tasks: issue 45), also the first
 * line of its description, its poster with their rating, and its number of offers.
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
      {task.posterRating && task.description && (
        <p className="muted mt-1 line-clamp-2 text-sm break-words">{firstLine(task.description)}</p>
      )}
      <Poster task={task} />
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
        {task.posterRating && task.bidCount !== undefined && (
          <div className="flex items-center gap-2">
            <dt className="muted">Offers:</dt>
            <dd className="font-semibold">{task.bidCount === 0 ? "None yet" : task.bidCount}</dd>
          </div>
        )}
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
