import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../contract/notifications.ts";

/** Where a notice email's List-Unsubscribe header points, with its token in the query (RFC 8058). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/email/one-click-unsubscribe";

/**
 * An unsubscribe link works without signing in, so it carries who and which kind, signed with the
 * server's secret: `userId.kind.signature`. It does not expire; an old email's link still works.
 */
export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${sign(secret, userId, kind)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } | null {
  const [userId, kind, signature, ...rest] = token.split(".");
  if (!userId || !kind || !signature || rest.length > 0) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(sign(secret, userId, kind as NotificationKind));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}

function sign(secret: string, userId: string, kind: NotificationKind): string {
  return createHmac("sha256", secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url");
}
