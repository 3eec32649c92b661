import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";

/** How a hire ended: the task completed, given back by the freelancer, or cancelled by the client. */
export type AssignmentEnd = "completed" | "released" | "cancelled";

export interface AssignmentRecord {
  id: string;
  taskId: string;
  clientId: string;
  freelancerId: string;
  assignedAt: string;
  outcome: "active" | AssignmentEnd;
  endedAt: string | null;
  remindedAt: string | null;
  reviewsClosedAt: string | null;
}

function selectAssignments(db: Kysely<DB>) {
  return db
    .selectFrom("assignments")
    .select([
      "id",
      "task_id",
      "client_id",
      "freelancer_id",
      "assigned_at",
      "outcome",
      "ended_at",
      "reminded_at",
      "reviews_closed_at",
    ]);
}

type AssignmentRow = Awaited<ReturnType<ReturnType<typeof selectAssignments>["executeTakeFirstOrThrow"]>>;

function toRecord(row: AssignmentRow): AssignmentRecord {
  return {
    id: row.id,
    taskId: row.task_id,
    clientId: row.client_id,
    freelancerId: row.freelancer_id,
    assignedAt: row.assigned_at,
    outcome: row.outcome as AssignmentRecord["outcome"],
    endedAt: row.ended_at,
    remindedAt: row.reminded_at,
    reviewsClosedAt: row.reviews_closed_at,
  };
}

/** A hire begins (in the accept's transaction). */
export async function insertAssignment(
  db: Kysely<DB>,
  hire: { taskId: string; clientId: string; freelancerId: string },
  now = new Date(),
): Promise<string> {
  const id = createId();
  await db
    .insertInto("assignments")
    .values({
      id,
      task_id: hire.taskId,
      client_id: hire.clientId,
      freelancer_id: hire.freelancerId,
      assigned_at: now.toISOString(),
      outcome: "active",
    })
    .execute();
  return id;
}

/**
 * The task's active hire ends as `outcome` (in the step's own transaction, after the task's row
 * moved, so only one step ends it); the freelancer it was, or undefined when none was active.
 */
export async function endAssignment(
  db: Kysely<DB>,
  taskId: string,
  outcome: AssignmentEnd,
  now = new Date(),
): Promise<string | undefined> {
  const row = await db
    .updateTable("assignments")
    .set({ outcome, ended_at: now.toISOString() })
    .where("task_id", "=", taskId)
    .where("outcome", "=", "active")
    .returning("freelancer_id")
    .executeTakeFirst();
  return row?.freelancer_id;
}

/**
 * The hire a task ended with, which its two sides may review: a task is completed or cancelled
 * once, so at most one of its hires ended that way (those given back ended as released).
 */
export async function findEndedAssignment(db: Kysely<DB>, taskId: string): Promise<AssignmentRecord | undefined> {
  const row = await selectAssignments(db)
    .where("task_id", "=", taskId)
    .where("outcome", "in", ["completed", "cancelled"])
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function findAssignmentById(db: Kysely<DB>, id: string): Promise<AssignmentRecord | undefined> {
  const row = await selectAssignments(db).where("id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

/** Hires that ended reviewable (completed or cancelled) before `endedBefore` whose window is still to close. */
export async function listWindowsToClose(db: Kysely<DB>, endedBefore: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("assignments")
    .select("id")
    .where("reviews_closed_at", "is", null)
    .where("outcome", "in", ["completed", "cancelled"])
    .where("ended_at", "<=", endedBefore)
    .orderBy("ended_at", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims a hire's window to close it: true for exactly one caller (a conditional update; on
 * PostgreSQL a second one waits for the first's transaction and then finds the row closed).
 */
export async function claimWindowClose(db: Kysely<DB>, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("assignments")
    .set({ reviews_closed_at: now.toISOString() })
    .where("id", "=", id)
    .where("reviews_closed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Hires ended reviewable before `endedBefore`, still open to reviews, whose reminder has not gone. */
export async function listRemindersDue(
  db: Kysely<DB>,
  range: { endedBefore: string; endedAfter: string },
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom("assignments")
    .select("id")
    .where("reviews_closed_at", "is", null)
    .where("reminded_at", "is", null)
    .where("outcome", "in", ["completed", "cancelled"])
    .where("ended_at", "<=", range.endedBefore)
    .where("ended_at", ">", range.endedAfter)
    .orderBy("ended_at", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Claims a hire's reminder: true for exactly one caller, and only while its window is open. */
export async function claimReminder(db: Kysely<DB>, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("assignments")
    .set({ reminded_at: now.toISOString() })
    .where("id", "=", id)
    .where("reminded_at", "is", null)
    .where("reviews_closed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a hire's window closed (both reviews in): the timed job has nothing left to do with it. */
export async function closeWindow(db: Kysely<DB>, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable("assignments")
    .set({ reviews_closed_at: now.toISOString() })
    .where("id", "=", id)
    .where("reviews_closed_at", "is", null)
    .execute();
}

/**
 * Takes a hire's row for the rest of the transaction (a write that changes nothing) while its
 * reviews are open; false once they are closed. The two sides' reviews and the timed job take it
 * first, so that of two reviews arriving at once the second sees the first and publishes both.
 */
export async function holdOpenWindow(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db
    .updateTable("assignments")
    .set((eb) => ({ reviews_closed_at: eb.ref("reviews_closed_at") }))
    .where("id", "=", id)
    .where("reviews_closed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether this person ever hired, or was hired by, one of these people (any hire, however it ended). */
export async function hasWorkedWithAny(db: Kysely<DB>, personId: string, people: string[]): Promise<boolean> {
  const others = people.filter((id) => id !== personId);
  if (others.length === 0) return false;
  const row = await db
    .selectFrom("assignments")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("client_id", "=", personId), eb("freelancer_id", "in", others)]),
        eb.and([eb("freelancer_id", "=", personId), eb("client_id", "in", others)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
