import type { Kysely } from "kysely";
import type { TaskInput, TaskStatus } from "../../contract/index.ts";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";

export interface TaskRecord {
  id: string;
  ownerId: string;
  title: string;
  category: string;
  description: string;
  deadline: string;
  budget: number;
  ownerName: string;
  ownerEmail: string;
  createdAt: string;
  status: TaskStatus;
  offersPublic: boolean;
  assigneeId: string | null;
  assigneeName: string | null;
  agreedAmount: number | null;
}

/** US dollars as the integer cents they are kept in. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * A task a moderator removed (migration 0015, decision 023): outside TASK_STATUSES, so that no list
 * asks for it; a list without a status filter leaves it out, and finding it by id answers nothing.
 */
export const REMOVED_TASK_STATUS = "removed";

/** Tasks with their poster and assignee, as every read of them selects them. */
export function selectTasks(db: Kysely<DB>) {
  return db
    .selectFrom("tasks")
    .innerJoin("user", "user.id", "tasks.owner_id")
    .leftJoin("user as assignee", "assignee.id", "tasks.assignee_id")
    .select([
      "tasks.id",
      "tasks.owner_id",
      "tasks.title",
      "tasks.category",
      "tasks.description",
      "tasks.deadline",
      "tasks.budget_cents",
      "tasks.created_at",
      "tasks.status",
      "tasks.offers_public",
      "tasks.assignee_id",
      "tasks.agreed_cents",
      "user.name as owner_name",
      "user.email as owner_email",
      "assignee.name as assignee_name",
    ]);
}

export type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>["executeTakeFirstOrThrow"]>>;

export function toRecord(row: TaskRow): TaskRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    title: row.title,
    category: row.category,
    description: row.description,
    deadline: row.deadline,
    budget: Number(row.budget_cents) / 100,
    ownerName: row.owner_name,
    ownerEmail: row.owner_email,
    createdAt: row.created_at,
    status: row.status as TaskStatus,
    offersPublic: Number(row.offers_public) === 1,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    agreedAmount: row.agreed_cents === null ? null : Number(row.agreed_cents) / 100,
  };
}

export async function insertTask(db: Kysely<DB>, ownerId: string, input: TaskInput, now = new Date()): Promise<string> {
  const id = createId();
  const timestamp = now.toISOString();
  await db
    .insertInto("tasks")
    .values({
      id,
      owner_id: ownerId,
      title: input.title,
      category: input.category,
      description: input.description,
      deadline: input.deadline,
      budget_cents: toCents(input.budget),
      offers_public: input.offersPublic ? 1 : 0,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .execute();
  return id;
}

export async function findTaskById(db: Kysely<DB>, id: string): Promise<TaskRecord | undefined> {
  const row = await selectTasks(db).where("tasks.id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

/** Tasks still open for bids, the nearest deadline first. */
export async function listFeaturedTasks(db: Kysely<DB>, today: string, limit: number): Promise<TaskRecord[]> {
  const rows = await selectTasks(db)
    .where("tasks.status", "=", "open")
    .where("tasks.deadline", ">=", today)
    .orderBy("tasks.deadline", "asc")
    .orderBy("tasks.id", "asc")
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

/**
 * Writes only when the task is still open and a field differs, so the answer tells whether anything
 * changed. Public offers stay as they are when the input leaves them out.
 */
export async function updateTask(db: Kysely<DB>, id: string, input: TaskInput, now = new Date()): Promise<number> {
  const budgetCents = toCents(input.budget);
  const offersPublic = input.offersPublic === undefined ? undefined : input.offersPublic ? 1 : 0;
  const result = await db
    .updateTable("tasks")
    .set({
      title: input.title,
      category: input.category,
      description: input.description,
      deadline: input.deadline,
      budget_cents: budgetCents,
      ...(offersPublic === undefined ? {} : { offers_public: offersPublic }),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "open")
    .where((eb) =>
      eb.or([
        eb("title", "!=", input.title),
        eb("category", "!=", input.category),
        eb("description", "!=", input.description),
        eb("deadline", "!=", input.deadline),
        eb("budget_cents", "!=", budgetCents),
        ...(offersPublic === undefined ? [] : [eb("offers_public", "!=", offersPublic)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Takes a task's row for the rest of the transaction (a write that changes nothing), so that writers of its bids wait. */
export async function holdTaskRow(db: Kysely<DB>, id: string): Promise<void> {
  await db
    .updateTable("tasks")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("id", "=", id)
    .execute();
}

/** As holdTaskRow, only while the task is open; false when it no longer is. */
export async function holdOpenTaskRow(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db
    .updateTable("tasks")
    .set((eb) => ({ status: eb.ref("status") }))
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Who works on a task now (read in the transaction that changes it). */
export async function findTaskAssignee(db: Kysely<DB>, id: string): Promise<string | null> {
  const row = await db.selectFrom("tasks").select("assignee_id").where("id", "=", id).executeTakeFirst();
  return row?.assignee_id ?? null;
}

/** Deletes an open task (and its bids); 0 when it is gone or no longer open. */
export async function deleteTask(db: Kysely<DB>, id: string): Promise<number> {
  const result = await db.deleteFrom("tasks").where("id", "=", id).where("status", "=", "open").executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Moves a task from one of `from` to `to`, with what changes beside its status; 0 when it was not
 * in `from` (another request got there first: on PostgreSQL the row's lock makes the second writer
 * re-read it, on SQLite writes take turns).
 */
export async function setTaskStatus(
  db: Kysely<DB>,
  id: string,
  from: TaskStatus[],
  to: TaskStatus,
  options: {
    assignment?: { assigneeId: string | null; agreedCents: number | null };
    /** Only while this person is the one assigned (a release). */
    assignedTo?: string;
  } = {},
  now = new Date(),
): Promise<number> {
  const { assignment, assignedTo } = options;
  let query = db
    .updateTable("tasks")
    .set({
      status: to,
      ...(assignment ? { assignee_id: assignment.assigneeId, agreed_cents: assignment.agreedCents } : {}),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "in", from);
  if (assignedTo) query = query.where("assignee_id", "=", assignedTo);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A moderator removes a task (decision 023): its status becomes "removed"; what it was before and
 * its title, or undefined when it is gone or removed already.
 */
export async function removeTask(
  db: Kysely<DB>,
  id: string,
  now = new Date(),
): Promise<{ status: TaskStatus; title: string; assigneeId: string | null } | undefined> {
  const task = await db
    .selectFrom("tasks")
    .select(["status", "title", "assignee_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!task || task.status === REMOVED_TASK_STATUS) return undefined;
  // Only from the status just read: a change that committed meanwhile is read again by the caller's retry.
  const result = await db
    .updateTable("tasks")
    .set({ status: REMOVED_TASK_STATUS, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", task.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return removeTask(db, id, now);
  return { status: task.status as TaskStatus, title: task.title, assigneeId: task.assignee_id };
}

/** A removed task restored to the status it had; 0 when it is gone or no longer removed. */
export async function restoreTask(db: Kysely<DB>, id: string, status: TaskStatus, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("tasks")
    .set({ status, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", REMOVED_TASK_STATUS)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findTaskStatus(db: Kysely<DB>, id: string): Promise<TaskStatus | undefined> {
  const row = await db.selectFrom("tasks").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status as TaskStatus | undefined;
}

export async function setAgreedAmount(db: Kysely<DB>, id: string, agreedCents: number): Promise<void> {
  await db.updateTable("tasks").set({ agreed_cents: agreedCents }).where("id", "=", id).execute();
}

/** A person's open tasks, oldest first (those a suspension cancels). */
export async function listOpenTasksOf(db: Kysely<DB>, userId: string): Promise<Array<{ id: string; title: string }>> {
  return db
    .selectFrom("tasks")
    .select(["id", "title"])
    .where("owner_id", "=", userId)
    .where("status", "=", "open")
    .orderBy("created_at", "asc")
    .execute();
}

/** A task as moderation reads it (content/reportable.ts), removed or not, with its poster. */
export async function findTaskContent(db: Kysely<DB>, id: string) {
  return db
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
}

/** The tasks a person posted that exist and no moderator removed (a profile's figure). */
export async function countPostedTasks(db: Kysely<DB>, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom("tasks")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("owner_id", "=", ownerId)
    .where("status", "<>", REMOVED_TASK_STATUS)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
