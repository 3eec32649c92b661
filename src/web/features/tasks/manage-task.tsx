import { Settings2 } from "lucide-react";
import { useNavigate } from "react-router";
import { PHONE_ACTION } from "../../components/phone-action.ts";
import { paths } from "../../config/paths.ts";
import { OffersList, TaskSteps } from "../bids/public.ts";
import type { Task } from "./tasks-api.ts";

/** The poster's own task: what its status allows, then the offers to compare and accept. */
export default function ManageTask({ task }: { task: Task }) {
  const navigate = useNavigate();
  // Completed or cancelled, nothing is left to do to the task: no heading over no buttons. Nor while
  // its payment is disputed: that ends on the payment's page (TaskSteps offers nothing meanwhile).
  const steps = task.status === "open" || (task.status === "assigned" && task.payment?.status !== "disputed");
  return (
    <>
      {steps && (
        <section id="manage" aria-labelledby="manage-heading" className="mt-8 scroll-mt-20">
          <h2 id="manage-heading" className="text-lg font-semibold">
            Manage this task
          </h2>
          <div className="mt-3">
            {/* Deleted: back to the poster's list; any other step reads the task again. */}
            <TaskSteps task={task} onDeleted={() => navigate(paths.myPostedTasks)} />
          </div>
        </section>
      )}
      <section id="offers" aria-labelledby="offers-heading" className="mt-8 scroll-mt-20">
        <h2 id="offers-heading" className="text-lg font-semibold">
          Offers
        </h2>
        <OffersList task={task} version={task} />
      </section>
      {/* On a phone, the way back to the task's steps from anywhere on the page. */}
      {steps && (
        <a href="#manage" className={`btn-primary sm:hidden ${PHONE_ACTION}`}>
          <Settings2 aria-hidden="true" className="size-4" /> Manage this task
        </a>
      )}
    </>
  );
}
