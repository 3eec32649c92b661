import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** Invitations to a task (migration 0025): one row per task and freelancer. */

/** Writes the invitation; false when this person was already invited to the task (the row is there). */
export async function insertInvitation(
  db: Kysely<DB>,
  invitation: { taskId: string; freelancerId: string; inviterId: string; createdAt: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto("invitations")
    .values({
      task_id: invitation.taskId,
      freelancer_id: invitation.freelancerId,
      inviter_id: invitation.inviterId,
      created_at: invitation.createdAt,
    })
    .onConflict((conflict) => conflict.columns(["task_id", "freelancer_id"]).doNothing())
    .returning("task_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Who invited this person to the task, by name, if anyone did. */
export async function findInviterName(db: Kysely<DB>, taskId: string, freelancerId: string): Promise<string | null> {
  const row = await db
    .selectFrom("invitations")
    .innerJoin("user", "user.id", "invitations.inviter_id")
    .select("user.name")
    .where("invitations.task_id", "=", taskId)
    .where("invitations.freelancer_id", "=", freelancerId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Of these people, those invited to the task. */
export async function invitedAmong(db: Kysely<DB>, taskId: string, freelancerIds: string[]): Promise<Set<string>> {
  if (freelancerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("invitations")
    .select("freelancer_id")
    .where("task_id", "=", taskId)
    .where("freelancer_id", "in", freelancerIds)
    .execute();
  return new Set(rows.map((row) => row.freelancer_id));
}

/** At most this many of a client's open tasks are offered in the dialog, newest first. */
export const INVITABLE_TASKS_MAX = 100;

/** A client's open tasks, newest first, each with whether this person is invited to it. */
export async function listOpenTasksWithInvitation(db: Kysely<DB>, ownerId: string, freelancerId: string) {
  const rows = await db
    .selectFrom("tasks")
    .leftJoin("invitations", (join) =>
      join.onRef("invitations.task_id", "=", "tasks.id").on("invitations.freelancer_id", "=", freelancerId),
    )
    .select(["tasks.id", "tasks.title", "tasks.budget_cents", "tasks.deadline", "invitations.created_at as invitedAt"])
    .where("tasks.owner_id", "=", ownerId)
    .where("tasks.status", "=", "open")
    .orderBy("tasks.created_at", "desc")
    .orderBy("tasks.id", "desc")
    .limit(INVITABLE_TASKS_MAX)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    budget: Number(row.budget_cents) / 100,
    deadline: row.deadline,
    invited: row.invitedAt !== null,
  }));
}
