import { z } from "zod";
import { isCalendarDate, todayAnywhereOnEarth } from "./dates.ts";
import { LIMITS, TASK_CATEGORIES, TASK_SORTS } from "./limits.ts";

/** Each message names its field, so a message alone tells a person what to fix. */
function requiredText(field: string, max: number) {
  return z
    .string({ error: `${field} is required` })
    .refine((value) => value.trim().length > 0, `${field} is required`)
    .refine((value) => value.length <= max, `${field} must be at most ${max} characters`)
    .refine(hasNoNul, `${field} cannot contain a NUL character`);
}

/** Neither database stores U+0000 in text (PostgreSQL refuses it), so no field may hold one. */
const hasNoNul = (value: string) => !value.includes("\u0000");

/** Ids the server hands out: URL-safe letters, digits, "-" and "_". */
export const IdSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(64, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} is not a valid id`);

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const TitleSchema = requiredText("Title", LIMITS.titleMax);
export const DescriptionSchema = requiredText("Description", LIMITS.descriptionMax);
export const NameSchema = requiredText("Name", LIMITS.nameMax);

export const CategorySchema = z.enum(TASK_CATEGORIES, {
  error: `Category must be one of ${TASK_CATEGORIES.join(", ")}`,
});

export const BudgetSchema = z
  .number({ error: "Budget must be a number" })
  .refine(Number.isFinite, "Budget must be a number")
  .refine((value) => value > LIMITS.budgetMin, "Budget must be more than 0")
  .refine((value) => value <= LIMITS.budgetMax, "Budget must be at most 1,000,000")
  .refine(hasAtMostTwoDecimals, "Budget can have at most two decimals");

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

export const EmailSchema = z
  .string({ error: "Email is required" })
  .refine((value) => value.length > 0, "Email is required")
  .refine((value) => value.length <= LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
  .refine((value) => hasNoNul(value) && z.email().safeParse(value).success, "Email must be a valid email address");

export const PasswordSchema = z
  .string({ error: "Password is required" })
  .refine((value) => value.length > 0, "Password is required")
  .refine((value) => value.length >= LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .refine((value) => value.length <= LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`)
  .refine((value) => /\d/.test(value), "Password must include a number")
  .refine((value) => /[a-z]/.test(value), "Password must include a lowercase letter")
  .refine((value) => /[A-Z]/.test(value), "Password must include an uppercase letter");

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/* Tasks */

export const TaskInputSchema = z.object({
  title: TitleSchema,
  category: CategorySchema,
  description: DescriptionSchema,
  deadline: DeadlineSchema,
  budget: BudgetSchema,
});
export type TaskInput = z.infer<typeof TaskInputSchema>;

/** A new task's deadline may not lie before today. */
export const CreateTaskSchema = TaskInputSchema.refine((task) => task.deadline >= todayAnywhereOnEarth(), {
  message: "Deadline cannot be in the past",
  path: ["deadline"],
});

export const TaskSchema = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  deadline: z.string(),
  budget: z.number(),
  userName: z.string(),
  userEmail: z.string().optional().describe("The poster's contact email; only for signed-in readers"),
  createdAt: z.string(),
  bidCount: z.number().int().optional().describe("Number of bids; only for signed-in readers"),
  hasBid: z.boolean().optional().describe("Whether the signed-in reader has bid on this task"),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskListQuerySchema = z.object({
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
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${LIMITS.tasksPageMax}` })
    .int(`Limit must be a whole number from 1 to ${LIMITS.tasksPageMax}`)
    .min(1, `Limit must be a whole number from 1 to ${LIMITS.tasksPageMax}`)
    .max(LIMITS.tasksPageMax, `Limit must be a whole number from 1 to ${LIMITS.tasksPageMax}`)
    .default(LIMITS.tasksPageDefault),
  owner: z.literal("me", { error: 'Owner can only be "me"' }).optional(),
});
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

export const TaskIdParamsSchema = z.object({ id: IdSchema("Task id") });

export const InsertedSchema = z.object({ insertedId: z.string() });
export const ModifiedSchema = z.object({ modifiedCount: z.number().int() });
export const DeletedSchema = z.object({ deletedCount: z.number().int() });

/* Bids */

export const CreateBidSchema = z.object({ taskId: IdSchema("taskId") });

export const BidSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  bidTime: z.string(),
  userName: z.string().optional().describe("Only for the task's poster and the bidder"),
  userEmail: z.string().optional().describe("Only for the task's poster and the bidder"),
  mine: z.boolean().describe("Whether the signed-in reader placed this bid"),
});
export type Bid = z.infer<typeof BidSchema>;

export const CreatedBidSchema = BidSchema.extend({ insertedId: z.string() });

export const BidListQuerySchema = z.object({
  taskId: IdSchema("taskId"),
  page: TaskListQuerySchema.shape.page,
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${LIMITS.bidsPageMax}` })
    .int(`Limit must be a whole number from 1 to ${LIMITS.bidsPageMax}`)
    .min(1, `Limit must be a whole number from 1 to ${LIMITS.bidsPageMax}`)
    .max(LIMITS.bidsPageMax, `Limit must be a whole number from 1 to ${LIMITS.bidsPageMax}`)
    .default(LIMITS.bidsPageDefault),
});

/* Accounts */

export const SignUpSchema = z.object({
  name: NameSchema,
  image: PhotoUrlSchema,
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

export const ProfileSchema = z.object({ name: NameSchema, image: PhotoUrlSchema });
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
