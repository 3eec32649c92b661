import { lazy, Suspense } from "react";
import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { loadSoon } from "../../lib/load-soon.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { isSameEmail, loadSession, useSession } from "../accounts/public.ts";
import { PlaceBid, PlaceBidSignedOut, PublicOffers } from "../bids/public.ts";
import { ReportSlot } from "../moderation/public.ts";
import { useRevalidateOnNotice } from "../notifications/public.ts";
import { preloadAskForm, TaskQuestions } from "../questions/public.ts";
import { preloadTaskReviews, TaskReviews } from "../reviews/public.ts";
import { TaskDetailsView } from "./task-details-view.tsx";
import { getTask } from "./tasks-api.ts";

// Only the poster manages a task: its steps and the offers load for them, not with everyone's page.
const loadManageTask = () => import("./manage-task.tsx");
const ManageTask = lazy(loadManageTask);

/**
 * A task's page, open to everyone (PRODUCT.md, Task pages are public): a visitor reads it and is
 * asked to log in to bid or ask; the poster manages the task here; everyone else bids and asks.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await loadSession();
  try {
    const task = await getTask(params.id ?? "", request.signal);
    const ownTask = isSameEmail(task.userEmail, user?.email);
    // The lazy parts the page shows this reader at once start loading in the next task (loadSoon):
    // on a page's first load, before React's first render rather than inside it.
    preloadTaskReviews(task);
    if (user && ownTask) loadSoon(loadManageTask);
    else if (user) preloadAskForm();
    return { task, ownTask };
  } catch (error) {
    throw toRouteError(error);
  }
}

export function Component() {
  const { task, ownTask } = useLoaderData<typeof loader>();
  // Signed out on this page (in this tab or another): it stays, as a visitor's.
  const signedIn = useSession().user !== null;
  const poster = ownTask && signedIn;
  usePageTitle(task.title);
  // A notice about this task (a bid, a hire, a release, a question, a review): the page reads it again.
  useRevalidateOnNotice(task._id);
  return (
    <TaskDetailsView task={task} report={signedIn && !poster && <ReportSlot kind="task" id={task._id} />}>
      {/* A task ended with a hire: its reviews first, read again with the page (a notice: the other side reviewed). */}
      <TaskReviews key={`reviews-${task._id}`} task={task} isPoster={poster} version={task} />
      {poster && (
        <Suspense fallback={<Spinner label="Loading the offers" />}>
          <ManageTask task={task} />
        </Suspense>
      )}
      {!poster && (
        <div className="mt-8">
          {signedIn ? <PlaceBid key={task._id} task={task} ownTask={false} /> : <PlaceBidSignedOut task={task} />}
        </div>
      )}
      {task.offersPublic && !poster && signedIn && <PublicOffers key={task._id} taskId={task._id} version={task} />}
      <TaskQuestions
        key={`questions-${task._id}`}
        taskId={task._id}
        isPoster={poster}
        signedIn={signedIn}
        version={task}
      />
    </TaskDetailsView>
  );
}
