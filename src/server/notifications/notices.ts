import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import {
  KIND_LABELS,
  type Notification,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type UnreadCounts,
  type UnsubscribeResult,
} from "../../contract/notifications.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { dropWaitingEmails } from "../email/outbox.ts";
import { rememberSite } from "../email/site-repository.ts";
import { readUnsubscribeToken } from "../email/unsubscribe-token.ts";
import { HttpProblem } from "../http/problem.ts";
import {
  deleteOldNotifications,
  latestNotificationId,
  listNotifications,
  listNotificationsAfter,
  markNotificationsRead,
  newestNotificationId,
  notificationExists,
  readPreferences,
  savePreferences,
  unreadCounts,
} from "./notification-repository.ts";
import { type Notifier, newOffersPrefix, taskChangePrefix } from "./notifier.ts";

/**
 * A person's notices (the bell's list and counts), their choice of channel per kind, and the
 * unsubscribe links of their emails. The routes (notification-routes.ts) and the live stream read
 * them through these.
 */

const NOT_FOUND = "This notification does not exist.";
export const BAD_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Open your profile to choose your emails.";

export function findNotices(
  db: Kysely<DB>,
  viewer: Viewer,
  query: { before?: number | undefined; unreadOnly: boolean; limit: number },
): Promise<Notification[]> {
  return listNotifications(db, viewer.id, query);
}

export function countUnread(db: Kysely<DB>, userId: string): Promise<UnreadCounts> {
  return unreadCounts(db, userId);
}

/** The newest notice's id: where a new live stream starts. */
export function newestNoticeId(db: Kysely<DB>, userId: string): Promise<number> {
  return latestNotificationId(db, userId);
}

/** The position of the live events: the newest notice of anyone (each person's stream is a part of it). */
export function eventPosition(db: Kysely<DB>): Promise<number> {
  return newestNotificationId(db);
}

/** A person's notices after `afterId`, oldest first, `limit` at a time: what a live stream sends. */
export function findNoticesAfter(db: Kysely<DB>, userId: string, afterId: number, limit: number) {
  return listNotificationsAfter(db, userId, afterId, limit);
}

/** One of the viewer's notices read (404 when it is not theirs); their other tabs hear of it. */
export async function readNotice(notifier: Notifier, db: Kysely<DB>, viewer: Viewer, id: number) {
  const changed = await markNotificationsRead(db, viewer.id, id);
  if (changed === 0 && !(await notificationExists(db, viewer.id, id))) throw new HttpProblem(404, NOT_FOUND);
  if (changed > 0) await notifier.touched(viewer.id);
  return unreadCounts(db, viewer.id);
}

export async function readAllNotices(notifier: Notifier, db: Kysely<DB>, viewer: Viewer) {
  if ((await markNotificationsRead(db, viewer.id)) > 0) await notifier.touched(viewer.id);
  return unreadCounts(db, viewer.id);
}

export function findPreferences(db: Kysely<DB>, viewer: Viewer): Promise<NotificationPreferences> {
  return readPreferences(db, viewer.id);
}

export async function changePreferences(
  db: Kysely<DB>,
  viewer: Viewer,
  change: Partial<Record<NotificationKind, NotificationChannel>>,
): Promise<NotificationPreferences> {
  await savePreferences(db, viewer.id, change);
  await dropStoppedEmails(db, viewer.id, change);
  return readPreferences(db, viewer.id);
}

/** Emails of a kind the person stopped, gathered and still waiting, do not go either. */
async function dropStoppedEmails(
  db: Kysely<DB>,
  userId: string,
  change: Partial<Record<NotificationKind, NotificationChannel>>,
): Promise<void> {
  const stopped = (kind: NotificationKind) => change[kind] !== undefined && change[kind] !== "email";
  if (stopped("task-changed")) await dropWaitingEmails(db, { prefix: taskChangePrefix(userId) });
  if (stopped("bid-new")) await dropWaitingEmails(db, { prefix: newOffersPrefix(userId) });
}

/**
 * What a room above stops through an email's link of its own (a task alert's pauses its saved
 * search: alerts/alert-unsubscribe.ts); null when the token is not one of its.
 */
export type OtherUnsubscribe = (db: Kysely<DB>, token: string) => Promise<UnsubscribeResult | null>;

/**
 * An email's unsubscribe link, used without signing in (the token says whose and which kind):
 * those emails stop; the notices stay in the app unless the person turned them off already. A
 * token of another kind goes to `other`.
 */
export async function unsubscribe(
  db: Kysely<DB>,
  secret: string,
  token: string,
  other?: OtherUnsubscribe,
): Promise<UnsubscribeResult> {
  const target = readUnsubscribeToken(secret, token);
  if (!target) {
    const stopped = await other?.(db, token);
    if (stopped) return stopped;
    throw new HttpProblem(400, BAD_UNSUBSCRIBE_LINK);
  }
  const preferences = await readPreferences(db, target.userId);
  if (preferences[target.kind] === "email") {
    await savePreferences(db, target.userId, { [target.kind]: "app" });
    await dropStoppedEmails(db, target.userId, { [target.kind]: "app" });
  }
  return { kind: target.kind, label: KIND_LABELS[target.kind] };
}

const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Notices are kept 90 days: older ones go now and every six hours, until `stop`. Returns `stop`.
 */
export function pruneOldNotices(db: Kysely<DB>, log: FastifyBaseLogger): () => void {
  const prune = () =>
    deleteOldNotifications(db).catch((error) => log.warn({ err: error }, "could not prune notifications"));
  void prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Where the person uses the site now (decision 033): every signed-in page opens the live stream,
 * which keeps its address, if it is one the server itself accepts, for the links of their emails.
 */
export async function noteSiteOf(db: Kysely<DB>, viewer: Viewer, origin: string | null): Promise<void> {
  if (origin !== null) await rememberSite(db, viewer.id, origin);
}
