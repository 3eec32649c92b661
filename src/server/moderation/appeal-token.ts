import { createHmac, timingSafeEqual } from "node:crypto";

/** The web app's page where a suspended person appeals (web config/more-paths.ts). */
export const APPEAL_PATH = "/appeal";

/**
 * A suspended person cannot sign in, so their suspension's email carries a link that appeals
 * without a session: `{web}/appeal#token=…`, the token the sanction's id signed with the server's
 * secret (`sanctionId.signature`). In the address's fragment it never reaches a server or its log.
 * It names the sanction and nothing else, and does not expire: the appeal is taken once anyway.
 */
export function appealToken(secret: string, sanctionId: string): string {
  return `${sanctionId}.${sign(secret, sanctionId)}`;
}

/** The sanction a token names, or null when it was not made by this server. */
export function readAppealToken(secret: string, token: string): string | null {
  const [sanctionId, signature, ...rest] = token.split(".");
  if (!sanctionId || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, sanctionId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return sanctionId;
}

/** The path (with its fragment) of a sanction's appeal link. */
export function appealLink(secret: string, sanctionId: string): string {
  return `${APPEAL_PATH}#token=${encodeURIComponent(appealToken(secret, sanctionId))}`;
}

function sign(secret: string, sanctionId: string): string {
  return createHmac("sha256", secret).update(`appeal:${sanctionId}`).digest("base64url");
}
