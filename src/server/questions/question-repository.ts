import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";

export interface QuestionRecord {
  id: string;
  taskId: string;
  askerId: string;
  askerName: string;
  body: string;
  answer: string | null;
  answeredAt: string | null;
  hidden: boolean;
  /** Removed by a moderator (decision 023): shown to nobody, the poster included. */
  removed: boolean;
  createdAt: string;
}

function selectQuestions(db: Kysely<DB>) {
  return db
    .selectFrom("questions")
    .innerJoin("user", "user.id", "questions.asker_id")
    .select([
      "questions.id",
      "questions.task_id",
      "questions.asker_id",
      "questions.body",
      "questions.answer",
      "questions.answered_at",
      "questions.hidden",
      "questions.removed",
      "questions.created_at",
      "user.name",
    ]);
}

type QuestionRow = Awaited<ReturnType<ReturnType<typeof selectQuestions>["executeTakeFirstOrThrow"]>>;

function toRecord(row: QuestionRow): QuestionRecord {
  return {
    id: row.id,
    taskId: row.task_id,
    askerId: row.asker_id,
    askerName: row.name,
    body: row.body,
    answer: row.answer,
    answeredAt: row.answered_at,
    hidden: Number(row.hidden) === 1,
    removed: Number(row.removed) === 1,
    createdAt: row.created_at,
  };
}

export async function insertQuestion(
  db: Kysely<DB>,
  taskId: string,
  askerId: string,
  body: string,
  now = new Date(),
): Promise<string> {
  const id = createId();
  await db
    .insertInto("questions")
    .values({ id, task_id: taskId, asker_id: askerId, body, created_at: now.toISOString() })
    .execute();
  return id;
}

export async function findQuestionById(db: Kysely<DB>, id: string): Promise<QuestionRecord | undefined> {
  const row = await selectQuestions(db).where("questions.id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

/** A task's questions, newest first, but those removed; hidden ones only when asked for (the poster's view). */
export async function listQuestions(
  db: Kysely<DB>,
  taskId: string,
  options: { withHidden: boolean; page: number; limit: number },
): Promise<{ questions: QuestionRecord[]; total: number }> {
  let rows = selectQuestions(db).where("questions.task_id", "=", taskId).where("questions.removed", "=", 0);
  let count = db
    .selectFrom("questions")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("task_id", "=", taskId)
    .where("removed", "=", 0);
  if (!options.withHidden) {
    rows = rows.where("questions.hidden", "=", 0);
    count = count.where("hidden", "=", 0);
  }
  const [found, total] = await Promise.all([
    rows
      .orderBy("questions.created_at", "desc")
      .orderBy("questions.id", "desc")
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { questions: found.map(toRecord), total: Number(total.total) };
}

/** Sets or replaces the poster's answer. */
/** Answers a question or changes its answer; true when this was its first answer. */
export async function answerQuestion(db: Kysely<DB>, id: string, answer: string, now = new Date()): Promise<boolean> {
  const set = { answer, answered_at: now.toISOString() };
  // Of two first answers at once, one finds the answer already there.
  const first = await db
    .updateTable("questions")
    .set(set)
    .where("id", "=", id)
    .where("answer", "is", null)
    .executeTakeFirst();
  if (Number(first.numUpdatedRows) > 0) return true;
  await db.updateTable("questions").set(set).where("id", "=", id).execute();
  return false;
}

/** A moderator removes a question, or restores it (decision 023): removed, it shows to nobody. */
export async function setQuestionRemoved(db: Kysely<DB>, id: string, removed: boolean): Promise<void> {
  await db
    .updateTable("questions")
    .set({ removed: removed ? 1 : 0 })
    .where("id", "=", id)
    .execute();
}

export async function setQuestionHidden(db: Kysely<DB>, id: string, hidden: boolean): Promise<void> {
  await db
    .updateTable("questions")
    .set({ hidden: hidden ? 1 : 0 })
    .where("id", "=", id)
    .execute();
}

/** A question as moderation reads it (content/reportable.ts), removed or not, with its asker and task. */
export async function findQuestionContent(db: Kysely<DB>, id: string) {
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
  return row && { ...row, hidden: Number(row.hidden) === 1, removed: Number(row.removed) === 1 };
}
