import { type Kysely, sql } from "kysely";
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

/** A person's hires on both sides by outcome (active, completed, released, cancelled): one read. */
export async function countHiresByOutcome(
  db: Kysely<DB>,
  userId: string,
): Promise<{ asFreelancer: Record<string, number>; asClient: Record<string, number> }> {
  const rows = await db
    .selectFrom("assignments")
    .select([sql<string>`'freelancer'`.as("side"), "outcome", (eb) => eb.fn.countAll<number>().as("total")])
    .where("freelancer_id", "=", userId)
    .groupBy("outcome")
    .unionAll(
      db
        .selectFrom("assignments")
        .select([sql<string>`'client'`.as("side"), "outcome", (eb) => eb.fn.countAll<number>().as("total")])
        .where("client_id", "=", userId)
        .groupBy("outcome"),
    )
    .execute();
  const counts = { asFreelancer: {} as Record<string, number>, asClient: {} as Record<string, number> };
  for (const row of rows)
    (row.side === "freelancer" ? counts.asFreelancer : counts.asClient)[row.outcome] = Number(row.total);
  return counts;
}

/** The hires a person completed as the freelancer (their record's count). */
export async function countCompletedAsFreelancer(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("assignments")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("freelancer_id", "=", userId)
    .where("outcome", "=", "completed")
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The freelancers of the hires this person completed as the client (whose records count those). */
export async function listFreelancersCompletedFor(db: Kysely<DB>, clientId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("assignments")
    .select("freelancer_id")
    .where("client_id", "=", clientId)
    .where("outcome", "=", "completed")
    .execute();
  return rows.map((row) => row.freelancer_id);
}
