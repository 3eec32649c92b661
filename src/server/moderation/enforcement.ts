import type { Kysely } from "kysely";
import type { TaskStatus } from "../../contract/index.ts";
import type { ReportTarget } from "../../contract/moderation.ts";
import type { NotificationData } from "../../contract/notifications.ts";
import { deleteSessionsOf, holdPersonRow } from "../accounts/session-repository.ts";
import { cancelPendingBids, reopenCancelledBids, withdrawPendingBidsOf } from "../bids/bid-repository.ts";
import type { Dialect } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { cancelInTransaction } from "../hiring/hiring.ts";
import { setMessageRemoved } from "../messages/message-repository.ts";
import type { Notices } from "../notifications/notifier.ts";
import { setProfileRemoved } from "../profiles/profile-repository.ts";
import { recountRecord } from "../profiles/record-repository.ts";
import { setQuestionRemoved } from "../questions/question-repository.ts";
import { setReviewRemoved } from "../reviews/review-repository.ts";
import { listOpenTasksOf, removeTask, restoreTask } from "../tasks/task-repository.ts";

/*
 * What moderation's sanctions do (issue 29, decision 023), each in the decision's own transaction:
 * content removed is hidden everywhere (each feature's reads leave it out), a limited person cannot
 * publish (the features ask standing/standing.ts's refuseLimited), a suspended one has no session
 * and cannot sign in (accounts/auth.ts asks sanctionInForce).
 */

export interface ModerationTarget {
  kind: ReportTarget;
  id: string;
}

/** What restoring a removed task puts back: its status, and the offers cancelled with it. */
interface TaskState {
  status: TaskStatus;
  bids: string[];
}

/**
 * Hides the content. A task's status becomes "removed", its waiting offers are cancelled (as a
 * deleted task's are), and those bidders and its hired freelancer, if any, are told
 * ("task-removed"). Answers what restoring needs, as JSON: for a task its status before and the
 * offers cancelled; null for the others (a flag) and for a task gone or removed already.
 */
export async function removeContent(
  trx: Kysely<DB>,
  notices: Notices,
  target: ModerationTarget,
): Promise<string | null> {
  switch (target.kind) {
    case "task": {
      const task = await removeTask(trx, target.id);
      if (!task) return null;
      const cancelled = await cancelPendingBids(trx, target.id);
      const told = [...cancelled.map((bid) => bid.bidderId), ...(task.assigneeId ? [task.assigneeId] : [])];
      const data: NotificationData = { taskId: target.id, taskTitle: task.title };
      notices.add(...told.map((userId) => ({ userId, kind: "task-removed" as const, data })));
      return JSON.stringify({ status: task.status, bids: cancelled.map((bid) => bid.id) } satisfies TaskState);
    }
    case "review": {
      const subjectId = await setReviewRemoved(trx, target.id, true);
      // A removed review no longer counts in its subject's record (Find Freelancers reads it).
      if (subjectId) await recountRecord(trx, subjectId);
      return null;
    }
    case "question":
      await setQuestionRemoved(trx, target.id, true);
      return null;
    case "message":
      await setMessageRemoved(trx, target.id, true);
      return null;
    case "profile":
      await setProfileRemoved(trx, target.id, true);
      return null;
  }
}

/**
 * Undoes removeContent: a task back to the status it had (if it is still removed) with the offers
 * cancelled by its removal waiting again; the others shown again (a review counted again).
 */
export async function restoreContent(
  trx: Kysely<DB>,
  target: ModerationTarget,
  previousState: string | null,
): Promise<void> {
  switch (target.kind) {
    case "task": {
      // Without the status it had, a task stays removed rather than guessed open.
      if (!previousState) return;
      const state = JSON.parse(previousState) as TaskState;
      if ((await restoreTask(trx, target.id, state.status)) > 0) await reopenCancelledBids(trx, state.bids);
      return;
    }
    case "review": {
      const subjectId = await setReviewRemoved(trx, target.id, false);
      if (subjectId) await recountRecord(trx, subjectId);
      return;
    }
    case "question":
      return setQuestionRemoved(trx, target.id, false);
    case "message":
      return setMessageRemoved(trx, target.id, false);
    case "profile":
      return setProfileRemoved(trx, target.id, false);
  }
}

/**
 * Suspends a person's use of the app: every session deleted (their next request is signed out;
 * signing in again is refused while the suspension is in force), their open tasks cancelled as
 * their own cancel would (the waiting offers declined), those bidders told the task was removed,
 * and their own waiting offers withdrawn, so that no poster hires someone who cannot sign in.
 * Work in progress stays, on either side: the other may finish it, cancel it or give it back.
 * Lifting the suspension brings none of these back (their bidders and posters have moved on).
 */
export async function suspendAccount(
  trx: Kysely<DB>,
  notices: Notices,
  userId: string,
  dialect: Dialect,
): Promise<void> {
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
