import { z } from "zod";
import { groupDigits } from "./digits.ts";
import { LIMITS } from "./limits.ts";
import { FREELANCER_FIELDS, FREELANCER_SORTS, REVIEW_ASPECTS, REVIEW_ROLES } from "./reputation-words.ts";
import {
  hasNoNul,
  hasVisibleText,
  IdSchema,
  invisibleOnly,
  pageLimitSchema,
  ReputationSchema,
  requiredText,
  TaskListQuerySchema,
} from "./schemas.ts";

export * from "./reputation-words.ts";
export { type Reputation, ReputationSchema } from "./schemas.ts";

/*
 * Reviews and public profiles (issue 28, PRODUCT.md "Reviews and profiles"; decision 022).
 *
 * A task completed, or cancelled while assigned, may be reviewed once by its poster (of the hired
 * freelancer) and once by that freelancer (of the poster). A review is seen only by its author
 * until both are in or the window ends; then both are published together, with one publishedAt.
 */

function starsSchema(field: string) {
  const message = `${field} must be a whole number of stars from 1 to 5`;
  return z.number({ error: message }).int(message).min(1, message).max(5, message);
}

export const RatingSchema = starsSchema("Rating");
export const ReviewTextSchema = requiredText("Review", LIMITS.reviewTextMax);
export const ReviewAnswerTextSchema = requiredText("Answer", LIMITS.reviewAnswerMax);

/**
 * A review written or changed (while still hidden). The aspects are the client's only: a
 * freelancer who sends one is answered 400 naming it.
 */
export const ReviewInputSchema = z.object({
  rating: RatingSchema,
  text: ReviewTextSchema,
  communication: starsSchema("Communication").optional(),
  quality: starsSchema("Quality of work").optional(),
  deadline: starsSchema("Kept to the deadline").optional(),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

export const ReviewAnswerSchema = z.object({ answer: ReviewAnswerTextSchema });
export const ReviewIdParamsSchema = z.object({ id: IdSchema("Review id") });
export const UserIdParamsSchema = z.object({ id: IdSchema("User id") });

/** Shown for the task of a review once a moderator removed the task (issue 42). */
export const REMOVED_TASK_TITLE = "A task that was removed";

/** A person as a review or a list shows them, with their profile's link. */
export const PersonRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export type PersonRef = z.infer<typeof PersonRefSchema>;

export const ReviewSchema = z.object({
  _id: z.string(),
  taskId: z.string(),
  taskTitle: z.string().describe(`The task's title, or "${REMOVED_TASK_TITLE}"`),
  taskRemoved: z.literal(true).optional().describe("Its task was removed by a moderator: no title, no link"),
  role: z.enum(REVIEW_ROLES).describe("client: the poster reviewing the freelancer; freelancer: the reverse"),
  author: PersonRefSchema,
  subject: PersonRefSchema.describe("The person reviewed"),
  rating: z.number().int(),
  text: z.string(),
  communication: z.number().int().optional(),
  quality: z.number().int().optional(),
  deadline: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable().describe("null while hidden: only its author sees it then"),
  answer: z
    .object({ text: z.string(), answeredAt: z.string() })
    .nullable()
    .describe("The public answer of the person reviewed, once"),
});
export type Review = z.infer<typeof ReviewSchema>;

/**
 * GET /api/tasks/{id}/reviews. Everyone gets the task's published reviews; the poster and the
 * hired freelancer also get their own (hidden or not), whether a review waits for them, and the
 * window. A task that is not yet reviewable answers reviewable: false and empty lists.
 */
export const TaskReviewsSchema = z.object({
  reviewable: z.boolean().describe("The task ended (completed, or cancelled while assigned) with a freelancer"),
  windowEndsAt: z.string().nullable().describe("When new reviews and changes stop; null if not reviewable"),
  canReview: z.boolean().describe("The reader may write their review now (a party, not yet written, window open)"),
  canEdit: z.boolean().describe("The reader's own review is still hidden and may be changed"),
  mine: ReviewSchema.nullable(),
  waitingForMe: z.boolean().describe("The other side has reviewed the reader, who has not reviewed yet"),
  other: PersonRefSchema.nullable().describe("For a party, the person they review"),
  published: z.array(ReviewSchema),
});
export type TaskReviews = z.infer<typeof TaskReviewsSchema>;

/** A rate or an average with what it is made of: value = numerator / denominator over the period. */
export const FigureSchema = z.object({
  value: z
    .number()
    .nullable()
    .describe("Rates 0–1, averages in stars (one decimal); null with nothing to count or too few"),
  numerator: z.number(),
  denominator: z.number(),
  from: z.string().describe("Start of the period counted (the person joined)"),
  to: z.string().describe("End of the period counted (now)"),
  shown: z.boolean().describe("false below the minimum (rates: fewer than 5 assignments): show 'New on QuickGig'"),
});
export type Figure = z.infer<typeof FigureSchema>;

/** How many reviews gave 5, 4, 3, 2 and 1 stars. */
export const DistributionSchema = z.object({
  5: z.number(),
  4: z.number(),
  3: z.number(),
  2: z.number(),
  1: z.number(),
});

export const RatingSummarySchema = z.object({
  average: FigureSchema.describe("Stars: sum of ratings over the number of published reviews"),
  count: z.number().int(),
  distribution: DistributionSchema,
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** A person's rating as a list's card shows it (Task.posterRating), from their profile's summary. */
export function posterRatingOf(summary: RatingSummary | undefined): { rating: number | null; reviews: number } {
  return { rating: summary?.average.value ?? null, reviews: summary?.count ?? 0 };
}

export const SkillSchema = z
  .string({ error: "Each skill must be text" })
  .refine((value) => value.trim().length > 0, "A skill cannot be empty")
  .refine(hasVisibleText, invisibleOnly("A skill"))
  .refine((value) => value.length <= LIMITS.skillMax, `Each skill must be at most ${LIMITS.skillMax} characters`)
  .refine(hasNoNul, "A skill cannot contain a NUL character");

/** PUT /api/profile/about: what a person says of themselves. */
export const AboutInputSchema = z.object({
  bio: z
    .string({ error: "Bio must be text" })
    .refine((value) => value.length <= LIMITS.bioMax, `Bio must be at most ${groupDigits(LIMITS.bioMax)} characters`)
    .refine(hasNoNul, "Bio cannot contain a NUL character"),
  skills: z
    .array(SkillSchema, { error: "Skills must be a list" })
    .max(LIMITS.skillsMax, `At most ${LIMITS.skillsMax} skills`),
  field: z.enum(FREELANCER_FIELDS, { error: `Field must be one of ${FREELANCER_FIELDS.join(", ")}` }).nullable(),
});
export type AboutInput = z.infer<typeof AboutInputSchema>;

/** GET /api/users/{id}: public, never an email. */
export const PublicProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  memberSince: z.string(),
  bio: z.string(),
  skills: z.array(z.string()),
  field: z.enum(FREELANCER_FIELDS).nullable(),
  asFreelancer: z.object({
    completed: z.number().int().describe("Tasks assigned to them and completed"),
    gaveBack: z.number().int().describe("Tasks assigned to them that they gave back"),
    rating: RatingSummarySchema,
    aspects: z.record(z.enum(REVIEW_ASPECTS), FigureSchema).describe("Averages of the clients' optional ratings"),
    completionRate: FigureSchema.describe(
      "completed / (completed + gave back); a client's cancellation does not count",
    ),
  }),
  asClient: z.object({
    posted: z.number().int(),
    hired: z.number().int().describe("Hires made (a task hired again after a release counts twice)"),
    completed: z.number().int(),
    rating: RatingSummarySchema,
    cancelRate: FigureSchema.describe("hired tasks cancelled / hired tasks that ended (completed or cancelled)"),
  }),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const ProfileReviewsQuerySchema = z.object({
  as: z
    .enum(REVIEW_ROLES, { error: "as must be freelancer or client" })
    .optional()
    .describe(
      "freelancer: reviews of their work (written by clients); client: reviews of them as a client; both when left out",
    ),
  page: TaskListQuerySchema.shape.page,
  limit: pageLimitSchema(LIMITS.reviewsPageMax, LIMITS.reviewsPageDefault),
});

export const ReviewPageSchema = z.object({ reviews: z.array(ReviewSchema), total: z.number().int() });

export const FreelancerQuerySchema = z.object({
  q: TaskListQuerySchema.shape.q.describe("Words found in the name or skills, in any order, case and accents aside"),
  field: z.enum(FREELANCER_FIELDS, { error: `Field must be one of ${FREELANCER_FIELDS.join(", ")}` }).optional(),
  minRating: z.coerce
    .number({ error: "Minimum rating must be 2, 3, 4 or 5" })
    .int("Minimum rating must be 2, 3, 4 or 5")
    .min(2, "Minimum rating must be 2, 3, 4 or 5")
    .max(5, "Minimum rating must be 2, 3, 4 or 5")
    .optional(),
  sort: z.enum(FREELANCER_SORTS, { error: `Sort must be one of ${FREELANCER_SORTS.join(", ")}` }).default("rating"),
  page: TaskListQuerySchema.shape.page,
  limit: pageLimitSchema(LIMITS.freelancersPageMax, LIMITS.freelancersPageDefault),
});

export const FreelancerCardSchema = PersonRefSchema.extend({
  field: z.enum(FREELANCER_FIELDS).nullable(),
  skills: z.array(z.string()),
  memberSince: z.string(),
  reputation: ReputationSchema,
});
export type FreelancerCard = z.infer<typeof FreelancerCardSchema>;

export const FreelancerPageSchema = z.object({ freelancers: z.array(FreelancerCardSchema), total: z.number().int() });
