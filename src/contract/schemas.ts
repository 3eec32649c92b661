import { z } from "zod";
import { BUDGET_RANGE_REFUSAL } from "./budget-range.ts";
import { isCalendarDate, todayAnywhereOnEarth } from "./dates.ts";
import { groupDigits } from "./digits.ts";
import { BID_STATUSES, LIMITS, TASK_CATEGORIES, TASK_LIST_STATUSES, TASK_SORTS, TASK_STATUSES } from "./limits.ts";
import { PASSWORD_RULES } from "./passwords.ts";
import { PAYMENT_STATUSES } from "./payment-words.ts";

/** Each message names its field, so a message alone tells a person what to fix. */
export function requiredText(field: string, max: number) {
  return z
    .string({ error: `${field} is required` })
    .refine((value) => value.trim().length > 0, `${field} is required`)
    .refine(hasVisibleText, invisibleOnly(field))
    .refine((value) => value.length <= max, `${field} must be at most ${groupDigits(max)} characters`)
    .refine(hasNoNul, `${field} cannot contain a NUL character`);
}

/** Neither database stores U+0000 in text (PostgreSQL refuses it), so no field may hold one. */
export const hasNoNul = (value: string) => !value.includes("\u0000");

/**
 * What shows nothing on screen: white space, control and format characters (zero-width spaces and
 * joiners, direction marks and overrides), other default-ignorable ones (Hangul fillers), marks
 * with nothing to sit on, and the blank Braille cell.
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/**
 * The one rule for every text that must not be empty (names, titles, skills, reviews, reports,
 * messages): something in it must show. Forty zero-width spaces are not a skill (issue 42).
 */
export const hasVisibleText = (value: string) => value.replace(INVISIBLE, "").length > 0;

/** What a person is told when a field holds only characters that show nothing. */
export const invisibleOnly = (field: string) => `${field} must have visible characters, not only invisible ones`;

/** Ids the server hands out: URL-safe letters, digits, "-" and "_". */
export const IdSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(64, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} is not a valid id`);

export const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const TitleSchema = requiredText("Title", LIMITS.titleMax);
export const DescriptionSchema = requiredText("Description", LIMITS.descriptionMax);
export const NameSchema = requiredText("Name", LIMITS.nameMax);

export const CategorySchema = z.enum(TASK_CATEGORIES, {
  error: `Category must be one of ${TASK_CATEGORIES.join(", ")}`,
});

/** US dollars: more than 0, at most 1,000,000, at most two decimals. */
function moneySchema(field: string) {
  return z
    .number({ error: `${field} must be a number` })
    .refine(Number.isFinite, `${field} must be a number`)
    .refine((value) => value > LIMITS.budgetMin, `${field} must be more than 0`)
    .refine((value) => value <= LIMITS.budgetMax, `${field} must be at most 1,000,000`)
    .refine(hasAtMostTwoDecimals, `${field} can have at most two decimals`);
}

export const BudgetSchema = moneySchema("Budget");
export const AmountSchema = moneySchema("Amount");
export const DeliveryDaysSchema = z
  .number({ error: "Delivery days must be a whole number" })
  .int("Delivery days must be a whole number")
  .min(LIMITS.bidDaysMin, `Delivery days must be from ${LIMITS.bidDaysMin} to ${LIMITS.bidDaysMax}`)
  .max(LIMITS.bidDaysMax, `Delivery days must be from ${LIMITS.bidDaysMin} to ${LIMITS.bidDaysMax}`);
export const BidMessageSchema = z
  .string({ error: "Message must be text" })
  .refine((value) => value.length <= LIMITS.bidMessageMax, "Message must be at most 2,000 characters")
  .refine(hasNoNul, "Message cannot contain a NUL character");

export const DeadlineSchema = z
  .string({ error: "Deadline is required" })
  .refine((value) => value.length > 0, "Deadline is required")
  .refine(isCalendarDate, "Deadline must be a date written YYYY-MM-DD");

export const PhotoUrlSchema = z
  .string({ error: "Photo URL is required" })
  .refine((value) => value.trim().length > 0, "Photo URL is required")
  .refine((value) => value.length <= LIMITS.photoUrlMax, `Photo URL must be at most ${LIMITS.photoUrlMax} characters`)
  .refine(
    (value) => hasNoNul(value) && isHttpUrl(value),
    "Photo URL must be a web address starting with http:// or https://",
  );

/** A photo is optional (sign-up, the profile): empty or missing means none, and the initials stand in. */
export const OptionalPhotoUrlSchema = z
  .string({ error: "Photo URL must be a web address starting with http:// or https://" })
  .refine((value) => value.length <= LIMITS.photoUrlMax, `Photo URL must be at most ${LIMITS.photoUrlMax} characters`)
  .refine(
    (value) => value === "" || (hasNoNul(value) && isHttpUrl(value)),
    "Photo URL must be a web address starting with http:// or https://",
  )
  .optional();

export const EmailSchema = z
  .string({ error: "Email is required" })
  .refine((value) => value.length > 0, "Email is required")
  .refine((value) => value.length <= LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
  .refine((value) => hasNoNul(value) && z.email().safeParse(value).success, "Email must be a valid email address");

export const PasswordSchema = z
  .string({ error: "Password is required" })
  .refine((value) => value.length > 0, "Password is required")
  .refine((value) => value.length <= LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`)
  // The checklist's rules (passwords.ts), in its order; the common-password check is the server's hook's.
  .check(
    ...PASSWORD_RULES.map((rule) =>
      z.refine<string>((value) => typeof value !== "string" || value.length === 0 || rule.met(value), rule.refusal),
    ),
  );

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A page size from 1 to `max`, `fallback` when left out; one message names the range. */
export function pageLimitSchema(max: number, fallback: number) {
  const message = `Limit must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);
}

/* Tasks */

export const TaskInputSchema = z.object({
  title: TitleSchema,
  category: CategorySchema,
  description: DescriptionSchema,
  deadline: DeadlineSchema,
  budget: BudgetSchema,
  offersPublic: z
    .boolean({ error: "Public offers must be true or false" })
    .optional()
    .describe("Whether every signed-in reader sees each bidder's name and amount; private when left out"),
});
export type TaskInput = z.infer<typeof TaskInputSchema>;

const DEADLINE_IN_PAST = "Deadline cannot be in the past";

/** A new task's deadline may not lie before today. */
export const CreateTaskSchema = TaskInputSchema.refine((task) => task.deadline >= todayAnywhereOnEarth(), {
  message: DEADLINE_IN_PAST,
  path: ["deadline"],
});

/**
 * A changed deadline may not lie before today either. A deadline that has already passed may stay
 * as it is, so its poster can still correct the rest (the task takes no bids until it moves).
 */
export function updateTaskSchema(storedDeadline: string) {
  return TaskInputSchema.refine((task) => task.deadline === storedDeadline || task.deadline >= todayAnywhereOnEarth(), {
    message: DEADLINE_IN_PAST,
    path: ["deadline"],
  });
}

/** A hire's payment as a task shows it to its two parties (issue 44). */
export const TaskPaymentSchema = z.object({
  _id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  releaseDueAt: z.string().optional().describe("Delivered: when it is released by itself"),
});

export type TaskPayment = z.infer<typeof TaskPaymentSchema>;

export const TaskSchema = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  deadline: z.string(),
  budget: z.number(),
  userName: z.string(),
  ownerId: z.string().optional().describe("The poster's id, for their public profile"),
  userEmail: z.string().optional().describe("The poster's contact email; only for signed-in readers"),
  createdAt: z.string(),
  bidCount: z
    .number()
    .int()
    .optional()
    .describe("Number of offers not withdrawn: on a list for every reader, on a task's page for signed-in readers"),
  posterRating: z
    .object({
      rating: z.number().nullable().describe("The average of the published reviews, one decimal; null without"),
      reviews: z.number().int(),
    })
    .optional()
    .describe("On a list: the poster's rating as a client, from freelancers' published reviews of them"),
  hasBid: z.boolean().optional().describe("Whether the signed-in reader has a live bid on this task"),
  status: z.enum(TASK_STATUSES),
  offersPublic: z.boolean(),
  assignee: z.string().optional().describe("The hired freelancer's name, once assigned"),
  agreedAmount: z.number().optional().describe("The accepted bid's amount; for the poster and the freelancer only"),
  assigneeId: z.string().optional().describe("The hired freelancer's id, for their public profile"),
  reviewDue: z
    .boolean()
    .optional()
    .describe("For the poster and the hired freelancer: the task can be reviewed and the reader has not yet"),
  invitedBy: z.string().optional().describe("For a freelancer the poster invited to this task: the poster's name"),
  platformFeePercent: z
    .number()
    .optional()
    .describe(
      "With payments on, on a task's page for signed-in readers: the platform fee, in percent, taken from what the hired freelancer is paid",
    ),
  get payment() {
    return TaskPaymentSchema.optional().describe(
      "For the poster and the hired freelancer: the hire's payment and where it stands (issue 44)",
    );
  },
  get myBid() {
    return BidSchema.optional().describe("The signed-in reader's own bid on this task, live or not");
  },
});
export type Task = z.infer<typeof TaskSchema>;

/**
 * A list's lowest or highest budget: 0 to 1,000,000 US dollars, at most two decimals; read from a
 * query string's text, or a JSON number (a saved search's).
 */
export function budgetBoundSchema(field: string, { fromQuery = false } = {}) {
  const message = `${field} must be a number from 0 to 1,000,000`;
  return (fromQuery ? z.coerce.number({ error: message }) : z.number({ error: message }))
    .refine(Number.isFinite, message)
    .refine((value) => value >= 0 && value <= LIMITS.budgetMax, message)
    .refine(hasAtMostTwoDecimals, `${field} can have at most two decimals`);
}

/** Whether a range's minimum is not above its maximum; a missing bound is no bound. */
export const isBudgetRange = ({ minBudget, maxBudget }: { minBudget?: number | null; maxBudget?: number | null }) =>
  minBudget === undefined ||
  minBudget === null ||
  maxBudget === undefined ||
  maxBudget === null ||
  minBudget <= maxBudget;

export const TaskListQuerySchema = z
  .object({
    q: z
      .string()
      .max(LIMITS.searchMax, `Search must be at most ${LIMITS.searchMax} characters`)
      .refine(hasNoNul, "Search cannot contain a NUL character")
      .optional(),
    category: CategorySchema.optional(),
    sort: z.enum(TASK_SORTS, { error: `Sort must be one of ${TASK_SORTS.join(", ")}` }).default("newest"),
    page: z.coerce
      .number({ error: "Page must be a whole number from 1" })
      .int("Page must be a whole number from 1")
      .min(1, "Page must be a whole number from 1")
      .max(1_000_000, "Page is too large")
      .default(1),
    limit: pageLimitSchema(LIMITS.tasksPageMax, LIMITS.tasksPageDefault),
    owner: z.literal("me", { error: 'Owner can only be "me"' }).optional(),
    status: statusListSchema(TASK_LIST_STATUSES, "Status").describe(
      "open: taking offers (deadline not passed); closed: open but past its deadline; or assigned, completed, cancelled",
    ),
    minBudget: budgetBoundSchema("Minimum budget", { fromQuery: true })
      .optional()
      .describe("Only tasks whose budget is at least this, in US dollars"),
    maxBudget: budgetBoundSchema("Maximum budget", { fromQuery: true })
      .optional()
      .describe("Only tasks whose budget is at most this, in US dollars"),
  })
  .refine(isBudgetRange, { message: BUDGET_RANGE_REFUSAL, path: ["minBudget"] });
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

export const TaskIdParamsSchema = z.object({ id: IdSchema("Task id") });

export const InsertedSchema = z.object({ insertedId: z.string() });
export const ModifiedSchema = z.object({ modifiedCount: z.number().int() });
export const DeletedSchema = z.object({ deletedCount: z.number().int() });

/** One status or several: repeated (status=open&status=assigned) or comma-separated. */
function statusListSchema<const T extends readonly [string, ...string[]]>(statuses: T, field: string) {
  return z
    .preprocess(
      (value) => (typeof value === "string" ? value.split(",") : value),
      z.array(z.enum(statuses, { error: `${field} must be one of ${statuses.join(", ")}` })).max(statuses.length),
    )
    .optional();
}

/* Bids */

/** Amount defaults to the task's budget, so the specification's one-field call still works. */
export const CreateBidSchema = z.object({
  taskId: IdSchema("taskId"),
  amount: AmountSchema.optional(),
  days: DeliveryDaysSchema.optional(),
  message: BidMessageSchema.optional(),
});
export type CreateBidInput = z.infer<typeof CreateBidSchema>;

/** A changed offer: the fields sent replace the bid's; days and message may be cleared with null. */
export const UpdateBidSchema = z.object({
  amount: AmountSchema.optional(),
  days: DeliveryDaysSchema.nullable().optional(),
  message: BidMessageSchema.nullable().optional(),
});
export type UpdateBidInput = z.infer<typeof UpdateBidSchema>;

/** The fields of the bid form, the same rules in the browser as in the API. */
export const BidFormSchema = z.object({
  amount: AmountSchema,
  days: DeliveryDaysSchema.optional(),
  message: BidMessageSchema,
});
export type BidFormInput = z.infer<typeof BidFormSchema>;

export const BidIdParamsSchema = z.object({ id: IdSchema("Bid id") });
/** The amount the poster saw: when the bidder changed the offer since, the accept is refused. */
export const AcceptBidSchema = z.object({ bidId: IdSchema("bidId"), amount: AmountSchema.optional() });

/** What a bidder's offer shows of them (the bids dialog), and a Find Freelancers card (issue 28). */
export const ReputationSchema = z.object({
  rating: z.number().nullable().describe("Average stars as a freelancer, one decimal; null without published reviews"),
  reviews: z.number().int().describe("Published reviews of their work"),
  completed: z.number().int().describe("Tasks assigned to them and completed"),
});
export type Reputation = z.infer<typeof ReputationSchema>;

/** A bid as the task's poster and the bidder see it; nobody else sees one (PRODUCT.md, Hiring). */
export const BidSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  bidTime: z.string().describe("When the offer was placed"),
  changedAt: z.string().optional().describe("When the bidder last changed the offer, if they did"),
  status: z.enum(BID_STATUSES),
  userName: z.string(),
  userEmail: z.string(),
  bidderId: z.string().describe("The bidder's id, for their message thread"),
  amount: z.number().describe("The offer in US dollars"),
  days: z.number().int().optional().describe("Promised delivery in days"),
  message: z.string().optional().describe("Cover note"),
  mine: z.boolean().describe("Whether the signed-in reader placed this bid"),
  reputation: ReputationSchema.optional().describe("The bidder's record, for the poster choosing"),
  invited: z.boolean().optional().describe("For the poster: the bidder came on their invitation"),
});
export type Bid = z.infer<typeof BidSchema>;

/** Someone else's offer on a task whose poster made the offers public: who and how much, nothing more. */
export const OfferSummarySchema = z.object({
  userName: z.string(),
  amount: z.number().describe("The offer in US dollars"),
  mine: z.literal(false),
});
export type OfferSummary = z.infer<typeof OfferSummarySchema>;

export const CreatedBidSchema = BidSchema.extend({ insertedId: z.string() });

/** A bid of mine with what My Bids shows of its task. */
export const MyBidSchema = BidSchema.extend({
  task: z.object({
    _id: z.string(),
    title: z.string(),
    status: z.enum(TASK_STATUSES).describe("For a deleted task, the status it had when deleted (open)"),
    deadline: z.string(),
    budget: z.number(),
    reviewDue: z
      .boolean()
      .optional()
      .describe("The bidder was hired, the task ended, and their review is still to write"),
    deleted: z
      .literal(true)
      .optional()
      .describe("The poster deleted the task: its page is gone, the offer is kept here (decision 020)"),
    payment: TaskPaymentSchema.optional().describe("Hired: the payment held for the work, once made (issue 44)"),
  }),
});
export type MyBid = z.infer<typeof MyBidSchema>;

export const MyBidsQuerySchema = z.object({
  status: statusListSchema(BID_STATUSES, "Status"),
  page: TaskListQuerySchema.shape.page,
  limit: TaskListQuerySchema.shape.limit,
});

/** The signed-in person's own figures for the dashboard (PRODUCT.md, Hiring). */
export const DashboardSummarySchema = z.object({
  tasks: z.record(z.enum(TASK_STATUSES), z.number().int()).describe("Tasks I posted, by status"),
  bids: z.record(z.enum(BID_STATUSES), z.number().int()).describe("My bids, by status"),
  spent: z.number().describe("Agreed amounts of my completed tasks, in US dollars"),
  earned: z.number().describe("Agreed amounts of the work I completed, in US dollars"),
  working: z.number().int().describe("Tasks assigned to me that are not completed yet"),
  completedJobs: z.number().int().describe("Tasks assigned to me that are completed"),
  activity: z
    .array(
      z.object({
        kind: z.enum(["posted", "bid", "hired"]),
        taskId: z.string(),
        title: z.string(),
        time: z.string(),
        amount: z.number().optional(),
        status: z.string(),
      }),
    )
    .describe("My latest tasks, bids and hires, newest first"),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

export const BidListQuerySchema = z.object({
  taskId: IdSchema("taskId"),
  page: TaskListQuerySchema.shape.page,
  limit: pageLimitSchema(LIMITS.bidsPageMax, LIMITS.bidsPageDefault),
});

/* Questions (public, on a task's page) */

export const AskQuestionSchema = z.object({ body: requiredText("Question", LIMITS.questionMax) });
export type AskQuestionInput = z.infer<typeof AskQuestionSchema>;
export const AnswerQuestionSchema = z.object({ answer: requiredText("Answer", LIMITS.answerMax) });
export const HideQuestionSchema = z.object({ hidden: z.boolean({ error: "Hidden must be true or false" }) });
export const QuestionIdParamsSchema = z.object({ id: IdSchema("Question id") });

export const QuestionSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  body: z.string(),
  askerName: z.string(),
  askerId: z.string().optional().describe("The asker's id, for their public profile"),
  createdAt: z.string(),
  answer: z.string().optional(),
  answeredAt: z.string().optional(),
  hidden: z.boolean().describe("Hidden by the poster: only the poster sees it"),
  mine: z.boolean().describe("Whether the signed-in reader asked it"),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionListQuerySchema = z.object({
  page: TaskListQuerySchema.shape.page,
  limit: pageLimitSchema(LIMITS.questionsPageMax, LIMITS.questionsPageDefault),
});

/* Private messages: one thread per task and bidder, between the poster and that bidder */

export const SendMessageSchema = z.object({ body: requiredText("Message", LIMITS.messageMax) });
export const ThreadParamsSchema = z.object({ id: IdSchema("Task id"), bidderId: IdSchema("Bidder id") });

export const MessageSchema = z.object({
  _id: z.string(),
  body: z.string(),
  senderName: z.string(),
  mine: z.boolean(),
  sentAt: z.string(),
  removed: z.literal(true).optional().describe("Removed by a moderator: its body says so, its words are gone"),
});
export type Message = z.infer<typeof MessageSchema>;

export const ThreadSchema = z.object({
  taskId: z.string(),
  taskTitle: z.string(),
  bidderId: z.string(),
  otherName: z.string().describe("The other person in the thread"),
  otherId: z.string().optional().describe("The other person's id, for their public profile"),
  lastMessage: z.string(),
  lastAt: z.string(),
  unread: z.number().int(),
});
export type Thread = z.infer<typeof ThreadSchema>;

/* Accounts */

export const SignUpSchema = z.object({
  name: NameSchema,
  image: OptionalPhotoUrlSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .min(1, "Email is required")
    .max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
    .refine(hasNoNul, "Email must be a valid email address"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** A new password from a reset link: the same rules as at sign-up. */
export const ResetPasswordSchema = z.object({
  token: z.string({ error: "The reset link is incomplete" }).min(1, "The reset link is incomplete").max(200),
  newPassword: PasswordSchema,
});

export const ProfileSchema = z.object({ name: NameSchema, image: OptionalPhotoUrlSchema });

/** Which other ways in this server takes (GET /api/auth/sign-in-options): the forms show only those. */
export const SignInOptionsSchema = z.object({ google: z.boolean(), firebase: z.boolean() });
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;
export type ProfileInput = z.infer<typeof ProfileSchema>;

/* Errors */

export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
