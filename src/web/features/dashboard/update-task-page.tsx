import { useState } from "react";
import { data, Link, type LoaderFunctionArgs, useLoaderData, useNavigate } from "react-router";
import { isBiddingOpen } from "../../../contract/dates.ts";
import { MESSAGES } from "../../../contract/messages.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { paths } from "../../config/paths.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { showAlert } from "../../lib/dialogs.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { TaskInputSchema, updateTaskSchema } from "../../lib/schemas.ts";
import { usePageTitle } from "../../lib/title.ts";
import { isSameEmail, requireUser } from "../accounts/public.ts";
import { LimitGate } from "../moderation/public.ts";
import { getTask, TaskForm, updateTask } from "../tasks/public.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  let task: Awaited<ReturnType<typeof getTask>>;
  try {
    task = await getTask(params.id ?? "", request.signal);
  } catch (error) {
    throw toRouteError(error);
  }
  if (!isSameEmail(task.userEmail, user.email)) throw data({ message: MESSAGES.notTaskOwner }, { status: 403 });
  // Not an error page: the poster is told in words why this task cannot be edited, and where to go.
  if (task.status !== "open") return { task, locked: MESSAGES.taskNotOpen[task.status] };
  return { task, locked: null, poster: { name: user.name, email: user.email } };
}

/** Why the task cannot be edited (the server's sentence), with the ways on from here. */
function Locked({ taskId, reason }: { taskId: string; reason: string }) {
  return (
    <div role="alert" className="card p-6">
      <p className="font-semibold">{reason}</p>
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.taskDetails(taskId)} className="btn-primary">
          View the task
        </Link>
        <Link to={paths.myPostedTasks} className="btn-secondary">
          My Posted Tasks
        </Link>
      </p>
    </div>
  );
}

export function Component() {
  usePageTitle("Update Task");
  const loaded = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [status, setStatus] = useState<string | null>(null);
  // The server refused the change because the task moved on meanwhile (assigned, completed, cancelled).
  const [locked, setLocked] = useState<string | null>(null);
  const { task } = loaded;
  const category = TaskInputSchema.shape.category.safeParse(task.category);
  const reason = loaded.locked ?? locked;
  const intro = "Change what needs to be done, the category, the budget or the deadline.";
  if (reason || !loaded.poster) {
    return (
      <div>
        <PageHeader title="Update Task" intro={intro} />
        <Locked taskId={task._id} reason={reason ?? ""} />
      </div>
    );
  }
  return (
    <div>
      <PageHeader title="Update Task" intro={intro} />
      {/* A limited poster is refused editing too (issue 42): told so, and the form disabled, before they change anything. */}
      <LimitGate className="mb-6">
        {!isBiddingOpen(task.deadline) && (
          <p className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            The deadline has passed, so this task takes no bids. Choose a new deadline to open it to bids again.
          </p>
        )}
        <TaskForm
          key={task._id}
          schema={updateTaskSchema(task.deadline)}
          defaultValues={{
            title: task.title,
            category: category.success ? category.data : undefined,
            description: task.description,
            deadline: task.deadline,
            budget: task.budget,
            offersPublic: task.offersPublic,
          }}
          poster={loaded.poster}
          submitLabel="Update Task"
          busyLabel="Updating Task…"
          status={
            status && (
              <p role="status" className="text-sm font-medium text-slate-700 dark:text-slate-300">
                {status}
              </p>
            )
          }
          onSubmit={async (values) => {
            setStatus(null);
            try {
              const { modifiedCount } = await updateTask(task._id, values);
              if (modifiedCount > 0) {
                void showAlert({ title: "Updated!", text: "Task updated successfully!", icon: "success" });
                await navigate(paths.myPostedTasks);
              } else {
                setStatus(MESSAGES.noChanges);
              }
            } catch (error) {
              if (error instanceof ApiError && error.status === 409) setLocked(error.detail);
              else notify.error(errorMessage(error));
              throw error;
            }
          }}
        />
      </LimitGate>
    </div>
  );
}
