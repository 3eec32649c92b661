import type { Kysely } from "kysely";
import { formatBudget } from "../../contract/format.ts";
import type { NotificationData } from "../../contract/notifications.ts";
import {
  DISPUTE_MESSAGES,
  type Dispute,
  type DisputeDecisionInput,
  type DisputeSide,
  feeCents,
} from "../../contract/payments.ts";
import type { DB } from "../db/schema.ts";
import { cancelInTransaction, completeInTransaction } from "../hiring/hiring.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Notices } from "../notifications/notifier.ts";
import { findTaskById, holdTaskRow } from "../tasks/task-repository.ts";
import {
  acceptOpenProposal,
  endDispute,
  escalateNow,
  findDispute,
  insertDispute,
  insertProposal,
  listEscalated,
  listProposals,
} from "./dispute-repository.ts";
import { post } from "./ledger.ts";
import { split } from "./movements.ts";
import { findPayment, heldPaymentsOf, movePayment, type PaymentRecord } from "./payment-repository.ts";
import { PAYMENT_PROBLEMS, type PaymentsDeps, paymentFor, payOutOnRelease, receiptLines } from "./payments.ts";
import { refundLater } from "./provider-calls.ts";

/*
 * Disputes over held money (issue 44, decision 030). Either party of a hire opens one on a payment
 * held or delivered, with a reason; from then nothing moves the money but the dispute's end. Each
 * may propose a split and the other accept it, which moves the money at once. Not settled within
 * DISPUTE_DAYS, or when either party is suspended, the dispute goes to the moderators' queue, where
 * an admin decides a split that adds up exactly to the amount held (the parties can no longer settle
 * it between them from then). Each step, the suspension's too, takes the task's row
 * first, as every step of a hire does, so that a completion, a cancel or a release racing a dispute
 * either commits first (and the dispute finds nothing held) or finds the payment disputed (409).
 */

export const DISPUTE_PROBLEMS = {
  alreadyOpen: "A dispute is already open on this payment.",
  noDispute: "No dispute is open on this payment.",
  proposalNotFound: "This proposal does not exist.",
  /** A suspension's dispute, in the words both parties read. */
  suspended:
    "One of the two accounts in this hire was suspended: QuickGig's moderators decide what becomes of the payment.",
} as const;

/** The side of the hire the viewer is on; 404 (as for anyone else) when neither. */
function sideOf(payment: PaymentRecord, viewerId: string): "client" | "freelancer" {
  if (payment.clientId === viewerId) return "client";
  if (payment.freelancerId === viewerId) return "freelancer";
  throw new HttpProblem(404, PAYMENT_PROBLEMS.notFound);
}

const otherOf = (payment: PaymentRecord, side: "client" | "freelancer") =>
  side === "client" ? payment.freelancerId : payment.clientId;

const aboutPayment = (payment: PaymentRecord): NotificationData => ({
  taskId: payment.taskId,
  taskTitle: payment.taskTitle,
  paymentId: payment.id,
  amount: payment.cents / 100,
});

/** Either party opens a dispute on the money held for their hire; the other is told. */
export async function openDispute(
  deps: PaymentsDeps,
  paymentId: string,
  viewer: { id: string; name: string },
  reason: string,
): Promise<void> {
  const payment = await paymentFor(deps.db, paymentId, viewer.id);
  const side = sideOf(payment, viewer.id);
  await deps.run.transaction(async (trx, notices) => {
    await holdTaskRow(trx, payment.taskId);
    const now = await findPayment(trx, payment.id);
    if (now?.status === "disputed") throw new HttpProblem(409, DISPUTE_PROBLEMS.alreadyOpen);
    if (now?.status !== "held" && now?.status !== "delivered") throw new HttpProblem(409, DISPUTE_MESSAGES.notHeld);
    if ((await movePayment(trx, payment.id, [now.status], "disputed")) === 0) {
      throw new HttpProblem(409, PAYMENT_PROBLEMS.changed);
    }
    const escalatesAt = new Date(Date.now() + deps.disputeMs);
    await insertDispute(trx, { paymentId: payment.id, openedBy: side, reason, escalatesAt, escalated: false });
    notices.add({
      userId: otherOf(payment, side),
      kind: "dispute-opened",
      data: { ...aboutPayment(payment), actorName: viewer.name },
    });
  });
}

/** Whole cents of a dollar amount the contract has already checked (two decimals at most). */
const centsOf = (dollars: number) => Math.round(dollars * 100);

/** A party proposes a split: `toFreelancer` dollars to the freelancer, the rest back to the client. */
export async function proposeSplit(
  deps: PaymentsDeps,
  paymentId: string,
  viewer: { id: string; name: string },
  toFreelancer: number,
): Promise<void> {
  const payment = await paymentFor(deps.db, paymentId, viewer.id);
  const side = sideOf(payment, viewer.id);
  const toFreelancerCents = centsOf(toFreelancer);
  if (toFreelancerCents > payment.cents) {
    throw new HttpProblem(
      400,
      `The freelancer's part can be at most ${formatBudget(payment.cents / 100)}, the amount held.`,
    );
  }
  const toClientCents = payment.cents - toFreelancerCents;
  await deps.run.transaction(async (trx, notices) => {
    await holdTaskRow(trx, payment.taskId);
    await disputeWithParties(trx, payment.id);
    await insertProposal(trx, { paymentId: payment.id, proposedBy: side, toFreelancerCents, toClientCents });
    notices.add({
      userId: otherOf(payment, side),
      kind: "dispute-proposal",
      data: {
        ...aboutPayment(payment),
        actorName: viewer.name,
        toFreelancer: toFreelancerCents / 100,
        toClient: toClientCents / 100,
      },
    });
  });
}

async function openDisputeOf(trx: Kysely<DB>, paymentId: string) {
  const dispute = await findDispute(trx, paymentId);
  if (!dispute) throw new HttpProblem(409, DISPUTE_PROBLEMS.noDispute);
  if (dispute.status !== "open") throw new HttpProblem(409, DISPUTE_MESSAGES.notOpen);
  return dispute;
}

/** An open dispute still with its two parties: once in the queue (time up, or a party suspended), an admin decides. */
async function disputeWithParties(trx: Kysely<DB>, paymentId: string) {
  const dispute = await openDisputeOf(trx, paymentId);
  if (dispute.escalatedAt) throw new HttpProblem(409, DISPUTE_MESSAGES.withModerators);
  return dispute;
}

/** The other party accepts the proposal waiting: the money moves at once and the hire ends. */
export async function acceptProposal(
  deps: PaymentsDeps,
  paymentId: string,
  proposalId: string,
  viewer: { id: string },
): Promise<void> {
  const payment = await paymentFor(deps.db, paymentId, viewer.id);
  const side = sideOf(payment, viewer.id);
  await deps.run.transaction(async (trx, notices) => {
    await holdTaskRow(trx, payment.taskId);
    await disputeWithParties(trx, payment.id);
    const proposal = (await listProposals(trx, payment.id)).find((each) => each.id === proposalId);
    if (!proposal) throw new HttpProblem(404, DISPUTE_PROBLEMS.proposalNotFound);
    if (proposal.proposedBy === side) throw new HttpProblem(409, DISPUTE_MESSAGES.ownProposal);
    if (!(await acceptOpenProposal(trx, proposal.id))) throw new HttpProblem(409, DISPUTE_MESSAGES.proposalGone);
    await endWithSplit(trx, notices, payment, {
      status: "settled",
      toFreelancerCents: proposal.toFreelancerCents,
      toClientCents: proposal.toClientCents,
    });
  });
}

/**
 * An admin decides a dispute in the moderators' queue, in the caller's transaction (moderation's,
 * which writes the audit log beside it): the split must add up to the amount held exactly.
 */
export async function decideDispute(
  trx: Kysely<DB>,
  notices: Notices,
  paymentId: string,
  adminId: string,
  input: DisputeDecisionInput,
): Promise<PaymentRecord> {
  const payment = await findPayment(trx, paymentId);
  if (!payment) throw new HttpProblem(404, PAYMENT_PROBLEMS.notFound);
  if (payment.clientId === adminId || payment.freelancerId === adminId) {
    throw new HttpProblem(403, DISPUTE_MESSAGES.ownCase);
  }
  const toFreelancerCents = centsOf(input.toFreelancer);
  const toClientCents = centsOf(input.toClient);
  if (toFreelancerCents + toClientCents !== payment.cents) {
    throw new HttpProblem(
      400,
      `The split must add up to the ${formatBudget(payment.cents / 100)} held: ${formatBudget(input.toFreelancer)} + ${formatBudget(input.toClient)} is ${formatBudget((toFreelancerCents + toClientCents) / 100)}.`,
    );
  }
  await holdTaskRow(trx, payment.taskId);
  const dispute = await openDisputeOf(trx, payment.id);
  if (!dispute.escalatedAt) throw new HttpProblem(409, DISPUTE_MESSAGES.notEscalated);
  await endWithSplit(trx, notices, payment, {
    status: "decided",
    toFreelancerCents,
    toClientCents,
    decidedBy: adminId,
    rule: input.rule,
    note: input.note,
  });
  return payment;
}

/**
 * A dispute's end: the split in the ledger (the freelancer's part less the fee on it, the rest back
 * to the card), the payment split, and the hire over: completed when the freelancer is paid
 * anything, cancelled when everything goes back. Both parties are told.
 */
async function endWithSplit(
  trx: Kysely<DB>,
  notices: Notices,
  payment: PaymentRecord,
  end: Parameters<typeof endDispute>[2],
): Promise<void> {
  if (!(await endDispute(trx, payment.id, end))) throw new HttpProblem(409, DISPUTE_MESSAGES.notOpen);
  if ((await movePayment(trx, payment.id, ["disputed"], "split", { settled: true })) === 0) {
    throw new HttpProblem(409, PAYMENT_PROBLEMS.changed);
  }
  await post(
    trx,
    split(
      {
        id: payment.id,
        taskId: payment.taskId,
        clientId: payment.clientId,
        freelancerId: payment.freelancerId,
        cents: payment.cents,
      },
      end.toFreelancerCents,
      payment.feeBasisPoints / 100,
    ),
  );
  const fee = feeCents(end.toFreelancerCents, payment.feeBasisPoints / 100);
  await payOutOnRelease(trx, payment.freelancerId, end.toFreelancerCents - fee);
  // The payment no longer held, the hire's own end moves no money (hiring's settle finds none live).
  const task = await findTaskById(trx, payment.taskId);
  if (task?.status === "assigned") {
    if (end.toFreelancerCents > 0) await completeInTransaction(trx, notices, task);
    else await cancelInTransaction(trx, task.id, ["assigned"]);
  }
  const data: NotificationData = {
    ...aboutPayment(payment),
    toFreelancer: end.toFreelancerCents / 100,
    toClient: end.toClientCents / 100,
    // The fee on the freelancer's part, so that both read what the freelancer is paid.
    fee: fee / 100,
    ...(end.rule ? { rule: end.rule } : {}),
  };
  const kind = end.status === "decided" ? "dispute-decided" : "dispute-settled";
  const receipt = receiptLines(payment, "split", end.toFreelancerCents);
  notices.add({ userId: payment.clientId, kind, data, receipt }, { userId: payment.freelancerId, kind, data, receipt });
  // Made once this step commits (provider-calls.ts): a step rolled back refunds nothing.
  if (end.toClientCents > 0) await refundLater(trx, payment, end.toClientCents);
}

/**
 * A suspension, in its own transaction: every payment held for the person's hires, on either side,
 * goes to the moderators' queue as a dispute (a dispute already open goes there at once, and its
 * parties can no longer settle it between them), so that nothing is released to, or refunded for,
 * a suspended account without an admin's decision. Each payment's task row is taken first, as every
 * hire step does: a completion or a dispute racing this either commits first (and is seen here) or
 * waits and then finds the payment disputed. Both parties are told.
 */
export async function holdForModerators(trx: Kysely<DB>, notices: Notices, userId: string): Promise<void> {
  for (const listed of await heldPaymentsOf(trx, userId)) {
    await holdTaskRow(trx, listed.taskId);
    const payment = await findPayment(trx, listed.id);
    if (payment?.status === "disputed") {
      await escalateNow(trx, payment.id);
      continue;
    }
    if (payment?.status !== "held" && payment?.status !== "delivered") continue;
    if ((await movePayment(trx, payment.id, [payment.status], "disputed")) === 0) continue;
    const now = new Date();
    await insertDispute(trx, {
      paymentId: payment.id,
      openedBy: "moderators",
      reason: DISPUTE_PROBLEMS.suspended,
      escalatesAt: now,
      escalated: true,
    });
    notices.add(
      { userId: payment.clientId, kind: "dispute-opened", data: aboutPayment(payment) },
      { userId: payment.freelancerId, kind: "dispute-opened", data: aboutPayment(payment) },
    );
  }
}

/** A payment's dispute as its parties and admins read it, or null when it has none. */
export async function presentDispute(db: Kysely<DB>, paymentId: string): Promise<Dispute | null> {
  const dispute = await findDispute(db, paymentId);
  if (!dispute) return null;
  const proposals = await listProposals(db, paymentId);
  return {
    openedBy: dispute.openedBy as DisputeSide,
    reason: dispute.reason,
    openedAt: dispute.openedAt,
    escalatesAt: dispute.escalatesAt,
    escalatedAt: dispute.escalatedAt,
    status: dispute.status,
    proposals: proposals.map((proposal) => ({
      _id: proposal.id,
      by: proposal.proposedBy,
      status: proposal.status,
      createdAt: proposal.createdAt,
      toFreelancer: proposal.toFreelancerCents / 100,
      toClient: proposal.toClientCents / 100,
    })),
    outcome:
      dispute.status === "open" || dispute.endedAt === null
        ? null
        : {
            at: dispute.endedAt,
            toFreelancer: (dispute.toFreelancerCents ?? 0) / 100,
            toClient: (dispute.toClientCents ?? 0) / 100,
            rule: dispute.rule,
            note: dispute.note,
          },
  };
}

/** How many disputes the moderators' queue shows at once. */
const QUEUE_DISPUTES = 100;

/** The disputes waiting for an admin, the longest waiting first. */
export async function escalatedDisputes(db: Kysely<DB>): Promise<PaymentRecord[]> {
  const ids = await listEscalated(db, QUEUE_DISPUTES);
  const payments = await Promise.all(ids.map((id) => findPayment(db, id)));
  return payments.filter((payment) => payment !== undefined);
}
