export { BUDGET_RANGE_REFUSAL } from "./budget-range.ts";
export {
  ANONYMOUS_NAME,
  BID_STATUSES,
  type BidStatus,
  PASSWORD_HINT,
  TASK_CATEGORIES,
  TASK_LIST_STATUSES,
  TASK_SORTS,
  TASK_STATUSES,
  type TaskCategory,
  type TaskListStatus,
  type TaskSort,
  type TaskStatus,
} from "./vocabulary.ts";

/** Every field's and list's limits, the server's checks and the web app's forms alike. */
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
