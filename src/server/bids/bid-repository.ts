import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";

export interface BidRecord {
  id: string;
  taskId: string;
  bidderId: string;
  bidderName: string;
  bidderEmail: string;
  bidTime: string;
}

export class DuplicateBidError extends Error {}

/** Inserts a bid; the unique (task, bidder) constraint decides a race between two of the same. */
export async function insertBid(
  db: Kysely<DB>,
  taskId: string,
  bidderId: string,
  now = new Date(),
): Promise<{ id: string; bidTime: string }> {
  const bid = { id: createId(), task_id: taskId, bidder_id: bidderId, bid_time: now.toISOString() };
  const inserted = await db
    .insertInto("bids")
    .values(bid)
    .onConflict((conflict) => conflict.columns(["task_id", "bidder_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw new DuplicateBidError();
  return { id: bid.id, bidTime: bid.bid_time };
}

export async function listBidsForTask(
  db: Kysely<DB>,
  taskId: string,
  page: { page: number; limit: number },
): Promise<{ bids: BidRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("bids")
      .innerJoin("user", "user.id", "bids.bidder_id")
      .select(["bids.id", "bids.task_id", "bids.bidder_id", "bids.bid_time", "user.name", "user.email"])
      .where("bids.task_id", "=", taskId)
      .orderBy("bids.bid_time", "asc")
      .orderBy("bids.id", "asc")
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    countBidsForTask(db, taskId),
  ]);
  return {
    bids: rows.map((row) => ({
      id: row.id,
      taskId: row.task_id,
      bidderId: row.bidder_id,
      bidderName: row.name,
      bidderEmail: row.email,
      bidTime: row.bid_time,
    })),
    total: count,
  };
}

export async function countBidsForTask(db: Kysely<DB>, taskId: string): Promise<number> {
  const row = await db
    .selectFrom("bids")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("task_id", "=", taskId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function hasBid(db: Kysely<DB>, taskId: string, bidderId: string): Promise<boolean> {
  const row = await db
    .selectFrom("bids")
    .select("id")
    .where("task_id", "=", taskId)
    .where("bidder_id", "=", bidderId)
    .executeTakeFirst();
  return row !== undefined;
}
