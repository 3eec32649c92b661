import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../contract/notifications.ts";

/** Where a notice email's List-Unsubscribe header points, with its token in the query (RFC 8058). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/email/one-click-unsubscribe";

/**
 * An unsubscribe link works without signing in, so it carries who and what it stops, signed with
 * the server's secret: `userId.what.signature`, `what` a kind of notice (or, for a task alert, one
 * saved search: alerts/alert-unsubscribe.ts). It does not expire; an old email's link still works.
 */
export function unsubscribeToken(secret: string, userId: string, what: string): string {
  return `${userId}.${what}.${sign(secret, userId, what)}`;
}

/** Who and what a token stops, when the server signed it; null for anything else. */
export function readSignedUnsubscribe(secret: string, token: string): { userId: string; what: string } | null {
  const [userId, what, signature, ...rest] = token.split(".");
  if (!userId || !what || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, userId, what));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, what };
}

/** A token that stops one kind of notice's emails; null for any other. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } | null {
  const signed = readSignedUnsubscribe(secret, token);
  if (!signed || !(NOTIFICATION_KINDS as readonly string[]).includes(signed.what)) return null;
  return { userId: signed.userId, kind: signed.what as NotificationKind };
}

function sign(secret: string, userId: string, what: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${userId}:${what}`).digest("base64url");
}
