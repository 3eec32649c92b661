import { lazy, Suspense } from "react";
import type { Task } from "../../../contract/schemas.ts";
import { loadSoon } from "../../lib/load-soon.ts";

// The panel, its reviews and its form load only on a task that has ended with a hire: the task
// page's first download stays as it was (e2e/bundle.spec.ts).
const loadPanel = () => import("./task-reviews.tsx");
const TaskReviewsPanel = lazy(loadPanel);

/** A task ended with someone hired (completed, or cancelled while assigned) can be reviewed. */
export function hasReviews(task: Pick<Task, "status" | "assignee">): boolean {
  return task.status === "completed" || (task.status === "cancelled" && task.assignee !== undefined);
}

/** For the page's loader: the panel of a task that has reviews starts loading in the next task (loadSoon). */
export function preloadTaskReviews(task: Pick<Task, "status" | "assignee">): void {
  if (hasReviews(task)) loadSoon(loadPanel);
}

/** A task's Reviews section on its page, for a task that can have reviews; nothing otherwise. */
export function TaskReviews({ task, isPoster, version }: { task: Task; isPoster: boolean; version?: unknown }) {
  if (!hasReviews(task)) return null;
  return (
    <Suspense fallback={null}>
      <TaskReviewsPanel task={task} isPoster={isPoster} version={version} />
    </Suspense>
  );
}
