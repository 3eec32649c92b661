import type { Kysely } from "kysely";
import {
  DEFAULT_CHANNELS,
  type Notification,
  type NotificationChannel,
  NotificationDataSchema,
  type NotificationKind,
  type NotificationPreferences,
  type UnreadCounts,
} from "../../contract/notifications.ts";
import type { DB } from "../db/schema.ts";

/** Notices are kept this long (PRODUCT.md, Notifications). */
export const KEEP_DAYS = 90;

type Row = { id: number | string; kind: string; data: string; created_at: string; read_at: string | null };

function present(row: Row): Notification {
  return {
    id: Number(row.id),
    kind: row.kind as NotificationKind,
    data: NotificationDataSchema.parse(JSON.parse(row.data)),
    createdAt: row.created_at,
    read: row.read_at !== null,
  };
}

const COLUMNS = ["id", "kind", "data", "created_at", "read_at"] as const;

/** A person's notices, newest first; `before` pages back from an id. */
export async function listNotifications(
  db: Kysely<DB>,
  userId: string,
  options: { before?: number; unreadOnly?: boolean; limit: number },
): Promise<Notification[]> {
  let query = db
    .selectFrom("notifications")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(options.limit);
  if (options.before !== undefined) query = query.where("id", "<", options.before);
  if (options.unreadOnly) query = query.where("read_at", "is", null);
  return (await query.execute()).map(present);
}

/** Those written after `afterId`, oldest first: what a live stream has not sent yet. */
export async function listNotificationsAfter(
  db: Kysely<DB>,
  userId: string,
  afterId: number,
  limit: number,
): Promise<Notification[]> {
  const rows = await db
    .selectFrom("notifications")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(present);
}

export async function latestNotificationId(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * The newest notice of anyone: the position of the live events as a whole. Notices' ids are one
 * sequence for everybody, so a page read at this position has seen each person's notices up to it.
 */
export async function newestNotificationId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function unreadCounts(db: Kysely<DB>, userId: string): Promise<UnreadCounts> {
  const [notices, messages] = await Promise.all([
    db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("user_id", "=", userId)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("messages as m")
      .innerJoin("tasks as t", "t.id", "m.task_id")
      .leftJoin("thread_reads as r", (join) =>
        join.onRef("r.task_id", "=", "m.task_id").onRef("r.bidder_id", "=", "m.bidder_id").on("r.user_id", "=", userId),
      )
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where((eb) => eb.or([eb("t.owner_id", "=", userId), eb("m.bidder_id", "=", userId)]))
      .where("m.sender_id", "<>", userId)
      .where((eb) => eb.or([eb("r.read_at", "is", null), eb("m.sent_at", ">", eb.ref("r.read_at"))]))
      .executeTakeFirstOrThrow(),
  ]);
  return { notifications: Number(notices.count), messages: Number(messages.count) };
}

/** Marks one (or, without an id, every) unread notice read; how many changed. */
export async function markNotificationsRead(
  db: Kysely<DB>,
  userId: string,
  id?: number,
  now = new Date(),
): Promise<number> {
  let query = db
    .updateTable("notifications")
    .set({ read_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("read_at", "is", null);
  if (id !== undefined) query = query.where("id", "=", id);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

export async function notificationExists(db: Kysely<DB>, userId: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom("notifications")
    .select("id")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Reading a thread reads the notices of its messages. */
export async function markThreadNoticesRead(
  db: Kysely<DB>,
  userId: string,
  thread: { taskId: string; bidderId: string },
  now = new Date(),
): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("kind", "=", "message-new")
    .where("task_id", "=", thread.taskId)
    .where("bidder_id", "=", thread.bidderId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteOldNotifications(db: Kysely<DB>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db.deleteFrom("notifications").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function readPreferences(db: Kysely<DB>, userId: string): Promise<NotificationPreferences> {
  const rows = await db
    .selectFrom("notification_preferences")
    .select(["kind", "channel"])
    .where("user_id", "=", userId)
    .execute();
  const preferences = { ...DEFAULT_CHANNELS };
  for (const row of rows) {
    if (row.kind in preferences) preferences[row.kind as NotificationKind] = row.channel as NotificationChannel;
  }
  return preferences;
}

export async function savePreferences(
  db: Kysely<DB>,
  userId: string,
  choices: Partial<Record<NotificationKind, NotificationChannel>>,
): Promise<void> {
  const rows = Object.entries(choices).map(([kind, channel]) => ({ user_id: userId, kind, channel }));
  if (rows.length === 0) return;
  await db
    .insertInto("notification_preferences")
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(["user_id", "kind"]).doUpdateSet((eb) => ({ channel: eb.ref("excluded.channel") })),
    )
    .execute();
}
