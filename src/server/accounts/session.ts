import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES } from "../../contract/index.ts";
import type { Database } from "../db/database.ts";
import { HttpProblem } from "../http/problem.ts";
import { type Auth, SESSION_IDLE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./auth.ts";
import { findSessionPeople, findSessionPerson } from "./session-repository.ts";

export interface Viewer {
  id: string;
  name: string;
  email: string;
  /** Their picture's address, for the pages the server renders for them (screens/page-screens.ts). */
  image: string | null;
}

/**
 * Who is signed in, from the session cookie only; looked up once per request.
 *
 * Reading the session is what every signed-in request does first, and better-auth's getSession
 * costs about 1.5 ms (a WebCrypto key import and verify, two queries, its endpoint context). The
 * common case is read here instead, with the same rules: the cookie's HMAC-SHA256 signature
 * (better-auth's format, `token.base64(signature)`) is checked with node:crypto in constant time,
 * and one query reads the session with its user. Whenever better-auth has something to do itself
 * (a session that has expired and must be removed, or one due to slide its idle timeout forward),
 * the request goes to getSession, as it would without this.
 */
export class Sessions {
  private readonly viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  private cookieName: string | undefined;

  constructor(
    readonly auth: Auth,
    private readonly database: Database,
    private readonly secret: string,
  ) {}

  find(request: FastifyRequest): Promise<Viewer | null> {
    let viewer = this.viewers.get(request);
    if (!viewer) {
      viewer = this.read(request);
      this.viewers.set(request, viewer);
    }
    return viewer;
  }

  /** Looks again, past this request's cached answer: for a stream that outlives its session. */
  async stillSignedIn(request: FastifyRequest, viewerId: string): Promise<boolean> {
    return (await this.read(request))?.id === viewerId;
  }

  /**
   * `stillSignedIn` for many streams at once, in one query (notifications/stream-reader.ts); a
   * session better-auth must renew or remove goes through it, one by one, as `read` does.
   */
  async stillSignedInEach(asks: Array<{ request: FastifyRequest; viewerId: string }>): Promise<boolean[]> {
    const tokens = await Promise.all(asks.map(({ request }) => this.tokenOf(request)));
    const rows = new Map(
      (
        await findSessionPeople(
          this.database.db,
          tokens.filter((token) => token !== null),
        )
      ).map((row) => [row.token, row]),
    );
    return Promise.all(
      asks.map(async ({ request, viewerId }, i) => {
        const row = rows.get(tokens[i] as string);
        if (!row) return false;
        if (betterAuthsTurn(row.expiresAt)) return this.stillSignedIn(request, viewerId);
        return row.id === viewerId;
      }),
    );
  }

  private async read(request: FastifyRequest): Promise<Viewer | null> {
    const token = await this.tokenOf(request);
    if (!token) return null;
    const row = await findSessionPerson(this.database.db, token);
    if (!row) return null;
    if (betterAuthsTurn(row.expiresAt)) return this.readThroughAuth(request);
    return { id: row.id, name: row.name, email: row.email, image: row.image ?? null };
  }

  /** The session token of the request's cookie, when its signature holds. */
  private async tokenOf(request: FastifyRequest): Promise<string | null> {
    // Most readers are anonymous: without a cookie there is nothing to look up.
    const header = request.headers.cookie;
    if (!header) return null;
    this.cookieName ??= (await this.auth.$context).authCookies.sessionToken.name;
    const signed = parseCookies(header).get(this.cookieName);
    return signed ? this.verifiedToken(signed) : null;
  }

  private verifiedToken(signed: string): string | null {
    const dot = signed.lastIndexOf(".");
    const encoded = signed.slice(dot + 1);
    // Exactly what better-auth accepts: a base64 SHA-256 MAC is 44 characters ending in "=".
    if (dot < 1 || encoded.length !== 44 || !encoded.endsWith("=")) return null;
    const token = signed.slice(0, dot);
    const signature = Buffer.from(encoded, "base64");
    const expected = createHmac("sha256", this.secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }

  private async readThroughAuth(request: FastifyRequest): Promise<Viewer | null> {
    const session = await this.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    return session
      ? { id: session.user.id, name: session.user.name, email: session.user.email, image: session.user.image ?? null }
      : null;
  }
}

/** A session that has expired (to be removed) or is due to slide its idle timeout forward: better-auth's to do. */
function betterAuthsTurn(expiresAt: Date | string): boolean {
  const expires = new Date(expiresAt).getTime();
  const slidesAt = expires - (SESSION_IDLE_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000;
  return expires < Date.now() || slidesAt <= Date.now();
}

export function findViewer(sessions: Sessions, request: FastifyRequest): Promise<Viewer | null> {
  return sessions.find(request);
}

export async function requireViewer(sessions: Sessions, request: FastifyRequest): Promise<Viewer> {
  const viewer = await sessions.find(request);
  if (!viewer) throw new HttpProblem(401, MESSAGES.signInRequired);
  return viewer;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route needs a signed-in user; checked before the body is validated. */
    requiresSession?: boolean;
  }
}

/** Refuses, with 401, a request to a session-only route before anything else looks at it. */
export function registerSessionGuard(app: FastifyInstance, sessions: Sessions) {
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.config.requiresSession) await requireViewer(sessions, request);
  });
}
