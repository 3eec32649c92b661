import { Star, Users } from "lucide-react";
import { useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { PAYMENT_STATUS_LABELS } from "../../../contract/payment-words.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { TaskStatusBadge } from "../../components/status-badge.tsx";
import { paths } from "../../config/paths.ts";
import { formatBudget, formatDeadline } from "../../lib/format.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { BidsDialog, TaskSteps } from "../bids/public.ts";
import { listTasks, type Task } from "../tasks/public.ts";

const PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  try {
    // The server answers with the signed-in user's own tasks only (owner=me).
    const { tasks, total } = await listTasks({ owner: "me", page, limit: PAGE_SIZE }, request.signal);
    return { tasks, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  } catch (error) {
    throw toRouteError(error);
  }
}

function pageHref(page: number) {
  return page > 1 ? `${paths.myPostedTasks}?page=${page}` : paths.myPostedTasks;
}

/** What the poster can do with a task in its current status, its offers (Bids), and its review while one is due. */
function TaskActions({ task, onBids }: { task: Task; onBids: (task: Task) => void }) {
  return (
    <TaskSteps task={task}>
      {task.reviewDue && (
        // #review: the task's page opens its review form (features/reviews).
        <Link
          to={`${paths.taskDetails(task._id)}#review`}
          className="btn-primary px-3 py-1.5"
          aria-label={`Leave a review: ${task.title}`}
        >
          <Star aria-hidden="true" className="size-4" /> Leave a review
        </Link>
      )}
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        onClick={() => onBids(task)}
        aria-label={`Bids for ${task.title}`}
      >
        <Users aria-hidden="true" className="size-4" /> Bids
        {task.bidCount !== undefined && <span className="muted">({task.bidCount})</span>}
      </button>
    </TaskSteps>
  );
}

function Freelancer({ task }: { task: Task }) {
  if (!task.assignee) return <span className="muted">—</span>;
  return (
    <span className="break-words">
      {task.assignee}
      {task.agreedAmount !== undefined && <span className="muted"> · {formatBudget(task.agreedAmount)}</span>}
      {task.payment && <span className="block">{PAYMENT_STATUS_LABELS[task.payment.status]}</span>}
    </span>
  );
}

export function Component() {
  usePageTitle("My Posted Tasks");
  const loaded = useLoaderData<typeof loader>();
  const { tasks } = loaded;
  const [bidsFor, setBidsFor] = useState<string | null>(null);
  // The dialog follows the list: the task as it was last read (a notice, an action), and its offers with it.
  const bidsTask = bidsFor ? tasks.find((task) => task._id === bidsFor) : undefined;

  return (
    <div>
      <PageHeader title="My Posted Tasks" intro="Update, delete and follow the bids of the tasks you posted.">
        <Link to={paths.addTask} className="btn-primary">
          Add Task
        </Link>
      </PageHeader>
      {tasks.length === 0 ? (
        <div className="card p-10 text-center">
          <p className="text-lg font-semibold">No tasks posted yet.</p>
        </div>
      ) : (
        <>
          {/* Below tablet width, a card per task: every action stays on screen. */}
          <ul className="grid gap-4 md:hidden" aria-label="Your posted tasks">
            {tasks.map((task) => (
              <li key={task._id} className="card p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="font-semibold break-words">
                    <Link to={paths.taskDetails(task._id)} className="link">
                      {task.title}
                    </Link>
                  </h2>
                  <TaskStatusBadge status={task.status} deadline={task.deadline} />
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="muted">Category</dt>
                  <dd>{task.category}</dd>
                  <dt className="muted">Budget ($)</dt>
                  <dd>{formatBudget(task.budget)}</dd>
                  <dt className="muted">Deadline</dt>
                  <dd>{formatDeadline(task.deadline)}</dd>
                  <dt className="muted">Offers</dt>
                  <dd>{task.bidCount ?? "—"}</dd>
                  <dt className="muted">Freelancer</dt>
                  <dd>
                    <Freelancer task={task} />
                  </dd>
                </dl>
                <div className="mt-3">
                  <TaskActions task={task} onBids={(shown) => setBidsFor(shown._id)} />
                </div>
              </li>
            ))}
          </ul>
          <section className="card hidden overflow-x-auto md:block" aria-label="Your posted tasks">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tasks you posted</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-700 uppercase dark:border-slate-800 dark:bg-slate-800/60 dark:text-slate-300">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    User Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Category
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Task Title
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Budget ($)
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Deadline
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Offers
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {tasks.map((task) => (
                  <tr key={task._id}>
                    <td className="px-4 py-3 break-words">{task.userName}</td>
                    <td className="px-4 py-3">{task.category}</td>
                    <th scope="row" className="max-w-xs min-w-40 px-4 py-3 font-semibold break-words">
                      <Link to={paths.taskDetails(task._id)} className="link">
                        {task.title}
                      </Link>
                    </th>
                    <td className="px-4 py-3">{formatBudget(task.budget)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDeadline(task.deadline)}</td>
                    <td className="px-4 py-3">{task.bidCount ?? "—"}</td>
                    <td className="px-4 py-3">
                      <div className="flex flex-col items-start gap-1">
                        <TaskStatusBadge status={task.status} deadline={task.deadline} />
                        {task.assignee && (
                          <span className="text-xs">
                            <Freelancer task={task} />
                          </span>
                        )}
                      </div>
                    </td>
                    <td className="px-4 py-3">
                      <TaskActions task={task} onBids={(shown) => setBidsFor(shown._id)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
      <PageLinks page={loaded.page} pages={loaded.pages} hrefOf={pageHref} />
      {bidsTask && <BidsDialog task={bidsTask} version={loaded} onClose={() => setBidsFor(null)} />}
    </div>
  );
}
