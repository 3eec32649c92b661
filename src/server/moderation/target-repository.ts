import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { parseSkills } from "../profiles/profile-repository.ts";
import { REMOVED_TASK_STATUS } from "../tasks/task-repository.ts";

/**
 * What can be reported, read straight from its table as it is now (removed content included), with
 * what decides who may see it. The rules (targets.ts) decide; this only reads.
 */

export interface AuthorRow {
  id: string;
  name: string;
  image: string | null;
}

interface ContentRow {
  /** A task's title, the title of the task the content is on, or a person's name. */
  title: string;
  text: string;
  author: AuthorRow;
  taskId: string | null;
  /** Removed by a moderator. */
  removed: boolean;
  /** The people it is about besides its author: the poster of a question's task, a thread's two people, the person reviewed. */
  concerns: string[];
}

export interface TaskTargetRow extends ContentRow {
  kind: "task";
}
export interface QuestionTargetRow extends ContentRow {
  kind: "question";
  taskOwnerId: string;
  taskRemoved: boolean;
  /** Hidden by the task's poster. */
  hidden: boolean;
}
export interface MessageTargetRow extends ContentRow {
  kind: "message";
  taskOwnerId: string;
  bidderId: string;
}
export interface ReviewTargetRow extends ContentRow {
  kind: "review";
  published: boolean;
}
export interface ProfileTargetRow extends Omit<ContentRow, "text"> {
  kind: "profile";
  bio: string;
  skills: string[];
}
export type TargetRow = TaskTargetRow | QuestionTargetRow | MessageTargetRow | ReviewTargetRow | ProfileTargetRow;

const flag = (value: number | boolean | null | undefined) => Number(value ?? 0) === 1;

export async function findTaskTarget(db: Kysely<DB>, id: string): Promise<TaskTargetRow | undefined> {
  const row = await db
    .selectFrom("tasks")
    .innerJoin("user", "user.id", "tasks.owner_id")
    .select([
      "tasks.id",
      "tasks.title",
      "tasks.description",
      "tasks.status",
      "user.id as author_id",
      "user.name",
      "user.image",
    ])
    .where("tasks.id", "=", id)
    .executeTakeFirst();
  return (
    row && {
      kind: "task",
      title: row.title,
      text: row.description,
      author: { id: row.author_id, name: row.name, image: row.image },
      taskId: row.id,
      removed: row.status === REMOVED_TASK_STATUS,
      concerns: [],
    }
  );
}

export async function findQuestionTarget(db: Kysely<DB>, id: string): Promise<QuestionTargetRow | undefined> {
  const row = await db
    .selectFrom("questions")
    .innerJoin("tasks", "tasks.id", "questions.task_id")
    .innerJoin("user", "user.id", "questions.asker_id")
    .select([
      "questions.body",
      "questions.hidden",
      "questions.removed",
      "tasks.id as task_id",
      "tasks.title",
      "tasks.owner_id",
      "tasks.status",
      "user.id as author_id",
      "user.name",
      "user.image",
    ])
    .where("questions.id", "=", id)
    .executeTakeFirst();
  return (
    row && {
      kind: "question",
      title: row.title,
      text: row.body,
      author: { id: row.author_id, name: row.name, image: row.image },
      taskId: row.task_id,
      removed: flag(row.removed),
      taskOwnerId: row.owner_id,
      taskRemoved: row.status === REMOVED_TASK_STATUS,
      hidden: flag(row.hidden),
      concerns: [row.owner_id],
    }
  );
}

export async function findMessageTarget(db: Kysely<DB>, id: string): Promise<MessageTargetRow | undefined> {
  const row = await db
    .selectFrom("messages")
    .innerJoin("tasks", "tasks.id", "messages.task_id")
    .innerJoin("user", "user.id", "messages.sender_id")
    .select([
      "messages.body",
      "messages.bidder_id",
      "messages.removed",
      "tasks.id as task_id",
      "tasks.title",
      "tasks.owner_id",
      "user.id as author_id",
      "user.name",
      "user.image",
    ])
    .where("messages.id", "=", id)
    .executeTakeFirst();
  return (
    row && {
      kind: "message",
      title: row.title,
      text: row.body,
      author: { id: row.author_id, name: row.name, image: row.image },
      taskId: row.task_id,
      removed: flag(row.removed),
      taskOwnerId: row.owner_id,
      bidderId: row.bidder_id,
      concerns: [row.owner_id, row.bidder_id],
    }
  );
}

export async function findReviewTarget(db: Kysely<DB>, id: string): Promise<ReviewTargetRow | undefined> {
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
  return (
    row && {
      kind: "review",
      title: row.title,
      text: row.text,
      author: { id: row.author_id, name: row.name, image: row.image },
      taskId: row.task_id,
      removed: flag(row.removed),
      published: row.published_at !== null,
      concerns: [row.subject_id],
    }
  );
}

/** A person's profile: what they say of themselves (nothing without a profile row). */
export async function findProfileTarget(db: Kysely<DB>, userId: string): Promise<ProfileTargetRow | undefined> {
  const row = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.user_id", "user.id")
    .select(["user.id", "user.name", "user.image", "profiles.bio", "profiles.skills", "profiles.removed"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const bio = row.bio ?? "";
  const skills = parseSkills(row.skills);
  return {
    kind: "profile",
    title: row.name,
    author: { id: row.id, name: row.name, image: row.image },
    taskId: null,
    removed: flag(row.removed),
    concerns: [],
    bio,
    skills,
  };
}
