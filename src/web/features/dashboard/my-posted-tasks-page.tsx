import { CheckCheck, ChevronLeft, ChevronRight, Pencil, Trash2, Users, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { TaskStatusBadge } from "../../components/status-badge.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { confirmAction, showAlert } from "../../lib/dialogs.ts";
import { formatBudget } from "../../lib/format.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { BidsDialog, moveTask } from "../bids/public.ts";
import { deleteTask, listTasks, type Task } from "../tasks/public.ts";

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

interface Actions {
  busy: string | null;
  onDelete: (task: Task) => void;
  onBids: (task: Task) => void;
  onStep: (task: Task, step: "complete" | "cancel") => void;
}

/** What the poster can do with a task in its current status. */
function TaskActions({ task, actions }: { task: Task; actions: Actions }) {
  const busy = actions.busy === task._id;
  return (
    <div className="flex flex-wrap gap-2">
      {task.status === "open" && (
        <>
          <Link
            to={paths.updateTask(task._id)}
            className="btn-secondary px-3 py-1.5"
            aria-label={`Update ${task.title}`}
          >
            <Pencil aria-hidden="true" className="size-4" /> Update
          </Link>
          <button
            type="button"
            className="btn-danger px-3 py-1.5"
            onClick={() => actions.onDelete(task)}
            disabled={busy}
            aria-label={`Delete ${task.title}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {busy ? "Deleting…" : "Delete"}
          </button>
        </>
      )}
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        onClick={() => actions.onBids(task)}
        aria-label={`Bids for ${task.title}`}
      >
        <Users aria-hidden="true" className="size-4" /> Bids
      </button>
      {task.status === "assigned" && (
        <button
          type="button"
          className="btn-primary px-3 py-1.5"
          onClick={() => actions.onStep(task, "complete")}
          disabled={busy}
          aria-label={`Mark as completed: ${task.title}`}
        >
          <CheckCheck aria-hidden="true" className="size-4" /> Mark as completed
        </button>
      )}
      {(task.status === "open" || task.status === "assigned") && (
        <button
          type="button"
          className="btn-secondary px-3 py-1.5"
          onClick={() => actions.onStep(task, "cancel")}
          disabled={busy}
          aria-label={`Cancel task: ${task.title}`}
        >
          <XCircle aria-hidden="true" className="size-4" /> Cancel task
        </button>
      )}
    </div>
  );
}

function Freelancer({ task }: { task: Task }) {
  if (!task.assignee) return <span className="muted">—</span>;
  return (
    <span className="break-words">
      {task.assignee}
      {task.agreedAmount !== undefined && <span className="muted"> · {formatBudget(task.agreedAmount)}</span>}
    </span>
  );
}

const STEP_DIALOGS = {
  complete: (task: Task) => ({
    title: "Mark as completed?",
    text: `Confirm that ${task.assignee ?? "the freelancer"} has finished the work on "${task.title}".`,
    confirmLabel: "Mark as completed",
    done: "The task is marked as completed.",
  }),
  cancel: (task: Task) => ({
    title: "Cancel this task?",
    text: task.assignee
      ? `${task.assignee} will see that the work is no longer needed. This cannot be undone.`
      : "The waiting offers will be declined. This cannot be undone.",
    confirmLabel: "Cancel task",
    done: "The task has been cancelled.",
  }),
} as const;

export function Component() {
  usePageTitle("My Posted Tasks");
  const loaded = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [tasks, setTasks] = useState<Task[]>(loaded.tasks);
  const [bidsFor, setBidsFor] = useState<Task | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => setTasks(loaded.tasks), [loaded.tasks]);

  // The server's answer is the whole task as it now is (a released task has no assignee any more).
  const replace = (updated: Task) =>
    setTasks((current) => current.map((task) => (task._id === updated._id ? updated : task)));

  async function remove(task: Task) {
    const confirmed = await confirmAction({
      title: "Are you sure?",
      text: "You won't be able to revert this!",
      confirmLabel: "Yes, delete it!",
    });
    if (!confirmed) return;
    setBusy(task._id);
    try {
      const { deletedCount } = await deleteTask(task._id);
      if (deletedCount > 0) {
        setTasks((current) => current.filter((t) => t._id !== task._id));
        void showAlert({ title: "Deleted!", text: "Your task has been deleted.", icon: "success" });
        void revalidator.revalidate();
      }
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  async function step(task: Task, which: "complete" | "cancel") {
    const dialog = STEP_DIALOGS[which](task);
    const confirmed = await confirmAction({ ...dialog, cancelLabel: "Keep it" });
    if (!confirmed) return;
    setBusy(task._id);
    try {
      replace(await moveTask(task._id, which));
      notify.success(dialog.done);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const actions: Actions = { busy, onDelete: remove, onBids: setBidsFor, onStep: step };
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
                  <h2 className="font-semibold break-words">{task.title}</h2>
                  <TaskStatusBadge status={task.status} deadline={task.deadline} />
                </div>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="muted">Category</dt>
                  <dd>{task.category}</dd>
                  <dt className="muted">Budget ($)</dt>
                  <dd>{formatBudget(task.budget)}</dd>
                  <dt className="muted">Freelancer</dt>
                  <dd>
                    <Freelancer task={task} />
                  </dd>
                </dl>
                <div className="mt-3">
                  <TaskActions task={task} actions={actions} />
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
                    <th scope="row" className="max-w-xs px-4 py-3 font-semibold break-words">
                      {task.title}
                    </th>
                    <td className="px-4 py-3">{formatBudget(task.budget)}</td>
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
                      <TaskActions task={task} actions={actions} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
      {loaded.pages > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
          {loaded.page > 1 && (
            <Link to={pageHref(loaded.page - 1)} className="btn-secondary" rel="prev">
              <ChevronLeft aria-hidden="true" className="size-4" /> Previous
            </Link>
          )}
          <span className="text-sm font-medium">
            Page {loaded.page} of {loaded.pages}
          </span>
          {loaded.page < loaded.pages && (
            <Link to={pageHref(loaded.page + 1)} className="btn-secondary" rel="next">
              Next <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          )}
        </nav>
      )}
      {bidsFor && <BidsDialog task={bidsFor} onClose={() => setBidsFor(null)} onTaskChanged={replace} />}
    </div>
  );
}
