/**
 * The contract's words that the first screens need: the task categories, sorts and statuses, the
 * password hint and the anonymous bidder's name. A module apart from limits.ts so that a page which
 * shows a status or a category does not download the table of every field's limits with it
 * (e2e/bundle.spec.ts); limits.ts re-exports all of it, for the server and the contract.
 */

/** Task categories offered by the add and update forms (specification, section 9). */
export const TASK_CATEGORIES = ["Web Development", "Design", "Writing", "Marketing"] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

export const TASK_SORTS = ["newest", "deadline", "budget"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

/** A task's life (PRODUCT.md, Hiring): open → assigned → completed; cancelled from open or assigned. */
export const TASK_STATUSES = ["open", "assigned", "completed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * What a list of tasks may be limited to: "open" is an open task still taking offers (its deadline
 * not passed, decision 002), "closed" an open one whose deadline has passed; the others are statuses.
 */
export const TASK_LIST_STATUSES = ["open", "closed", "assigned", "completed", "cancelled"] as const;
export type TaskListStatus = (typeof TASK_LIST_STATUSES)[number];

/** A bid's: pending → accepted, declined or withdrawn; an accepted one is cancelled with its task. */
export const BID_STATUSES = ["pending", "accepted", "declined", "withdrawn", "cancelled"] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const PASSWORD_HINT =
  "Must be at least 6 characters, including a number, a lowercase letter and an uppercase letter";

/** Fallback display name of a bidder without one (specification, section 3). */
export const ANONYMOUS_NAME = "Anonymous";
