import type { Kysely } from "kysely";
import type { ReviewRole } from "../../contract/reputation.ts";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";
import { REMOVED_TASK_STATUS } from "../tasks/task-repository.ts";

export interface PersonRecord {
  id: string;
  name: string;
  image: string | null;
}

export interface ReviewRecord {
  id: string;
  taskId: string;
  taskTitle: string;
  /** Its task was removed by a moderator: its title is no longer shown. */
  taskRemoved: boolean;
  assignmentId: string;
  role: ReviewRole;
  author: PersonRecord;
  subject: PersonRecord;
  rating: number;
  text: string;
  communication: number | null;
  quality: number | null;
  deadline: number | null;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  answer: string | null;
  answeredAt: string | null;
  /** Removed by a moderator (decision 023): shown nowhere, counted in no record. */
  removed: boolean;
}

/** What a review's author writes (the aspects only as a client). */
export interface ReviewContent {
  rating: number;
  text: string;
  communication: number | null;
  quality: number | null;
  deadline: number | null;
}

function selectReviews(db: Kysely<DB>) {
  return db
    .selectFrom("reviews")
    .innerJoin("tasks", "tasks.id", "reviews.task_id")
    .innerJoin("user as author", "author.id", "reviews.author_id")
    .innerJoin("user as subject", "subject.id", "reviews.subject_id")
    .select([
      "reviews.id",
      "reviews.task_id",
      "reviews.assignment_id",
      "reviews.role",
      "reviews.rating",
      "reviews.text",
      "reviews.communication",
      "reviews.quality",
      "reviews.deadline",
      "reviews.created_at",
      "reviews.updated_at",
      "reviews.published_at",
      "reviews.answer",
      "reviews.answered_at",
      "reviews.removed",
      "tasks.title as task_title",
      "tasks.status as task_status",
      "author.id as author_id",
      "author.name as author_name",
      "author.image as author_image",
      "subject.id as subject_id",
      "subject.name as subject_name",
      "subject.image as subject_image",
    ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>["executeTakeFirstOrThrow"]>>;

const stars = (value: number | null) => (value === null ? null : Number(value));

function toRecord(row: ReviewRow): ReviewRecord {
  return {
    id: row.id,
    taskId: row.task_id,
    taskTitle: row.task_title,
    taskRemoved: row.task_status === REMOVED_TASK_STATUS,
    assignmentId: row.assignment_id,
    role: row.role as ReviewRole,
    author: { id: row.author_id, name: row.author_name, image: row.author_image },
    subject: { id: row.subject_id, name: row.subject_name, image: row.subject_image },
    rating: Number(row.rating),
    text: row.text,
    communication: stars(row.communication),
    quality: stars(row.quality),
    deadline: stars(row.deadline),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    answer: row.answer,
    answeredAt: row.answered_at,
    removed: Number(row.removed) === 1,
  };
}

export async function findPersonById(db: Kysely<DB>, id: string): Promise<PersonRecord | undefined> {
  return db.selectFrom("user").select(["id", "name", "image"]).where("id", "=", id).executeTakeFirst();
}

export async function findReviewById(db: Kysely<DB>, id: string): Promise<ReviewRecord | undefined> {
  const row = await selectReviews(db).where("reviews.id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

/** A task's reviews, hidden ones too: the rules decide who sees which. */
export async function listTaskReviews(db: Kysely<DB>, taskId: string): Promise<ReviewRecord[]> {
  const rows = await selectReviews(db)
    .where("reviews.task_id", "=", taskId)
    .orderBy("reviews.created_at", "asc")
    .orderBy("reviews.id", "asc")
    .execute();
  return rows.map(toRecord);
}

/**
 * A page of the published reviews about a person (of one role, or both), newest first, and how
 * many there are; those a moderator removed are left out.
 */
export async function listPublishedReviews(
  db: Kysely<DB>,
  subjectId: string,
  filter: { role?: ReviewRole | undefined; page: number; limit: number },
): Promise<{ reviews: ReviewRecord[]; total: number }> {
  let rows = selectReviews(db)
    .where("reviews.subject_id", "=", subjectId)
    .where("reviews.published_at", "is not", null)
    .where("reviews.removed", "=", 0);
  let count = db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("subject_id", "=", subjectId)
    .where("published_at", "is not", null)
    .where("removed", "=", 0);
  if (filter.role) {
    rows = rows.where("reviews.role", "=", filter.role);
    count = count.where("role", "=", filter.role);
  }
  const [found, total] = await Promise.all([
    rows
      .orderBy("reviews.published_at", "desc")
      .orderBy("reviews.id", "desc")
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { reviews: found.map(toRecord), total: Number(total.total) };
}

/**
 * Writes a review; undefined when its author has already reviewed the task (the unique
 * (task, author) constraint decides between two of the same at once).
 */
export async function insertReview(
  db: Kysely<DB>,
  review: { taskId: string; assignmentId: string; authorId: string; subjectId: string; role: ReviewRole },
  content: ReviewContent,
  now = new Date(),
): Promise<string | undefined> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto("reviews")
    .values({
      id: createId(),
      task_id: review.taskId,
      assignment_id: review.assignmentId,
      author_id: review.authorId,
      subject_id: review.subjectId,
      role: review.role,
      ...content,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((conflict) => conflict.columns(["task_id", "author_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/** Changes a review while it is hidden; 0 when it was published meanwhile. */
export async function updateHiddenReview(
  db: Kysely<DB>,
  id: string,
  content: ReviewContent,
  now = new Date(),
): Promise<number> {
  const result = await db
    .updateTable("reviews")
    .set({ ...content, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("published_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Publishes a hire's hidden reviews at one moment; what was published, for the counts it changes. */
export async function publishAssignmentReviews(
  db: Kysely<DB>,
  assignmentId: string,
  now = new Date(),
): Promise<Array<{ role: ReviewRole; rating: number; subjectId: string }>> {
  const rows = await db
    .updateTable("reviews")
    .set({ published_at: now.toISOString() })
    .where("assignment_id", "=", assignmentId)
    .where("published_at", "is", null)
    .returning(["role", "rating", "subject_id"])
    .execute();
  return rows.map((row) => ({ role: row.role as ReviewRole, rating: Number(row.rating), subjectId: row.subject_id }));
}

/** The public answer of the person reviewed, once, to a published review; 0 when it cannot be written. */
export async function setReviewAnswer(db: Kysely<DB>, id: string, answer: string, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("reviews")
    .set({ answer, answered_at: now.toISOString() })
    .where("id", "=", id)
    .where("answer", "is", null)
    .where("published_at", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A moderator removes a review, or restores it (decision 023): removed, it is shown nowhere and
 * counts in no record. Its subject, whose record the caller recounts; undefined when it is gone.
 */
export async function setReviewRemoved(db: Kysely<DB>, id: string, removed: boolean): Promise<string | undefined> {
  const row = await db
    .updateTable("reviews")
    .set({ removed: removed ? 1 : 0 })
    .where("id", "=", id)
    .returning("subject_id")
    .executeTakeFirst();
  return row?.subject_id;
}

/** Who reviewed a hire, to know who is still to review it. */
export async function listAssignmentAuthors(db: Kysely<DB>, assignmentId: string): Promise<string[]> {
  const rows = await db.selectFrom("reviews").select("author_id").where("assignment_id", "=", assignmentId).execute();
  return rows.map((row) => row.author_id);
}

/**
 * Of these tasks, those the person may still review (a task's `reviewDue`): a side of the hire it
 * ended with (completed or cancelled) less than `windowMs` ago, its reviews not yet closed, and no
 * review of theirs.
 */
export async function findTasksWithReviewDue(
  db: Kysely<DB>,
  userId: string,
  taskIds: string[],
  windowMs: number,
  now = new Date(),
): Promise<Set<string>> {
  if (taskIds.length === 0) return new Set();
  const endedAfter = new Date(now.getTime() - windowMs).toISOString();
  const rows = await db
    .selectFrom("assignments")
    .select("assignments.task_id")
    .where("assignments.task_id", "in", taskIds)
    .where("assignments.outcome", "in", ["completed", "cancelled"])
    .where("assignments.ended_at", ">", endedAfter)
    .where("assignments.reviews_closed_at", "is", null)
    .where((eb) => eb.or([eb("assignments.client_id", "=", userId), eb("assignments.freelancer_id", "=", userId)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("reviews")
            .select("reviews.id")
            .whereRef("reviews.assignment_id", "=", "assignments.id")
            .where("reviews.author_id", "=", userId),
        ),
      ),
    )
    .execute();
  return new Set(rows.map((row) => row.task_id));
}

/** A review as moderation reads it (content/reportable.ts), hidden, published or removed, with its author and task. */
export async function findReviewContent(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom("reviews")
    .innerJoin("tasks", "tasks.id", "reviews.task_id")
    .innerJoin("user", "user.id", "reviews.author_id")
    .select([
      "reviews.text",
      "reviews.published_at",
      "reviews.removed",
      "reviews.subject_id",
      "tasks.id as task_id",
      "tasks.title",
      "user.id as author_id",
      "user.name",
      "user.image",
    ])
    .where("reviews.id", "=", id)
    .executeTakeFirst();
  return row && { ...row, removed: Number(row.removed) === 1 };
}

/** The published reviews of a person, counted by role and stars, with the aspects' sums: one read. */
export async function countPublishedRatings(db: Kysely<DB>, subjectId: string) {
  const rows = await db
    .selectFrom("reviews")
    .select((eb) => [
      "role",
      "rating",
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>("communication").as("communication_sum"),
      eb.fn.count<number>("communication").as("communication_count"),
      eb.fn.sum<number>("quality").as("quality_sum"),
      eb.fn.count<number>("quality").as("quality_count"),
      eb.fn.sum<number>("deadline").as("deadline_sum"),
      eb.fn.count<number>("deadline").as("deadline_count"),
    ])
    .where("subject_id", "=", subjectId)
    .where("published_at", "is not", null)
    .where("removed", "=", 0)
    .groupBy(["role", "rating"])
    .execute();
  return rows.map((row) => ({
    role: row.role,
    rating: Number(row.rating),
    total: Number(row.total),
    communicationSum: Number(row.communication_sum ?? 0),
    communicationCount: Number(row.communication_count),
    qualitySum: Number(row.quality_sum ?? 0),
    qualityCount: Number(row.quality_count),
    deadlineSum: Number(row.deadline_sum ?? 0),
    deadlineCount: Number(row.deadline_count),
  }));
}

/** The stars of the published reviews of a person's work (role client, about them): their record's sum and count. */
export async function sumPublishedRatingsOfWork(
  db: Kysely<DB>,
  userId: string,
): Promise<{ ratingSum: number; ratingCount: number }> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.sum<number | string | null>("rating").as("sum"),
    ])
    .where("subject_id", "=", userId)
    .where("role", "=", "client")
    .where("published_at", "is not", null)
    .where("removed", "=", 0)
    .executeTakeFirstOrThrow();
  return { ratingSum: Number(row.sum ?? 0), ratingCount: Number(row.total) };
}

/** The people this person's published reviews as a client are about (whose records count them). */
export async function listSubjectsReviewedAsClient(db: Kysely<DB>, authorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("reviews")
    .select("subject_id")
    .where("author_id", "=", authorId)
    .where("role", "=", "client")
    .where("published_at", "is not", null)
    .where("removed", "=", 0)
    .execute();
  return rows.map((row) => row.subject_id);
}

/**
 * These people's ratings as clients: the stars of the published reviews freelancers wrote of them
 * (role freelancer, about them), in one read along the reviews' subject index (Browse Tasks' cards).
 */
export async function sumClientRatings(
  db: Kysely<DB>,
  clientIds: string[],
): Promise<Map<string, { sum: number; count: number }>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("reviews")
    .select((eb) => [
      "subject_id",
      eb.fn.sum<number | string>("rating").as("sum"),
      eb.fn.countAll<number | string>().as("count"),
    ])
    .where("subject_id", "in", clientIds)
    .where("role", "=", "freelancer")
    .where("published_at", "is not", null)
    .where("removed", "=", 0)
    .groupBy("subject_id")
    .execute();
  return new Map(rows.map((row) => [row.subject_id, { sum: Number(row.sum), count: Number(row.count) }]));
}
