import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { TaskInput, TaskListQuery, TaskStatus } from "../../contract/index.ts";
import type { Database, Dialect } from "../db/database.ts";
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

const toCents = (dollars: number) => Math.round(dollars * 100);

function selectTasks(db: Kysely<DB>) {
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

type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>["executeTakeFirstOrThrow"]>>;

function toRecord(row: TaskRow): TaskRecord {
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

export interface TaskFilter extends Pick<TaskListQuery, "q" | "category" | "sort" | "page" | "limit" | "status"> {
  ownerId?: string;
}

/** A trigram index holds runs of three characters: a shorter search cannot use it and reads every task. */
const TRIGRAM = 3;

/**
 * Title or description contains the text, whatever its case; % and _ are plain characters. On
 * SQLite the trigram index is the FTS5 table tasks_search, searched for the text as one quoted
 * string so that none of FTS5's query syntax applies; on PostgreSQL, pg_trgm's indexes serve the
 * LIKE itself (migration 0004).
 */
function searchCondition(dialect: Dialect, q: string) {
  // Counted in code points, as the trigram tokenizer counts them.
  if (dialect === "sqlite" && Array.from(q).length >= TRIGRAM) {
    const phrase = `"${q.replaceAll('"', '""')}"`;
    return sql<boolean>`tasks.search_rowid in (select rowid from tasks_search where tasks_search match ${phrase})`;
  }
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`(lower(tasks.title) like ${pattern} escape '\\' or lower(tasks.description) like ${pattern} escape '\\')`;
}

function applyFilter<O>(query: SelectQueryBuilder<DB, "tasks" | "user", O>, dialect: Dialect, filter: TaskFilter) {
  let filtered = query;
  if (filter.ownerId) filtered = filtered.where("tasks.owner_id", "=", filter.ownerId);
  if (filter.category) filtered = filtered.where("tasks.category", "=", filter.category);
  if (filter.status?.length) filtered = filtered.where("tasks.status", "in", filter.status);
  const q = filter.q?.trim();
  if (q) filtered = filtered.where(searchCondition(dialect, q));
  return filtered;
}

/**
 * How many tasks match. The whole list and a category read the trigger-kept totals, which cost
 * the same at any size; a search or one poster's tasks are counted.
 */
async function countTasks({ db, dialect }: Database, filter: TaskFilter): Promise<number> {
  if (!filter.ownerId && !filter.q?.trim()) {
    let totals = db
      .selectFrom("task_counts")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total"), sql<number>`0`).as("total"));
    if (filter.category) totals = totals.where("category", "=", filter.category);
    if (filter.status?.length) totals = totals.where("status", "in", filter.status);
    return Number((await totals.executeTakeFirstOrThrow()).total);
  }
  const count = await applyFilter(
    db.selectFrom("tasks").innerJoin("user", "user.id", "tasks.owner_id"),
    dialect,
    filter,
  )
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(count.total);
}

/** Takes the database with its dialect: a search is written for each. */
export async function listTasks(
  database: Database,
  filter: TaskFilter,
): Promise<{ tasks: TaskRecord[]; total: number }> {
  let query = applyFilter(selectTasks(database.db), database.dialect, filter);
  switch (filter.sort) {
    case "deadline":
      query = query.orderBy("tasks.deadline", "asc").orderBy("tasks.id", "asc");
      break;
    case "budget":
      query = query.orderBy("tasks.budget_cents", "desc").orderBy("tasks.id", "desc");
      break;
    default:
      query = query.orderBy("tasks.created_at", "desc").orderBy("tasks.id", "desc");
  }
  const [rows, total] = await Promise.all([
    query
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute(),
    countTasks(database, filter),
  ]);
  return { tasks: rows.map(toRecord), total };
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

export async function findTaskStatus(db: Kysely<DB>, id: string): Promise<TaskStatus | undefined> {
  const row = await db.selectFrom("tasks").select("status").where("id", "=", id).executeTakeFirst();
  return row?.status as TaskStatus | undefined;
}

export async function setAgreedAmount(db: Kysely<DB>, id: string, agreedCents: number): Promise<void> {
  await db.updateTable("tasks").set({ agreed_cents: agreedCents }).where("id", "=", id).execute();
}
