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

export const LIMITS = {
  titleMax: 120,
  descriptionMax: 5000,
  budgetMin: 0,
  budgetMax: 1_000_000,
  nameMax: 80,
  photoUrlMax: 2048,
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  searchMax: 100,
  /** A search counts and pages through at most this many tasks, the newest that match (decision 014). */
  searchResultsMax: 1000,
  tasksPageDefault: 24,
  tasksPageMax: 100,
  bidsPageDefault: 50,
  bidsPageMax: 100,
  featuredTasks: 6,
  bidDaysMin: 1,
  bidDaysMax: 365,
  bidMessageMax: 2000,
  questionMax: 1000,
  answerMax: 2000,
  questionsPageDefault: 20,
  questionsPageMax: 50,
  messageMax: 5000,
  messagesPageMax: 100,
  notificationsPageDefault: 20,
  notificationsPageMax: 50,
  reviewTextMax: 2000,
  reviewAnswerMax: 1000,
  /** Days after a task ends in which its poster and hired freelancer may review each other (REVIEW_WINDOW_DAYS). */
  reviewWindowDays: 14,
  /** Days after a task ends when whoever has not reviewed yet is reminded. */
  reviewReminderDays: 7,
  reviewsPageDefault: 10,
  reviewsPageMax: 50,
  bioMax: 1000,
  skillsMax: 15,
  skillMax: 40,
  freelancersPageDefault: 24,
  freelancersPageMax: 100,
  /** A completion or cancellation rate is shown from this many assignments on ("New on QuickGig" before). */
  rateMinAssignments: 5,
  /** Live streams one person may hold open (a tab each). */
  eventStreamsPerUser: 20,
} as const;

export const PASSWORD_HINT =
  "Must be at least 6 characters, including a number, a lowercase letter and an uppercase letter";

/** Fallback display name of a bidder without one (specification, section 3). */
export const ANONYMOUS_NAME = "Anonymous";
