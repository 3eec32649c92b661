import { type Kysely, sql } from "kysely";
import type { BidStatus, TaskStatus } from "../../contract/index.ts";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";
import { REMOVED_TASK_STATUS } from "../tasks/task-repository.ts";

export interface BidRecord {
  id: string;
  taskId: string;
  bidderId: string;
  bidderName: string;
  bidderEmail: string;
  /** When the offer was placed. */
  bidTime: string;
  /** When it was last changed, if ever. */
  changedAt: string | null;
  amount: number;
  days: number | null;
  message: string | null;
  status: BidStatus;
  /** The bidder's record as a freelancer (profiles), read with the list the poster chooses from. */
  reputation?: { ratingSum: number; ratingCount: number; completed: number };
}

export interface Offer {
  amount: number;
  days: number | null;
  message: string | null;
}

/** Bids that still count: an offer waiting, or the one accepted. */
export const LIVE_BID_STATUSES: BidStatus[] = ["pending", "accepted"];

export const toCents = (dollars: number) => Math.round(dollars * 100);

function selectBids(db: Kysely<DB>) {
  return db
    .selectFrom("bids")
    .innerJoin("user", "user.id", "bids.bidder_id")
    .select([
      "bids.id",
      "bids.task_id",
      "bids.bidder_id",
      "bids.bid_time",
      "bids.changed_at",
      "bids.amount_cents",
      "bids.days",
      "bids.message",
      "bids.status",
      "user.name",
      "user.email",
    ]);
}

type BidRow = Awaited<ReturnType<ReturnType<typeof selectBids>["executeTakeFirstOrThrow"]>>;

function toRecord(row: BidRow): BidRecord {
  return {
    id: row.id,
    taskId: row.task_id,
    bidderId: row.bidder_id,
    bidderName: row.name,
    bidderEmail: row.email,
    bidTime: row.bid_time,
    changedAt: row.changed_at,
    amount: Number(row.amount_cents) / 100,
    days: row.days === null ? null : Number(row.days),
    message: row.message,
    status: row.status as BidStatus,
  };
}

export class DuplicateBidError extends Error {}

/**
 * Places a bid. A bidder has one row per task: a first bid inserts it, a bid after a withdrawal (or
 * after a decline, once the task is open again) makes that row a pending offer again. The unique
 * (task, bidder) constraint and the conditional update decide a race between two of the same.
 */
export async function placeBid(
  db: Kysely<DB>,
  taskId: string,
  bidderId: string,
  offer: Offer,
  now = new Date(),
): Promise<{ id: string; bidTime: string }> {
  const bidTime = now.toISOString();
  const values = {
    bid_time: bidTime,
    changed_at: null,
    amount_cents: toCents(offer.amount),
    days: offer.days,
    message: offer.message,
    status: "pending",
  };
  const inserted = await db
    .insertInto("bids")
    .values({ id: createId(), task_id: taskId, bidder_id: bidderId, ...values })
    .onConflict((conflict) => conflict.columns(["task_id", "bidder_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, bidTime };
  const renewed = await db
    .updateTable("bids")
    .set(values)
    .where("task_id", "=", taskId)
    .where("bidder_id", "=", bidderId)
    .where("status", "in", ["withdrawn", "declined"])
    .returning("id")
    .executeTakeFirst();
  if (!renewed) throw new DuplicateBidError();
  return { id: renewed.id, bidTime };
}

/** Changes a pending offer, dated apart from when it was placed; 0 when the bid is no longer pending. */
export async function updateOffer(
  db: Kysely<DB>,
  bidId: string,
  change: Partial<Offer>,
  now = new Date(),
): Promise<number> {
  const result = await db
    .updateTable("bids")
    .set({
      changed_at: now.toISOString(),
      ...(change.amount !== undefined ? { amount_cents: toCents(change.amount) } : {}),
      ...(change.days !== undefined ? { days: change.days } : {}),
      ...(change.message !== undefined ? { message: change.message } : {}),
    })
    .where("id", "=", bidId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Moves one bid from a status to another; 0 when it was not in `from` (another request changed it
 * first: the row's lock makes the second of two racing writers see the first one's result).
 */
export async function setBidStatus(db: Kysely<DB>, bidId: string, from: BidStatus[], to: BidStatus): Promise<number> {
  const result = await db
    .updateTable("bids")
    .set({ status: to })
    .where("id", "=", bidId)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Accepts a pending bid; its amount in cents, or undefined when it was no longer pending. */
export async function acceptPendingBid(db: Kysely<DB>, bidId: string): Promise<number | undefined> {
  const row = await db
    .updateTable("bids")
    .set({ status: "accepted" })
    .where("id", "=", bidId)
    .where("status", "=", "pending")
    .returning("amount_cents")
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.amount_cents);
}

/** Ends a task's hired offer with the task (cancelled while assigned). */
export async function cancelAcceptedBid(db: Kysely<DB>, taskId: string): Promise<void> {
  await db
    .updateTable("bids")
    .set({ status: "cancelled" })
    .where("task_id", "=", taskId)
    .where("status", "=", "accepted")
    .execute();
}

/**
 * Moves a task's bids from one status to another (all but `except`); their bidders' ids. Hiring
 * declines the pending ones (all but the hired); a task given back reopens the declined ones: a
 * declined offer cannot be withdrawn, and one its bidder renewed is pending already, so every
 * declined row of a task given back was declined by the hire.
 */
export async function moveTaskBids(
  db: Kysely<DB>,
  taskId: string,
  move: { from: "pending"; to: "declined" } | { from: "declined"; to: "pending" },
  except?: string,
): Promise<string[]> {
  let query = db
    .updateTable("bids")
    .set({ status: move.to })
    .where("task_id", "=", taskId)
    .where("status", "=", move.from);
  if (except) query = query.where("id", "!=", except);
  return (await query.returning("bidder_id").execute()).map((row) => row.bidder_id);
}

/**
 * A removed task's waiting offers end with it (cancelled, as a deleted task's do); their ids and
 * bidders, so that restoring the task puts them back (reopenCancelledBids).
 */
export async function cancelPendingBids(
  db: Kysely<DB>,
  taskId: string,
): Promise<Array<{ id: string; bidderId: string }>> {
  const rows = await db
    .updateTable("bids")
    .set({ status: "cancelled" })
    .where("task_id", "=", taskId)
    .where("status", "=", "pending")
    .returning(["id", "bidder_id"])
    .execute();
  return rows.map((row) => ({ id: row.id, bidderId: row.bidder_id }));
}

/** The offers cancelled with a removed task waiting again, those still cancelled, once it is restored. */
export async function reopenCancelledBids(db: Kysely<DB>, bidIds: string[]): Promise<void> {
  if (bidIds.length === 0) return;
  await db
    .updateTable("bids")
    .set({ status: "pending" })
    .where("id", "in", bidIds)
    .where("status", "=", "cancelled")
    .execute();
}

/** A suspended person's waiting offers, withdrawn (decision 023): no poster hires someone who cannot sign in. */
export async function withdrawPendingBidsOf(db: Kysely<DB>, bidderId: string): Promise<number> {
  const result = await db
    .updateTable("bids")
    .set({ status: "withdrawn" })
    .where("bidder_id", "=", bidderId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Who has a pending offer on a task: those a change to it concerns. */
export async function pendingBidderIds(db: Kysely<DB>, taskId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("bids")
    .select("bidder_id")
    .where("task_id", "=", taskId)
    .where("status", "=", "pending")
    .execute();
  return rows.map((row) => row.bidder_id);
}

export async function findBidById(db: Kysely<DB>, id: string): Promise<BidRecord | undefined> {
  const row = await selectBids(db).where("bids.id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

export async function findBidOf(db: Kysely<DB>, taskId: string, bidderId: string): Promise<BidRecord | undefined> {
  const row = await selectBids(db)
    .where("bids.task_id", "=", taskId)
    .where("bids.bidder_id", "=", bidderId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** A task's bids, oldest offer first; withdrawn ones are left out unless asked for. */
export async function listBidsForTask(
  db: Kysely<DB>,
  taskId: string,
  page: { page: number; limit: number },
): Promise<{ bids: BidRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    selectBids(db)
      .leftJoin("profiles", "profiles.user_id", "bids.bidder_id")
      .select(["profiles.rating_sum", "profiles.rating_count", "profiles.completed"])
      .where("bids.task_id", "=", taskId)
      .where("bids.status", "!=", "withdrawn")
      .orderBy("bids.bid_time", "asc")
      .orderBy("bids.id", "asc")
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    countBidsForTask(db, taskId),
  ]);
  return {
    bids: rows.map((row) => ({
      ...toRecord(row),
      reputation: {
        ratingSum: Number(row.rating_sum ?? 0),
        ratingCount: Number(row.rating_count ?? 0),
        completed: Number(row.completed ?? 0),
      },
    })),
    total: count,
  };
}

/** Bids a task has had that were not withdrawn (pending, accepted or declined). */
export async function countBidsForTask(db: Kysely<DB>, taskId: string): Promise<number> {
  const row = await db
    .selectFrom("bids")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("task_id", "=", taskId)
    .where("status", "!=", "withdrawn")
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** countBidsForTask for a page of tasks at once: each task's id with its count (none for a task without bids). */
export async function countBidsForTasks(db: Kysely<DB>, taskIds: string[]): Promise<Map<string, number>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("bids")
    .select(["task_id", (eb) => eb.fn.countAll<number>().as("total")])
    .where("task_id", "in", taskIds)
    .where("status", "!=", "withdrawn")
    .groupBy("task_id")
    .execute();
  return new Map(rows.map((row) => [row.task_id, Number(row.total)]));
}

export interface BidOfMine extends BidRecord {
  task: { id: string; title: string; status: TaskStatus; deadline: string; budget: number; deleted: boolean };
}

/**
 * Keeps the bids of a task about to be deleted for their bidders (decision 020), with the task's
 * title, deadline and budget; a pending offer ends with its task (cancelled). In the transaction
 * that deletes the task, before its rows (and with them its bids) go.
 */
export async function keepBidsOfDeletedTask(db: Kysely<DB>, taskId: string, now = new Date()): Promise<void> {
  await db
    .insertInto("deleted_task_bids")
    .columns([
      "id",
      "task_id",
      "task_title",
      "task_deadline",
      "task_budget_cents",
      "bidder_id",
      "bid_time",
      "changed_at",
      "amount_cents",
      "days",
      "message",
      "status",
      "deleted_at",
    ])
    .expression(
      db
        .selectFrom("bids")
        .innerJoin("tasks", "tasks.id", "bids.task_id")
        .select([
          "bids.id",
          "bids.task_id",
          "tasks.title",
          "tasks.deadline",
          "tasks.budget_cents",
          "bids.bidder_id",
          "bids.bid_time",
          "bids.changed_at",
          "bids.amount_cents",
          "bids.days",
          "bids.message",
          (eb) =>
            eb
              .case()
              .when("bids.status", "=", "pending")
              .then(eb.val("cancelled"))
              .else(eb.ref("bids.status"))
              .end()
              .as("status"),
          (eb) => eb.val(now.toISOString()).as("deleted_at"),
        ])
        .where("bids.task_id", "=", taskId),
    )
    .execute();
}

/**
 * A bidder's bids, the latest offer first, with their tasks: those of tasks since deleted too,
 * with what was kept of the task (decision 020).
 */
export async function listBidsOfBidder(
  db: Kysely<DB>,
  bidderId: string,
  filter: { statuses?: BidStatus[]; page: number; limit: number },
): Promise<{ bids: BidOfMine[]; total: number }> {
  const statuses = filter.statuses?.length ? filter.statuses : undefined;
  // A task a moderator removed shows as a deleted one does: its page is gone for everyone, the
  // offer is kept here (its waiting offers were cancelled with it, decision 023).
  const removed = sql<boolean>`tasks.status = ${REMOVED_TASK_STATUS}`;
  let live = selectBids(db)
    .innerJoin("tasks", "tasks.id", "bids.task_id")
    .select([
      "tasks.title",
      sql<string>`case when ${removed} then 'cancelled' else tasks.status end`.as("task_status"),
      "tasks.deadline",
      "tasks.budget_cents",
      sql<number>`case when ${removed} then 1 else 0 end`.as("task_deleted"),
    ])
    .where("bids.bidder_id", "=", bidderId);
  let kept = db
    .selectFrom("deleted_task_bids as kept")
    .innerJoin("user", "user.id", "kept.bidder_id")
    .select([
      "kept.id",
      "kept.task_id",
      "kept.bidder_id",
      "kept.bid_time",
      "kept.changed_at",
      "kept.amount_cents",
      "kept.days",
      "kept.message",
      "kept.status",
      "user.name",
      "user.email",
      "kept.task_title as title",
      sql<string>`'open'`.as("task_status"),
      "kept.task_deadline as deadline",
      "kept.task_budget_cents as budget_cents",
      sql<number>`1`.as("task_deleted"),
    ])
    .where("kept.bidder_id", "=", bidderId);
  let count = db
    .selectFrom("bids")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("bidder_id", "=", bidderId);
  let keptCount = db
    .selectFrom("deleted_task_bids")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("bidder_id", "=", bidderId);
  if (statuses) {
    live = live.where("bids.status", "in", statuses);
    kept = kept.where("kept.status", "in", statuses);
    count = count.where("status", "in", statuses);
    keptCount = keptCount.where("status", "in", statuses);
  }
  const [found, total, keptTotal] = await Promise.all([
    db
      .selectFrom(live.unionAll(kept).as("mine"))
      .selectAll()
      .orderBy("mine.bid_time", "desc")
      .orderBy("mine.id", "desc")
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
    keptCount.executeTakeFirstOrThrow(),
  ]);
  return {
    bids: found.map((row) => ({
      ...toRecord(row),
      task: {
        id: row.task_id,
        title: row.title,
        status: row.task_status as TaskStatus,
        deadline: row.deadline,
        budget: Number(row.budget_cents) / 100,
        deleted: Number(row.task_deleted) === 1,
      },
    })),
    total: Number(total.total) + Number(keptTotal.total),
  };
}
