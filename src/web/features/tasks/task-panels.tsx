import { lazy, Suspense } from "react";
import { Spinner } from "../../components/spinner.tsx";
import { PlaceBid, PlaceBidSignedOut, PublicOffers } from "../bids/public.ts";
import { TaskQuestions } from "../questions/public.ts";
import type { Task } from "./tasks-api.ts";

// Only the poster manages a task: its steps and the offers load for them, not with everyone's page.
const ManageTask = lazy(() => import("./manage-task.tsx"));

/**
 * What a task's page does for its reader, below the task itself: the poster manages it; a visitor
 * is asked to log in; everyone else bids; all read and ask questions.
 */
export default function TaskPanels({ task, poster, signedIn }: { task: Task; poster: boolean; signedIn: boolean }) {
  return (
    <>
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
    </>
  );
}
