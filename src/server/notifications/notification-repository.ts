import { type Kysely, sql } from "kysely";
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

/**
 * For each person, their notices after their own position, oldest first, `limit` at most: what
 * many woken streams have not sent yet, in one query per 500 people (each person one range of the
 * (user_id, id) index).
 */
export async function listNotificationsAfterEach(
  db: Kysely<DB>,
  positions: Map<string, number>,
  limit: number,
): Promise<Map<string, Notification[]>> {
  const found = new Map<string, Notification[]>();
  const people = [...positions];
  for (let start = 0; start < people.length; start += 500) {
    const from = people
      .slice(start, start + 500)
      .map(([userId, afterId]) => sql`(cast(${userId} as text), cast(${afterId} as integer))`);
    const { rows } = await sql<Row & { user_id: string }>`
      with w(user_id, after_id) as (values ${sql.join(from)})
      select id, kind, data, created_at, read_at, user_id from (
        select n.id, n.kind, n.data, n.created_at, n.read_at, n.user_id,
          row_number() over (partition by n.user_id order by n.id) as place
        from w join notifications n on n.user_id = w.user_id and n.id > w.after_id
      ) as after_each
      where place <= ${limit}
      order by user_id, id`.execute(db);
    for (const row of rows) {
      const list = found.get(row.user_id) ?? [];
      list.push(present(row));
      found.set(row.user_id, list);
    }
  }
  return found;
}

export async function unreadCounts(db: Kysely<DB>, userId: string): Promise<UnreadCounts> {
  return (await unreadCountsOf(db, [userId])).get(userId) as UnreadCounts;
}

/**
 * The unread counts of many people at once, three grouped queries in all (a write that tells a
 * thousand people something wakes a thousand streams: notifications/stream-reader.ts). A message
 * is unread by the thread's other side (the task's poster or its bidder, never the same person)
 * until they read the thread after it came.
 */
export async function unreadCountsOf(db: Kysely<DB>, userIds: string[]): Promise<Map<string, UnreadCounts>> {
  const counts = new Map(userIds.map((userId) => [userId, { notifications: 0, messages: 0 }]));
  if (userIds.length === 0) return counts;
  const [notices, asPoster, asBidder, staff] = await Promise.all([
    db
      .selectFrom("notifications")
      .select((eb) => ["user_id", eb.fn.countAll<number>().as("count")])
      .where("user_id", "in", userIds)
      .where("read_at", "is", null)
      .groupBy("user_id")
      .execute(),
    unreadMessages(db, "t.owner_id", userIds),
    unreadMessages(db, "m.bidder_id", userIds),
    db.selectFrom("staff_roles").select("user_id").where("user_id", "in", userIds).execute(),
  ]);
  if (staff.length > 0) {
    const queue = await queueLength(db);
    for (const { user_id } of staff) (counts.get(user_id) as UnreadCounts).queue = queue;
  }
  for (const row of notices) (counts.get(row.user_id) as UnreadCounts).notifications = Number(row.count);
  for (const row of [...asPoster, ...asBidder]) (counts.get(row.user_id) as UnreadCounts).messages += Number(row.count);
  return counts;
}

/** What waits for the moderators: the open reports and the appeals not yet decided. */
async function queueLength(db: Kysely<DB>): Promise<number> {
  const [reports, appeals] = await Promise.all([
    db
      .selectFrom("reports")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "open")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("sanctions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("appeal_outcome", "is", null)
      .where("appealed_at", "is not", null)
      .executeTakeFirstOrThrow(),
  ]);
  return Number(reports.count) + Number(appeals.count);
}

/** Messages the other side sent that `side` (the poster's or the bidder's) has not read, per person. */
function unreadMessages(db: Kysely<DB>, side: "t.owner_id" | "m.bidder_id", userIds: string[]) {
  return db
    .selectFrom("messages as m")
    .innerJoin("tasks as t", "t.id", "m.task_id")
    .leftJoin("thread_reads as r", (join) =>
      join.onRef("r.task_id", "=", "m.task_id").onRef("r.bidder_id", "=", "m.bidder_id").onRef("r.user_id", "=", side),
    )
    .select((eb) => [eb.ref(side).as("user_id"), eb.fn.countAll<number>().as("count")])
    .where(side, "in", userIds)
    .whereRef("m.sender_id", "<>", side)
    .where((eb) => eb.or([eb("r.read_at", "is", null), eb("m.sent_at", ">", eb.ref("r.read_at"))]))
    .groupBy(side)
    .execute();
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
