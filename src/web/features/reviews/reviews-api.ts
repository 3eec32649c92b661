import type { Review, ReviewInput, TaskReviews } from "../../../contract/reputation.ts";
import { apiJson } from "../../lib/api.ts";

export type { Review, ReviewInput, TaskReviews };

const reviewsPath = (taskId: string) => `/api/tasks/${encodeURIComponent(taskId)}/reviews`;

/** A task's reviews as the reader may see them: the published ones, and for its two parties their own and the window. */
export function getTaskReviews(taskId: string, signal?: AbortSignal): Promise<TaskReviews> {
  return apiJson<TaskReviews>(reviewsPath(taskId), { signal });
}

/** The reader's review of the other party; hidden until both are in or the window ends. */
export function postReview(taskId: string, review: ReviewInput): Promise<Review> {
  return apiJson<Review>(reviewsPath(taskId), { method: "POST", body: review });
}

/** The reader's own review changed, while it is still hidden. */
export function updateMyReview(taskId: string, review: ReviewInput): Promise<Review> {
  return apiJson<Review>(`${reviewsPath(taskId)}/mine`, { method: "PUT", body: review });
}
