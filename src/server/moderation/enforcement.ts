import type { Kysely } from "kysely";
import type { NotificationData } from "../../contract/notifications.ts";
import { deleteSessionsOf, holdPersonRow } from "../accounts/session-repository.ts";
import { withdrawPendingBidsOf } from "../bids/bid-repository.ts";
import type { Dialect } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { cancelInTransaction } from "../hiring/hiring.ts";
import type { Notices } from "../notifications/notifier.ts";
import { holdForModerators } from "../payments/disputes.ts";
import { listOpenTasksOf } from "../tasks/task-repository.ts";

/*
 * What moderation's sanctions do to an account (issue 29, decision 023), in the decision's own
 * transaction. Content removed is hidden by the feature it belongs to (content/reportable.ts); a
 * limited person cannot publish (the features ask standing/standing.ts's refuseLimited); a
 * suspended one has no session and cannot sign in (accounts/auth.ts asks sanctionInForce).
 */

/**
 * Suspends a person's use of the app: every session deleted (their next request is signed out;
 * signing in again is refused while the suspension is in force), their open tasks cancelled as
 * their own cancel would (the waiting offers declined), those bidders told the task was removed,
 * and their own waiting offers withdrawn, so that no poster hires someone who cannot sign in.
 * Work in progress stays, on either side, but the money held for it goes to the moderators' queue
 * as a dispute: nothing is released to, or refunded for, a suspended account without an admin.
 * Lifting the suspension brings none of these back (their bidders and posters have moved on).
 */
export async function suspendAccount(
  trx: Kysely<DB>,
  notices: Notices,
  userId: string,
  dialect: Dialect,
): Promise<void> {
  // Money held for their hires, on either side, waits for an admin's decision (issue 44). First, as
  // its task rows are taken before anything else, as every hire step takes them (which then writes
  // notices whose key needs this person's row): the other order could deadlock on PostgreSQL.
  await holdForModerators(trx, notices, userId);
  // A sign-in at this moment either ends before this (its session is deleted here) or waits for
  // this commit and then finds the suspension (accounts/auth.ts looks again after creating it).
  await holdPersonRow(trx, userId, dialect);
  await deleteSessionsOf(trx, userId);
  await withdrawPendingBidsOf(trx, userId);
  for (const task of await listOpenTasksOf(trx, userId)) {
    // Only while still open: one hired or ended meanwhile stays as it is.
    const told = await cancelInTransaction(trx, task.id, ["open"]);
    // The same words as a removal: a bidder who reported the task learns it is gone, not the sanction.
    const data: NotificationData = { taskId: task.id, taskTitle: task.title };
    notices.add(...(told ?? []).map((bidderId) => ({ userId: bidderId, kind: "task-removed" as const, data })));
  }
}
