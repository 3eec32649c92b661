import { isBiddingOpen } from "../../contract/dates.ts";
import type { TaskStatus } from "../../contract/vocabulary.ts";

export type TaskStatusWord = "Open" | "Closed" | "Assigned" | "Completed" | "Cancelled";

/** The word a task's status shows as; "Closed" is not a status but an open task past its deadline. */
export function taskStatusWord(status: TaskStatus, deadline: string): TaskStatusWord {
  if (status === "open") return isBiddingOpen(deadline) ? "Open" : "Closed";
  return status === "assigned" ? "Assigned" : status === "completed" ? "Completed" : "Cancelled";
}

/** Why a task takes no offers, in words (a card says it as text, not colour alone); null while it takes them. */
export function notTakingOffersReason(status: TaskStatus, deadline: string): string | null {
  if (status === "open") return isBiddingOpen(deadline) ? null : "Bidding closed: the deadline has passed";
  return `${taskStatusWord(status, deadline)} — not taking offers`;
}
