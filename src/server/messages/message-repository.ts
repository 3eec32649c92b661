import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";
import { REMOVED_TASK_STATUS } from "../tasks/task-repository.ts";

/** A thread: the task and the bidder the poster talks with. */
export interface ThreadKey {
  taskId: string;
  bidderId: string;
}

export interface MessageRecord {
  id: string;
  senderId: string;
  senderName: string;
  body: string;
  sentAt: string;
  /** Removed by a moderator (decision 023): the thread shows that it was, not what it said. */
  removed: boolean;
}

export async function insertMessage(
  db: Kysely<DB>,
  thread: ThreadKey,
  senderId: string,
  body: string,
  now = new Date(),
): Promise<string> {
  const id = createId();
  await db
    .insertInto("messages")
    .values({
      id,
      task_id: thread.taskId,
      bidder_id: thread.bidderId,
      sender_id: senderId,
      body,
      sent_at: now.toISOString(),
    })
    .execute();
  return id;
}

/** The latest messages of a thread, oldest first (at most `limit`). */
export async function listMessages(db: Kysely<DB>, thread: ThreadKey, limit: number): Promise<MessageRecord[]> {
  const rows = await db
    .selectFrom("messages")
    .innerJoin("user", "user.id", "messages.sender_id")
    .select(["messages.id", "messages.sender_id", "messages.body", "messages.sent_at", "messages.removed", "user.name"])
    .where("messages.task_id", "=", thread.taskId)
    .where("messages.bidder_id", "=", thread.bidderId)
    .orderBy("messages.sent_at", "desc")
    .orderBy("messages.id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse().map((row) => ({
    id: row.id,
    senderId: row.sender_id,
    senderName: row.name,
    body: row.body,
    sentAt: row.sent_at,
    removed: Number(row.removed) === 1,
  }));
}

/** A moderator removes a message, or restores it (decision 023): removed, its thread shows that it was. */
export async function setMessageRemoved(db: Kysely<DB>, id: string, removed: boolean): Promise<void> {
  await db
    .updateTable("messages")
    .set({ removed: removed ? 1 : 0 })
    .where("id", "=", id)
    .execute();
}

export async function markThreadRead(db: Kysely<DB>, thread: ThreadKey, userId: string, now = new Date()) {
  await db
    .insertInto("thread_reads")
    .values({ task_id: thread.taskId, bidder_id: thread.bidderId, user_id: userId, read_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.columns(["task_id", "bidder_id", "user_id"]).doUpdateSet({ read_at: now.toISOString() }),
    )
    .execute();
}

export interface ThreadSummary extends ThreadKey {
  taskTitle: string;
  otherName: string;
  /** The other person's id, for their public profile. */
  otherId: string;
  lastMessage: string;
  /** The last message was removed by a moderator: its words are not to be shown. */
  lastRemoved: boolean;
  lastAt: string;
  unread: number;
}

/**
 * The threads a person is in (as a task's poster, or as the bidder), newest activity first, each
 * with its last message and how many messages from the other person came after their last read.
 */
export async function listThreads(db: Kysely<DB>, userId: string, limit: number): Promise<ThreadSummary[]> {
  const rows = await db
    .selectFrom("messages as m")
    .innerJoin("tasks as t", "t.id", "m.task_id")
    .innerJoin("user as owner", "owner.id", "t.owner_id")
    .innerJoin("user as bidder", "bidder.id", "m.bidder_id")
    .leftJoin("thread_reads as r", (join) =>
      join.onRef("r.task_id", "=", "m.task_id").onRef("r.bidder_id", "=", "m.bidder_id").on("r.user_id", "=", userId),
    )
    .where((eb) => eb.or([eb("t.owner_id", "=", userId), eb("m.bidder_id", "=", userId)]))
    // A task a moderator removed takes its threads with it, until restored.
    .where("t.status", "<>", REMOVED_TASK_STATUS)
    .select((eb) => [
      "m.task_id",
      "m.bidder_id",
      "t.title",
      "t.owner_id",
      "owner.name as owner_name",
      "bidder.name as bidder_name",
      eb.fn.max("m.sent_at").as("last_at"),
      eb.fn
        .sum<number>(
          sql<number>`case when ${eb.ref("m.sender_id")} <> ${userId} and (${eb.ref("r.read_at")} is null or ${eb.ref("m.sent_at")} > ${eb.ref("r.read_at")}) then 1 else 0 end`,
        )
        .as("unread"),
    ])
    .groupBy(["m.task_id", "m.bidder_id", "t.title", "t.owner_id", "owner.name", "bidder.name"])
    .orderBy("last_at", "desc")
    .limit(limit)
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const last = await db
        .selectFrom("messages")
        .select(["body", "removed"])
        .where("task_id", "=", row.task_id)
        .where("bidder_id", "=", row.bidder_id)
        .orderBy("sent_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow();
      return {
        taskId: row.task_id,
        bidderId: row.bidder_id,
        taskTitle: row.title,
        otherName: row.owner_id === userId ? row.bidder_name : row.owner_name,
        otherId: row.owner_id === userId ? row.bidder_id : row.owner_id,
        lastMessage: last.body,
        lastRemoved: Number(last.removed) === 1,
        lastAt: String(row.last_at),
        unread: Number(row.unread ?? 0),
      };
    }),
  );
}

/** A message as moderation reads it (content/reportable.ts), removed or not, with its sender and thread. */
export async function findMessageContent(db: Kysely<DB>, id: string) {
  const row = await db
    .selectFrom("messages")
    .innerJoin("tasks", "tasks.id", "messages.task_id")
    .innerJoin("user", "user.id", "messages.sender_id")
    .select([
      "messages.body",
      "messages.bidder_id",
      "messages.removed",
      "tasks.id as task_id",
      "tasks.title",
      "tasks.owner_id",
      "user.id as author_id",
      "user.name",
      "user.image",
    ])
    .where("messages.id", "=", id)
    .executeTakeFirst();
  return row && { ...row, removed: Number(row.removed) === 1 };
}
