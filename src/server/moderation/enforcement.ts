import type { Kysely } from "kysely";
import type { ReportTarget } from "../../contract/moderation.ts";
import type { DB } from "../db/schema.ts";
import type { Notices } from "../notifications/notifier.ts";
import { recountRecord } from "../profiles/record-repository.ts";

/*
 * What moderation's sanctions do (issue 29, decision 023): content removed is hidden everywhere
 * (each feature's reads leave it out), a limited person cannot post, bid or ask, a suspended one
 * has no session and cannot sign in. These functions change the rows those reads and checks look
 * at, inside the decision's own transaction.
 */

export interface ModerationTarget {
  kind: ReportTarget;
  id: string;
}

/** A removed task's status, kept by its sanction as `previous_state` so that restoring puts it back. */
interface TaskState {
  status: string;
}

/** The tables that flag removed content, with their key. */
const FLAGGED = {
  question: { table: "questions", key: "id" },
  message: { table: "messages", key: "id" },
  review: { table: "reviews", key: "id" },
  profile: { table: "profiles", key: "user_id" },
} as const;

/**
 * Hides the content. A task's status becomes "removed" (its bids stay as they were, so that
 * restoring gives every side back what it had) and its pending bidders are told. Returns what
 * restoring needs: the task's status before, as JSON; null for the others.
 */
export async function removeContent(
  trx: Kysely<DB>,
  notices: Notices,
  target: ModerationTarget,
): Promise<string | null> {
  if (target.kind === "task") {
    const task = await trx
      .selectFrom("tasks")
      .select(["title", "status"])
      .where("id", "=", target.id)
      .executeTakeFirst();
    if (!task || task.status === "removed") return null;
    await trx.updateTable("tasks").set({ status: "removed" }).where("id", "=", target.id).execute();
    const bidders = await pendingBidders(trx, target.id);
    notices.add(
      ...bidders.map((userId) => ({
        userId,
        kind: "task-removed" as const,
        data: { taskId: target.id, taskTitle: task.title },
      })),
    );
    return JSON.stringify({ status: task.status } satisfies TaskState);
  }
  await setRemoved(trx, target, 1);
  return null;
}

/** Undoes removeContent: a task gets its status back, the others their flag cleared. */
export async function restoreContent(
  trx: Kysely<DB>,
  target: ModerationTarget,
  previousState: string | null,
): Promise<void> {
  if (target.kind === "task") {
    const status = previousState ? (JSON.parse(previousState) as TaskState).status : "open";
    await trx
      .updateTable("tasks")
      .set({ status })
      .where("id", "=", target.id)
      .where("status", "=", "removed")
      .execute();
    return;
  }
  await setRemoved(trx, target, 0);
}

async function setRemoved(trx: Kysely<DB>, target: ModerationTarget, removed: 0 | 1): Promise<void> {
  if (target.kind === "task") return;
  const { table, key } = FLAGGED[target.kind];
  if (target.kind === "review") {
    const review = await trx.selectFrom("reviews").select("subject_id").where("id", "=", target.id).executeTakeFirst();
    await trx.updateTable("reviews").set({ removed }).where("id", "=", target.id).execute();
    // A removed review no longer counts in its subject's figures; a restored one counts again.
    if (review) await recountRecord(trx, review.subject_id);
    return;
  }
  await trx.updateTable(table).set({ removed }).where(key, "=", target.id).execute();
}

async function pendingBidders(trx: Kysely<DB>, taskId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("bids")
    .select("bidder_id")
    .where("task_id", "=", taskId)
    .where("status", "=", "pending")
    .execute();
  return rows.map((row) => row.bidder_id);
}

/**
 * Suspends a person's use of the app: every session deleted (the next request is signed out) and
 * their open tasks cancelled, the pending offers on them declined as a poster's cancel does, and
 * those bidders told the task was removed.
 */
export async function suspendAccount(trx: Kysely<DB>, notices: Notices, userId: string): Promise<void> {
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
  const tasks = await trx
    .selectFrom("tasks")
    .select(["id", "title"])
    .where("owner_id", "=", userId)
    .where("status", "=", "open")
    .execute();
  for (const task of tasks) {
    const cancelled = await trx
      .updateTable("tasks")
      .set({ status: "cancelled", updated_at: new Date().toISOString() })
      .where("id", "=", task.id)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) === 0) continue;
    const declined = await trx
      .updateTable("bids")
      .set({ status: "declined" })
      .where("task_id", "=", task.id)
      .where("status", "=", "pending")
      .returning("bidder_id")
      .execute();
    notices.add(
      ...declined.map((row) => ({
        userId: row.bidder_id,
        kind: "task-removed" as const,
        data: { taskId: task.id, taskTitle: task.title, sanction: "suspend" as const },
      })),
    );
  }
}

/** The person's limit or suspension in force, if any: the newest not lifted. */
export async function sanctionInForce(
  db: Kysely<DB>,
  userId: string,
  kind: "limit" | "suspend",
): Promise<{ id: string; rule: string } | null> {
  const row = await db
    .selectFrom("sanctions")
    .select(["id", "rule"])
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("lifted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
