import type { Kysely } from "kysely";
import type { z } from "zod";
import {
  type Bid,
  isBiddingOpen,
  MESSAGES,
  type MyBid,
  type MyBidsQuerySchema,
  type OfferSummary,
} from "../../contract/index.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Transactor } from "../notifications/notifier.ts";
import { refuseLimited } from "../standing/standing.ts";
import { holdOpenTaskRow, type TaskRecord } from "../tasks/task-repository.ts";
import { findTaskOrFail, type ReviewsDue, type TaskNeighbours } from "../tasks/tasks.ts";
import {
  type BidRecord,
  cancelPendingBids,
  countBidsForTask,
  countBidsForTasks,
  DuplicateBidError,
  findBidById,
  findBidOf,
  keepBidsOfDeletedTask,
  listBidsForTask,
  listBidsOfBidder,
  type Offer,
  pendingBidderIds,
  placeBid,
  reopenCancelledBids,
  setBidStatus,
  updateOffer,
} from "./bid-repository.ts";
import { invitedBidders } from "./invitations.ts";
import { presentBid, summarizeOffer } from "./present-bid.ts";

/**
 * Bids' rules (PRODUCT.md, Hiring): who may offer, change and withdraw, and who sees what of the
 * offers. The routes (bid-routes.ts) and the server's first screens go through these.
 */

/** What bids tell tasks about a task's offers (tasks.ts, TaskNeighbours), registered in app.ts. */
export const offersOfTasks: Omit<TaskNeighbours, "reviewsDue" | "postersRatings"> = {
  countOffers: countBidsForTasks,
  offerOf: async (db, taskId, viewer) => {
    const bid = await findBidOf(db, taskId, viewer.id);
    return bid && presentBid(bid, viewer.id);
  },
  pendingBidders: pendingBidderIds,
  keepOffersOfDeleted: (trx, taskId) => keepBidsOfDeletedTask(trx, taskId),
  cancelPendingOffers: cancelPendingBids,
  reopenOffers: reopenCancelledBids,
};

/** The viewer's own bid, found by id: 404 when there is none, 403 when it is someone else's. */
export async function findOwnBid(db: Kysely<DB>, viewer: Viewer, id: string): Promise<BidRecord> {
  const bid = await findBidById(db, id);
  if (!bid) throw new HttpProblem(404, "This bid does not exist.");
  if (bid.bidderId !== viewer.id) throw new HttpProblem(403, MESSAGES.notBidder);
  return bid;
}

export async function presentOwnBid(db: Kysely<DB>, viewer: Viewer, id: string): Promise<Bid> {
  return presentBid(await findOwnBid(db, viewer, id), viewer.id);
}

/**
 * A page of a task's offers as this reader may see them: all of them for the poster; otherwise
 * their own, and, when the poster made the offers public, the others' names and amounts. The total
 * counts every offer that was not withdrawn.
 */
export async function findOffersSeenBy(
  db: Kysely<DB>,
  task: TaskRecord,
  viewer: Viewer,
  page: { page: number; limit: number },
): Promise<{ bids: Array<Bid | OfferSummary>; total: number }> {
  const present = (bid: BidRecord) =>
    task.ownerId === viewer.id || bid.bidderId === viewer.id ? presentBid(bid, viewer.id) : summarizeOffer(bid);
  if (task.ownerId === viewer.id) {
    // The poster's list marks the offers of those they invited (issue 45).
    const { bids, total } = await listBidsForTask(db, task.id, page);
    const invited = await invitedBidders(db, task.id, [...new Set(bids.map((bid) => bid.bidderId))]);
    return {
      bids: bids.map((bid) => ({ ...present(bid), ...(invited.has(bid.bidderId) ? { invited: true } : {}) })),
      total,
    };
  }
  if (task.offersPublic) {
    const { bids, total } = await listBidsForTask(db, task.id, page);
    return { bids: bids.map(present), total };
  }
  // Private offers: the count, and the reader's own offer, nothing of anyone else's.
  const [own, total] = await Promise.all([findBidOf(db, task.id, viewer.id), countBidsForTask(db, task.id)]);
  return { bids: own && own.status !== "withdrawn" && page.page === 1 ? [presentBid(own, viewer.id)] : [], total };
}

/** New offers, and changes to one, only while the task takes them (open, its deadline not passed). */
function requireBiddingOpen(task: TaskRecord): void {
  if (task.status !== "open") throw new HttpProblem(409, MESSAGES.notTakingBids);
  if (!isBiddingOpen(task.deadline)) throw new HttpProblem(409, MESSAGES.biddingClosed);
}

/**
 * The viewer bids on a task (the amount defaults to the budget) and its poster is told; after a
 * withdrawal the same person may bid again. Answers the bid's id.
 */
export async function placeOffer(
  run: Transactor,
  task: TaskRecord,
  bidder: Viewer,
  input: { amount?: number | undefined; days?: number | undefined; message?: string | undefined },
): Promise<string> {
  if (task.ownerId === bidder.id) throw new HttpProblem(403, MESSAGES.ownTaskBid);
  requireBiddingOpen(task);
  const offer: Offer = {
    amount: input.amount ?? task.budget,
    days: input.days ?? null,
    message: input.message?.trim() || null,
  };
  try {
    const placed = await run.transaction(async (trx, notices) => {
      // A limited person bids on nothing (decision 023): 403 naming the rule.
      await refuseLimited(trx, bidder.id);
      // Holds the task's row while the bid goes in, so an accept cannot slip between the check and the bid.
      if (!(await holdOpenTaskRow(trx, task.id))) throw new HttpProblem(409, MESSAGES.notTakingBids);
      const bid = await placeBid(trx, task.id, bidder.id, offer);
      notices.add({
        userId: task.ownerId,
        kind: "bid-new",
        data: { taskId: task.id, taskTitle: task.title, actorName: bidder.name, amount: offer.amount },
      });
      return bid;
    });
    return placed.id;
  } catch (error) {
    if (error instanceof DuplicateBidError) throw new HttpProblem(409, MESSAGES.alreadyBid);
    throw error;
  }
}

/**
 * The bidder changes a pending offer, with the same rules as a new one: bidding must still be
 * open. The poster is told, with the new amount and, when it changed, the one before.
 */
export async function changeOffer(
  run: Transactor,
  db: Kysely<DB>,
  viewer: Viewer,
  bidId: string,
  input: { amount?: number | undefined; days?: number | null | undefined; message?: string | null | undefined },
): Promise<Bid> {
  const bid = await findOwnBid(db, viewer, bidId);
  if (bid.status !== "pending") throw new HttpProblem(409, MESSAGES.bidNotPending);
  const task = await findTaskOrFail(db, bid.taskId);
  await refuseLimited(db, viewer.id);
  requireBiddingOpen(task);
  const change = {
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    ...(input.days !== undefined ? { days: input.days } : {}),
    ...(input.message !== undefined ? { message: input.message?.trim() || null } : {}),
  };
  await run.transaction(async (trx, notices) => {
    if ((await updateOffer(trx, bid.id, change)) === 0) throw new HttpProblem(409, MESSAGES.bidNotPending);
    // "Was": the amount as this change found it.
    const before = bid;
    const amount = change.amount ?? before.amount;
    notices.add({
      userId: task.ownerId,
      kind: "bid-changed",
      data: {
        taskId: task.id,
        taskTitle: task.title,
        actorName: viewer.name,
        amount,
        ...(amount !== before.amount ? { previousAmount: before.amount } : {}),
      },
    });
  });
  return presentOwnBid(db, viewer, bid.id);
}

/** The bidder withdraws a pending offer; it is kept as withdrawn. */
export async function withdrawOffer(db: Kysely<DB>, viewer: Viewer, bidId: string): Promise<void> {
  const bid = await findOwnBid(db, viewer, bidId);
  if (bid.status !== "pending") throw new HttpProblem(409, MESSAGES.bidNotPending);
  // A racing accept changes the same row: one of the two wins it.
  if ((await setBidStatus(db, bid.id, ["pending"], "withdrawn")) === 0) {
    throw new HttpProblem(409, MESSAGES.bidNotPending);
  }
}

/**
 * A page of the viewer's bids, the latest offer first, each with its task: what My Bids shows,
 * with reviewDue where they were hired and their review is still to write (reviews answer it).
 */
export async function listMyBids(
  db: Kysely<DB>,
  viewer: Viewer,
  { status, page, limit }: z.output<typeof MyBidsQuerySchema>,
  reviewsDue: ReviewsDue,
  paymentsOf?: TaskNeighbours["paymentsOf"],
): Promise<{ bids: MyBid[]; total: number }> {
  const { bids, total } = await listBidsOfBidder(db, viewer.id, { statuses: status, page, limit });
  const hired = bids.filter((bid) => bid.task.status === "completed" || bid.task.status === "cancelled");
  const accepted = bids.filter((bid) => bid.status === "accepted" && !bid.task.deleted).map((bid) => bid.task.id);
  const [due, payments] = await Promise.all([
    reviewsDue(
      db,
      viewer.id,
      hired.map((bid) => bid.task.id),
    ),
    accepted.length > 0 ? paymentsOf?.(db, accepted, viewer.id) : undefined,
  ]);
  return {
    total,
    bids: bids.map((bid) => ({
      ...presentBid(bid, viewer.id),
      task: {
        _id: bid.task.id,
        title: bid.task.title,
        status: bid.task.status,
        deadline: bid.task.deadline,
        budget: bid.task.budget,
        ...(due.has(bid.task.id) && !bid.task.deleted ? { reviewDue: true } : {}),
        ...(bid.task.deleted ? { deleted: true as const } : {}),
        ...(bid.status === "accepted" && payments?.has(bid.task.id) ? { payment: payments.get(bid.task.id) } : {}),
      },
    })),
  };
}
