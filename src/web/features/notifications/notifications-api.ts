import type {
  Notification,
  NotificationChannel,
  NotificationKind,
  NotificationPreferences,
  UnreadCounts,
  UnsubscribeResult,
} from "../../../contract/notifications.ts";
import { apiJson } from "../../lib/api.ts";
import { setUnreadCounts } from "./live-updates.ts";

export type { Notification, NotificationChannel, NotificationKind, NotificationPreferences };

/** My notices, newest first: the page before the notice `before` (its id), or the newest page. */
export function listNotifications(options: { before?: number; signal?: AbortSignal } = {}): Promise<Notification[]> {
  const query = options.before === undefined ? "" : `?before=${options.before}`;
  return apiJson<Notification[]>(`/api/notifications${query}`, { signal: options.signal });
}

/** Marks one notice read; the counts it answers with go to the bell at once. */
export async function markNotificationRead(id: number): Promise<void> {
  setUnreadCounts(await apiJson<UnreadCounts>(`/api/notifications/${id}/read`, { method: "POST" }));
}

export async function markAllNotificationsRead(): Promise<void> {
  setUnreadCounts(await apiJson<UnreadCounts>("/api/notifications/read-all", { method: "POST" }));
}

export function getPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiJson<NotificationPreferences>("/api/me/notification-preferences", { signal });
}

export function savePreferences(changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  return apiJson<NotificationPreferences>("/api/me/notification-preferences", { method: "PUT", body: changes });
}

/** Stops one kind of email, from the link in such an email (no sign-in needed). */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return apiJson("/api/email/unsubscribe", { method: "POST", body: { token } });
}
