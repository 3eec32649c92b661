import { useSyncExternalStore } from "react";
import type { Notification, UnreadCounts } from "../../../contract/notifications.ts";
import { API_ORIGIN, apiUrl } from "../../lib/api.ts";
import { parsePosition, takePosition } from "../../lib/event-position.ts";

/**
 * The signed-in person's live stream (GET /api/events, one per tab): the unread counts that the
 * bell and the dashboard menu show, and each new notice as it arrives. The bell opens the stream
 * and closes it when it leaves the screen, which is exactly while someone is signed in.
 */
let counts: UnreadCounts | null = null;
const countListeners = new Set<() => void>();
const noticeListeners = new Set<(notice: Notification) => void>();
const reloadListeners = new Set<() => void>();

/** How long to wait before asking again when the server refused the stream (signed out, too many tabs, down). */
const REFUSED_RETRY_MS = 30_000;

/** Counts from the stream, or from the answer of a request that read something (null: not known yet). */
export function setUnreadCounts(next: UnreadCounts | null) {
  counts = next;
  for (const listener of countListeners) listener();
}

const getCounts = () => counts;

function subscribeCounts(listener: () => void) {
  countListeners.add(listener);
  return () => countListeners.delete(listener);
}

export function useUnreadCounts(): UnreadCounts | null {
  return useSyncExternalStore(subscribeCounts, getCounts, getCounts);
}

/** A count on a badge: short enough for the bell. */
export function formatCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** Calls `listener` with each new notice while the stream is open; returns the unsubscribe. */
export function onNotice(listener: (notice: Notification) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

/** A notice from the stream, handed to every listener (tests hand one in as the stream would). */
export function receiveNotice(notice: Notification) {
  for (const listener of noticeListeners) listener(notice);
}

/**
 * Calls `listener` when the stream could not replay what this tab missed (too much, too old, or a
 * position it does not know): what the page shows is read again instead. Returns the unsubscribe.
 */
export function onReload(listener: () => void): () => void {
  reloadListeners.add(listener);
  return () => reloadListeners.delete(listener);
}

/** How many notices' ids a tab remembers, so that one arriving twice (live and replayed) acts once. */
const SEEN_LIMIT = 500;

/**
 * Opens the stream and returns the function that closes it. It starts after the position of the
 * data this tab has read (lib/event-position.ts), so nothing that happened since is missed. The
 * browser reconnects by itself after a dropped connection and resumes with Last-Event-ID; an
 * answer other than a stream ends it for good, so then a new one is asked for a while later,
 * after the last event this tab received; one closed while the browser was offline is opened
 * again, the same way, when it is back online.
 */
export function openEventStream(): () => void {
  // A browser without server-sent events (or a test's DOM) gets the counts with each page instead.
  if (typeof EventSource === "undefined") return () => {};
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let after = takePosition();
  const seen = new Set<number>();
  const connect = () => {
    const query = after === null ? "" : `?after=${after}`;
    const current = new EventSource(apiUrl(`/api/events${query}`), { withCredentials: API_ORIGIN !== "" });
    source = current;
    // Every event carries the position it brings the tab to: a new stream resumes from there.
    const reached = (event: MessageEvent) => {
      after = parsePosition(event.lastEventId) ?? after;
    };
    current.addEventListener("unread", (event) => {
      reached(event);
      setUnreadCounts(JSON.parse(event.data) as UnreadCounts);
    });
    current.addEventListener("notification", (event) => {
      reached(event);
      const notice = JSON.parse(event.data) as Notification;
      if (seen.has(notice.id)) return;
      seen.add(notice.id);
      if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as number);
      receiveNotice(notice);
    });
    current.addEventListener("reload", (event) => {
      reached(event);
      for (const listener of reloadListeners) listener();
    });
    current.addEventListener("error", () => {
      if (current.readyState === EventSource.CLOSED) retry = setTimeout(connect, REFUSED_RETRY_MS);
    });
  };
  // Offline, a connection can hang on unnoticed for minutes (a laptop's Wi-Fi gone, a phone in a
  // tunnel): the stream is closed at once, and opened again after the last event when the
  // browser is back online.
  const offline = () => {
    clearTimeout(retry);
    source?.close();
  };
  const online = () => {
    offline();
    connect();
  };
  // A server-rendered module or a unit test has no window.
  const browser = typeof window === "undefined" ? undefined : window;
  browser?.addEventListener("offline", offline);
  browser?.addEventListener("online", online);
  connect();
  return () => {
    browser?.removeEventListener("offline", offline);
    browser?.removeEventListener("online", online);
    clearTimeout(retry);
    source?.close();
    setUnreadCounts(null);
  };
}

/** The message threads on screen in this tab, by "taskId/bidderId" (a thread may be mounted twice for a moment). */
const shownThreads = new Map<string, number>();
const threadKey = (taskId: string, bidderId: string) => `${taskId}/${bidderId}`;

/** A thread's page says it is on screen; returns what says it has gone. Its messages need no toast. */
export function showThread(taskId: string, bidderId: string): () => void {
  const key = threadKey(taskId, bidderId);
  shownThreads.set(key, (shownThreads.get(key) ?? 0) + 1);
  return () => {
    const count = (shownThreads.get(key) ?? 1) - 1;
    if (count > 0) shownThreads.set(key, count);
    else shownThreads.delete(key);
  };
}

/** Whether the notice is a message in a thread this tab shows: the thread itself already says it. */
export function isAboutShownThread(notice: Notification): boolean {
  const { taskId, bidderId } = notice.data;
  return notice.kind === "message-new" && bidderId !== undefined && shownThreads.has(threadKey(taskId, bidderId));
}
