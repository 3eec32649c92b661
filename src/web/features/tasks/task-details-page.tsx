import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { isSameEmail, RequireAuth, requireUser } from "../accounts/public.ts";
import { PlaceBid, PublicOffers } from "../bids/public.ts";
import { TaskQuestions } from "../questions/public.ts";
import { TaskDetailsView } from "./task-details-view.tsx";
import { getTask } from "./tasks-api.ts";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    const task = await getTask(params.id ?? "", request.signal);
    return { task, ownTask: isSameEmail(task.userEmail, user.email) };
  } catch (error) {
    throw toRouteError(error);
  }
}

export function Component() {
  const { task, ownTask } = useLoaderData<typeof loader>();
  usePageTitle("Task Details");
  return (
    <RequireAuth>
      <TaskDetailsView task={task}>
        <div className="mt-8">
          <PlaceBid key={task._id} task={task} ownTask={ownTask} />
        </div>
        {task.offersPublic && !ownTask && <PublicOffers key={task._id} taskId={task._id} />}
        <TaskQuestions key={`questions-${task._id}`} taskId={task._id} isPoster={ownTask} />
      </TaskDetailsView>
    </RequireAuth>
  );
}
