import type { Task } from "../../../contract/schemas.ts";

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
