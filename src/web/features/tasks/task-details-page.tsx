import { Settings2 } from "lucide-react";
import { type LoaderFunctionArgs, useLoaderData, useNavigate } from "react-router";
import { PHONE_ACTION } from "../../components/phone-action.ts";
import { paths } from "../../config/paths.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { isSameEmail, loadSession, useSession } from "../accounts/public.ts";
import { OffersList, PlaceBid, PlaceBidSignedOut, PublicOffers, TaskSteps } from "../bids/public.ts";
import { useRevalidateOnNotice } from "../notifications/public.ts";
import { TaskQuestions } from "../questions/public.ts";
import { TaskDetailsView } from "./task-details-view.tsx";
import { getTask, type Task } from "./tasks-api.ts";

/**
 * A task's page, open to everyone (PRODUCT.md, Task pages are public): a visitor reads it and is
 * asked to log in to bid or ask; the poster manages the task here; everyone else bids and asks.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await loadSession();
  try {
    const task = await getTask(params.id ?? "", request.signal);
    return { task, ownTask: isSameEmail(task.userEmail, user?.email) };
  } catch (error) {
    throw toRouteError(error);
  }
}

/** The poster's own task: what its status allows, then the offers to compare and accept. */
function ManageTask({ task }: { task: Task }) {
  const navigate = useNavigate();
  return (
    <>
      <section id="manage" aria-labelledby="manage-heading" className="mt-8 scroll-mt-20">
        <h2 id="manage-heading" className="text-lg font-semibold">
          Manage this task
        </h2>
        <div className="mt-3">
          {/* Deleted: back to the poster's list; any other step shows the task as it now is. */}
          <TaskSteps task={task} onChanged={(updated) => updated || navigate(paths.myPostedTasks)} />
        </div>
      </section>
      <section id="offers" aria-labelledby="offers-heading" className="mt-8 scroll-mt-20">
        <h2 id="offers-heading" className="text-lg font-semibold">
          Offers
        </h2>
        <OffersList task={task} version={task} />
      </section>
      {/* On a phone, the way back to the task's steps from anywhere on the page. */}
      <a href="#manage" className={`btn-primary sm:hidden ${PHONE_ACTION}`}>
        <Settings2 aria-hidden="true" className="size-4" /> Manage this task
      </a>
    </>
  );
}

export function Component() {
  const { task, ownTask } = useLoaderData<typeof loader>();
  // Signed out on this page (in this tab or another): it stays, as a visitor's.
  const signedIn = useSession().user !== null;
  const poster = ownTask && signedIn;
  usePageTitle(task.title);
  // A notice about this task (a bid, a hire, a release, a question): the page reads it again.
  useRevalidateOnNotice(task._id);
  return (
    <TaskDetailsView task={task}>
      {poster && <ManageTask task={task} />}
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
