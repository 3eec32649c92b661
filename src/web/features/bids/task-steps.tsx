import { CheckCheck, Pencil, Trash2, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Task } from "../../../contract/schemas.ts";
import { paths } from "../../config/paths.ts";
import { confirmAction, showAlert } from "../../lib/dialogs.ts";
import { notify } from "../../lib/notify.ts";
import { deleteTask, useActionFailure } from "../tasks/public.ts";
import { moveTask } from "./bids-api.ts";

type Step = "complete" | "cancel";

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

/** The delete confirmation's text (the specification's), with how many offers go with the task. */
function deleteWarning(task: Task): string {
  const offers = task.bidCount ?? 0;
  if (offers === 0) return "You won't be able to revert this!";
  const counted = offers === 1 ? "1 offer" : `${offers} offers`;
  return `You won't be able to revert this! This task has ${counted}: ${offers === 1 ? "its bidder" : "their bidders"} will be told it was deleted.`;
}

/**
 * What a poster does to their task as its status allows (complete, cancel, delete), confirmed; the
 * page's data is then read again (its loaders), so it shows the task as it now is. A refusal because
 * the task moved on meanwhile says what happened and reads the page again too (useActionFailure).
 */
export function TaskSteps({
  task,
  onDeleted,
  children,
}: {
  task: Task;
  /** Where a page that shows only this task goes once it is deleted; a list reads itself again. */
  onDeleted?: () => void;
  /** More buttons, after Update and Delete (My Posted Tasks' Bids). */
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const failed = useActionFailure(task);
  const { revalidate } = useRevalidator();

  async function remove() {
    const confirmed = await confirmAction({
      title: "Are you sure?",
      text: deleteWarning(task),
      confirmLabel: "Yes, delete it!",
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const { deletedCount } = await deleteTask(task._id);
      if (deletedCount > 0) {
        if (onDeleted) onDeleted();
        else await revalidate();
        void showAlert({ title: "Deleted!", text: "Your task has been deleted.", icon: "success" });
      }
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  }

  async function step(which: Step) {
    const dialog = STEP_DIALOGS[which](task);
    const confirmed = await confirmAction({ ...dialog, cancelLabel: "Keep it" });
    if (!confirmed) return;
    setBusy(true);
    try {
      await moveTask(task._id, which);
      await revalidate();
      notify.success(dialog.done);
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  }

  // Delivered work is completed or disputed, never cancelled; a dispute ends in a split, on its
  // payment's page (the server answers 409 to either step meanwhile).
  const money = task.payment?.status;
  const canComplete = task.status === "assigned" && money !== "disputed";
  const canCancel =
    (task.status === "open" || task.status === "assigned") && money !== "delivered" && money !== "disputed";
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
            onClick={remove}
            disabled={busy}
            aria-label={`Delete ${task.title}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {busy ? "Deleting…" : "Delete"}
          </button>
        </>
      )}
      {children}
      {canComplete && (
        <button
          type="button"
          className="btn-primary px-3 py-1.5"
          onClick={() => step("complete")}
          disabled={busy}
          aria-label={`Mark as completed: ${task.title}`}
        >
          <CheckCheck aria-hidden="true" className="size-4" /> Mark as completed
        </button>
      )}
      {canCancel && (
        <button
          type="button"
          className="btn-secondary px-3 py-1.5"
          onClick={() => step("cancel")}
          disabled={busy}
          aria-label={`Cancel task: ${task.title}`}
        >
          <XCircle aria-hidden="true" className="size-4" /> Cancel task
        </button>
      )}
    </div>
  );
}
