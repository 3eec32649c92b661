import { useRevalidator } from "react-router";
import type { Task } from "../../../contract/schemas.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { getTask } from "./tasks-api.ts";

/**
 * What happened to a task between what a person saw (`before`) and what it now is (`after`, null
 * once it is gone), in words, for when the server refused an action because the task moved on
 * (409, or 404 once deleted): "Maya gave this task back — it is open again". Null when nothing
 * that a person acts on changed; then the server's own sentence says it.
 */
export function explainTaskChange(before: Task, after: Task | null): string | null {
  if (!after) return "This task has been deleted.";
  if (after.status !== before.status) {
    switch (after.status) {
      case "open":
        return before.status === "assigned"
          ? `${before.assignee ?? "The freelancer"} gave this task back — it is open again.`
          : "This task is open again.";
      case "assigned":
        return `${after.assignee ?? "A freelancer"} has been hired for this task.`;
      case "completed":
        return "This task has been marked as completed.";
      case "cancelled":
        return "This task has been cancelled.";
    }
  }
  if (after.deadline !== before.deadline) return "The client changed this task's deadline.";
  if (after.myBid && before.myBid && after.myBid.status !== before.myBid.status) {
    return `Your bid is now ${after.myBid.status}.`;
  }
  return null;
}

/** Whether a refusal says the task moved on since the page was read: then the page reads it again. */
export function isStaleRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 409 || error.status === 404);
}

/**
 * For a page that acts on `task`: what to do when an action fails. A refusal because the task moved
 * on says what happened (the task read again) and reads the page's data again (the router's
 * loaders), so what is shown is true; any other failure says the server's sentence.
 */
export function useActionFailure(task: Task): (error: unknown) => Promise<void> {
  const { revalidate } = useRevalidator();
  return async (error) => {
    if (!isStaleRefusal(error)) {
      notify.error(errorMessage(error));
      return;
    }
    const after = await getTask(task._id).catch(() => null);
    notify.error(explainTaskChange(task, after) ?? errorMessage(error));
    await revalidate();
  };
}
