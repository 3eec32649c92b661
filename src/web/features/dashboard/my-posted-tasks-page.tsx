import { ChevronLeft, ChevronRight, Pencil, Trash2, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { confirmAction, showAlert } from "../../lib/dialogs.ts";
import { formatBudget } from "../../lib/format.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/session.ts";
import { BidsDialog } from "../bids/bids-dialog.tsx";
import { deleteTask, listTasks, type Task } from "../tasks/tasks-api.ts";

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

export function Component() {
  usePageTitle("My Posted Tasks");
  const loaded = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [tasks, setTasks] = useState<Task[]>(loaded.tasks);
  const [bidsFor, setBidsFor] = useState<Task | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  useEffect(() => setTasks(loaded.tasks), [loaded.tasks]);

  async function remove(task: Task) {
    const confirmed = await confirmAction({
      title: "Are you sure?",
      text: "You won't be able to revert this!",
      confirmLabel: "Yes, delete it!",
    });
    if (!confirmed) return;
    setDeleting(task._id);
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
      setDeleting(null);
    }
  }

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
        // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section className="card overflow-x-auto" tabIndex={0} aria-label="Your posted tasks">
          <table className="w-full min-w-[40rem] text-left text-sm">
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
                    <div className="flex flex-wrap gap-2">
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
                        onClick={() => remove(task)}
                        disabled={deleting === task._id}
                        aria-label={`Delete ${task.title}`}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        {deleting === task._id ? "Deleting…" : "Delete"}
                      </button>
                      <button
                        type="button"
                        className="btn-secondary px-3 py-1.5"
                        onClick={() => setBidsFor(task)}
                        aria-label={`Bids for ${task.title}`}
                      >
                        <Users aria-hidden="true" className="size-4" /> Bids
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
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
      {bidsFor && <BidsDialog taskId={bidsFor._id} taskTitle={bidsFor.title} onClose={() => setBidsFor(null)} />}
    </div>
  );
}
