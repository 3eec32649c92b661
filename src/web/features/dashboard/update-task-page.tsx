import { useState } from "react";
import { data, type LoaderFunctionArgs, useLoaderData, useNavigate } from "react-router";
import { MESSAGES } from "../../../contract/messages.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { showAlert } from "../../lib/dialogs.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { TaskInputSchema } from "../../lib/schemas.ts";
import { usePageTitle } from "../../lib/title.ts";
import { isSameEmail, requireUser } from "../accounts/public.ts";
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
  if (task.status !== "open") throw data({ message: MESSAGES.taskNotOpen[task.status] }, { status: 409 });
  return { task, poster: { name: user.name, email: user.email } };
}

export function Component() {
  usePageTitle("Update Task");
  const { task, poster } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [status, setStatus] = useState<string | null>(null);
  const category = TaskInputSchema.shape.category.safeParse(task.category);
  return (
    <div>
      <PageHeader title="Update Task" intro="Change what needs to be done, the category, the budget or the deadline." />
      <TaskForm
        key={task._id}
        schema={TaskInputSchema}
        defaultValues={{
          title: task.title,
          category: category.success ? category.data : undefined,
          description: task.description,
          deadline: task.deadline,
          budget: task.budget,
          offersPublic: task.offersPublic,
        }}
        poster={poster}
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
            notify.error(errorMessage(error));
            throw error;
          }
        }}
      />
    </div>
  );
}
