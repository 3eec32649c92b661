import type { Kysely } from "kysely";
import { MESSAGES, type TaskStatus } from "../../contract/index.ts";
import type { NotificationData } from "../../contract/notifications.ts";
import {
  acceptPendingBid,
  cancelAcceptedBid,
  findBidById,
  LIVE_BID_STATUSES,
  moveTaskBids,
  setBidStatus,
  toCents,
} from "../bids/bid-repository.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Notices, Transactor } from "../notifications/notifier.ts";
import type { ProfileFigures } from "../profiles/profiles.ts";
import { countCompletedTask } from "../profiles/record-repository.ts";
import {
  findTaskAssignee,
  findTaskStatus,
  setAgreedAmount,
  setTaskStatus,
  type TaskRecord,
} from "../tasks/task-repository.ts";
import { countHiresByOutcome, endAssignment, insertAssignment } from "./assignment-repository.ts";
import { summarize } from "./summary-repository.ts";

/** What hiring tells a profile (profiles/profiles.ts, ProfileFigures): a person's hires on both sides, by outcome. */
export const hiresOf: ProfileFigures["hiresOf"] = countHiresByOutcome;

/** The offers a hire declines, and those a task given back reopens. */
const DECLINE = { from: "pending", to: "declined" } as const;
const REOPEN = { from: "declined", to: "pending" } as const;

/**
 * A task's life (PRODUCT.md, Hiring) as one table: which statuses each step starts from, where it
 * leads and who may take it. Each step below is one transaction of conditional updates, so that of
 * two requests racing on one task exactly one moves it and the other is told why it cannot.
 */
export const TRANSITIONS = {
  accept: { from: ["open"], to: "assigned", by: "poster" },
  complete: { from: ["assigned"], to: "completed", by: "poster" },
  cancel: { from: ["open", "assigned"], to: "cancelled", by: "poster" },
  release: { from: ["assigned"], to: "open", by: "assignee" },
} as const satisfies Record<string, { from: TaskStatus[]; to: TaskStatus; by: "poster" | "assignee" }>;

export type Step = keyof typeof TRANSITIONS;

/** 403 for the wrong person, 409 (saying why) for a task in the wrong status. */
export function checkStep(step: Step, task: TaskRecord, viewerId: string): void {
  const { from, by } = TRANSITIONS[step];
  if (by === "poster" && task.ownerId !== viewerId) throw new HttpProblem(403, MESSAGES.notTaskOwner);
  if (by === "assignee" && task.assigneeId !== viewerId) throw new HttpProblem(403, MESSAGES.notAssignee);
  if (!(from as readonly TaskStatus[]).includes(task.status)) throw new HttpProblem(409, refusal(step, task.status));
}

function refusal(step: Step, status: TaskStatus): string {
  if (step === "accept" && status === "assigned") return MESSAGES.taskTaken;
  if (step === "complete" || step === "release") return status === "open" ? MESSAGES.notAssigned : notOpen(status);
  return notOpen(status);
}

function notOpen(status: TaskStatus): string {
  return status === "open" ? MESSAGES.taskTaken : MESSAGES.taskNotOpen[status];
}

/** Thrown inside a transaction to roll it back with this answer. */
function conflict(detail: string): never {
  throw new HttpProblem(409, detail);
}

/** Another request changed the task first: say what it is now (the caller's transaction is rolled back). */
async function lostRace(db: Kysely<DB>, step: Step, taskId: string): Promise<never> {
  const status = await findTaskStatus(db, taskId);
  conflict(status ? refusal(step, status) : MESSAGES.taskNotFound);
}

/** Who takes a step, for the notices it causes. */
interface Actor {
  id: string;
  name: string;
}

const about = (task: TaskRecord, actor?: Actor, extra: Partial<NotificationData> = {}): NotificationData => ({
  taskId: task.id,
  taskTitle: task.title,
  ...(actor ? { actorName: actor.name } : {}),
  ...extra,
});

/**
 * What money does at a hire's steps (payments/, given from app.ts: decision 027, told rather than
 * imported). Null when PAYMENTS=off: hiring moves no money.
 */
export interface HiringMoney {
  /**
   * Accepting an offer: the checkout the poster pays first. Nothing is hired until the payment
   * succeeds; then the payment hires (`acceptInTransaction`) in one transaction with its record.
   */
  checkout(
    task: TaskRecord,
    bidId: string,
    seenAmount: number | undefined,
  ): Promise<{ paymentId: string; checkoutUrl: string }>;
  /** In the step's transaction, once the task has moved: what becomes of the task's payment, and who is told. */
  settle(
    trx: Kysely<DB>,
    notices: Notices,
    taskId: string,
    ending: "completed" | "cancelled" | "released",
  ): Promise<void>;
  /** What a person spent as a client and earned as a freelancer, in dollars, as the ledger sums it. */
  spentAndEarned(db: Kysely<DB>, userId: string): Promise<{ spent: number; earned: number }>;
}

/**
 * The poster hires a bidder: the task assigned at the bid's amount, that bid accepted, the other
 * pending ones declined. Rows are taken task first, then bids, as every other writer that takes
 * both does, so that two of them never wait on each other (a deadlock on PostgreSQL). `seenAmount`
 * is the offer the poster looked at: if the bidder has changed it since, nothing happens.
 */
export async function acceptBid(run: Transactor, task: TaskRecord, bidId: string, seenAmount?: number): Promise<void> {
  await run.transaction((trx, notices) => acceptInTransaction(trx, notices, task, bidId, seenAmount));
}

/** `acceptBid` in the caller's transaction (a payment that succeeded hires in its own). */
export async function acceptInTransaction(
  trx: Kysely<DB>,
  notices: Notices,
  task: TaskRecord,
  bidId: string,
  seenAmount?: number,
): Promise<void> {
  const bid = await findBidById(trx, bidId);
  if (!bid || bid.taskId !== task.id) throw new HttpProblem(404, MESSAGES.bidNotOnTask);
  const hire = { assignment: { assigneeId: bid.bidderId, agreedCents: null } };
  if ((await setTaskStatus(trx, task.id, ["open"], "assigned", hire)) === 0) await lostRace(trx, "accept", task.id);
  // A withdrawal or a change racing this accept takes the same bid row: one of them wins it.
  const amountCents = await acceptPendingBid(trx, bid.id);
  if (amountCents === undefined) conflict(MESSAGES.bidGone);
  if (seenAmount !== undefined && amountCents !== toCents(seenAmount)) conflict(MESSAGES.offerChanged);
  await setAgreedAmount(trx, task.id, amountCents);
  await insertAssignment(trx, { taskId: task.id, clientId: task.ownerId, freelancerId: bid.bidderId });
  const declined = await moveTaskBids(trx, task.id, DECLINE, bid.id);
  notices.add(
    { userId: bid.bidderId, kind: "bid-accepted", data: about(task, undefined, { amount: amountCents / 100 }) },
    ...declined.map((userId) => ({ userId, kind: "bid-declined" as const, data: about(task) })),
  );
}

export async function completeTask(run: Transactor, task: TaskRecord, money: HiringMoney | null = null): Promise<void> {
  await run.transaction(async (trx, notices) => {
    if (!(await completeInTransaction(trx, notices, task, money))) await lostRace(trx, "complete", task.id);
  });
}

/**
 * `completeTask` in the caller's transaction (a dispute settled with a part for the freelancer ends
 * the hire this way, its payment already split): false when the task was no longer assigned.
 */
export async function completeInTransaction(
  trx: Kysely<DB>,
  notices: Notices,
  task: TaskRecord,
  money: HiringMoney | null = null,
): Promise<boolean> {
  if ((await setTaskStatus(trx, task.id, ["assigned"], "completed")) === 0) return false;
  await money?.settle(trx, notices, task.id, "completed");
  const assignee = await findTaskAssignee(trx, task.id);
  // The hire ends completed, and counts in the record of its freelancer, the one that hire was
  // of (Find Freelancers reads it): so the record counts what assignments hold.
  const freelancer = await endAssignment(trx, task.id, "completed");
  if (freelancer) await countCompletedTask(trx, freelancer);
  if (assignee) notices.add({ userId: assignee, kind: "task-completed", data: about(task) });
  return true;
}

/**
 * Cancelled from open or assigned: the offers still waiting are declined, the hired one (if any)
 * cancelled, and their bidders and the freelancer told.
 */
export async function cancelTask(run: Transactor, task: TaskRecord, money: HiringMoney | null = null): Promise<void> {
  await run.transaction(async (trx, notices) => {
    const told = await cancelInTransaction(trx, task.id, undefined, money, notices);
    if (told === null) return lostRace(trx, "cancel", task.id);
    notices.add(...told.map((userId) => ({ userId, kind: "task-cancelled" as const, data: about(task) })));
  });
}

/**
 * A cancel in the caller's transaction (the poster's, or a suspension's, which cancels only tasks
 * still open: `from`): the bidders and the freelancer to tell, or null when the task was no longer
 * in `from` and nothing changed.
 */
export async function cancelInTransaction(
  trx: Kysely<DB>,
  taskId: string,
  from: TaskStatus[] = [...TRANSITIONS.cancel.from],
  money: HiringMoney | null = null,
  notices: Notices = { add: () => {} },
): Promise<string[] | null> {
  if ((await setTaskStatus(trx, taskId, from, "cancelled")) === 0) return null;
  await money?.settle(trx, notices, taskId, "cancelled");
  // Read with the row held: an accept that committed first is the one told.
  const assignee = await findTaskAssignee(trx, taskId);
  if (assignee) {
    await cancelAcceptedBid(trx, taskId);
    await endAssignment(trx, taskId, "cancelled");
  }
  return [...(await moveTaskBids(trx, taskId, DECLINE)), ...(assignee ? [assignee] : [])];
}

/**
 * The freelancer gives the task back: open again, unassigned, their bid withdrawn, and the offers
 * declined when they were hired waiting again, so that the poster can hire one of them at once
 * (PRODUCT.md, Hiring); those bidders are told. Only while they are the one assigned: a second
 * release sent before the poster hired someone else does nothing.
 */
export async function releaseTask(
  run: Transactor,
  task: TaskRecord,
  freelancer: Actor,
  money: HiringMoney | null = null,
): Promise<void> {
  await run.transaction(async (trx, notices) => {
    const released = await setTaskStatus(trx, task.id, ["assigned"], "open", {
      assignment: { assigneeId: null, agreedCents: null },
      assignedTo: freelancer.id,
    });
    if (released === 0) conflict(MESSAGES.notAssignee);
    await money?.settle(trx, notices, task.id, "released");
    await endAssignment(trx, task.id, "released");
    const bid = await trx
      .selectFrom("bids")
      .select("id")
      .where("task_id", "=", task.id)
      .where("bidder_id", "=", freelancer.id)
      .executeTakeFirst();
    if (bid) await setBidStatus(trx, bid.id, LIVE_BID_STATUSES, "withdrawn");
    const reopened = await moveTaskBids(trx, task.id, REOPEN);
    notices.add(
      { userId: task.ownerId, kind: "task-released", data: about(task, freelancer) },
      ...reopened.map((userId) => ({ userId, kind: "task-reopened" as const, data: about(task) })),
    );
  });
}

/**
 * A person's own figures (the dashboard's): their tasks and bids by status, spent, earned, latest
 * doings. With payments on, spent and earned are the ledger's (money paid on, after fees), not the
 * agreed amounts.
 */
export async function dashboardSummary(db: Kysely<DB>, userId: string, money: HiringMoney | null = null) {
  const [summary, ledger] = await Promise.all([summarize(db, userId), money?.spentAndEarned(db, userId)]);
  return ledger ? { ...summary, ...ledger } : summary;
}
