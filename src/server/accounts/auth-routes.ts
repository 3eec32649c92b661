import { setTimeout } from "node:timers/promises";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MESSAGES, SignInOptionsSchema } from "../../contract/index.ts";
import { sendProblem } from "../http/problem.ts";
import type { RateLimiters } from "../http/rate-limits.ts";
import { type Auth, GOOGLE_PROVIDER_ID } from "./auth.ts";
import { GateFullError, type WorkGate } from "./work-gate.ts";

/** The auth paths that hash a password (sign-in hashes even for an unknown email). */
const PASSWORD_PATHS = new Set([
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/change-password",
  "/api/auth/verify-password",
]);
/** A signed-in person's password checked: each a guess at it, limited per person. */
const OWN_PASSWORD_PATHS = new Set(["/api/auth/change-password", "/api/auth/verify-password"]);
/** Paths limited per client address and per account (the email in the body). */
const ACCOUNT_PATHS = new Set([
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/request-password-reset",
  "/api/auth/send-verification-email",
]);
/** Paths limited per client address only: their body names no account. */
const ADDRESS_PATHS = new Set(["/api/auth/reset-password", "/api/auth/verify-email", "/api/auth/sign-in/firebase"]);
/**
 * A reset request takes at least this long, whether the account exists or not: the answer is the
 * same, and its timing must not tell either (the existing account's email is only queued, so both
 * take a few milliseconds; this floor hides the difference).
 */
export const RESET_REQUEST_FLOOR_MS = 250;
export const BUSY_MESSAGE = "Too many people are signing in right now. Please wait a second and try again.";

/**
 * better-auth answers Fetch requests; this route hands it Fastify's and turns its JSON errors
 * into problem+json like the rest of the API.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  options: {
    publicUrl: string;
    googleEnabled: boolean;
    firebaseEnabled: boolean;
    limiters: RateLimiters;
    passwordWork: WorkGate;
  },
) {
  // The login and sign-up forms ask which buttons to show: "Continue with Google" only where it works.
  // Settings of the process: the same answer until a restart, so browsers may keep it a minute.
  const signInOptions = { google: options.googleEnabled, firebase: options.firebaseEnabled };
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/auth/sign-in-options",
    {
      schema: {
        tags: ["accounts"],
        summary: "Which other ways to sign in this server takes (Google, Firebase)",
        response: { 200: SignInOptionsSchema },
      },
    },
    async (_request, reply) => reply.header("cache-control", "public, max-age=60").send(signInOptions),
  );
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    // Limited below: per address and per account where guesses are taken or email sent, per person elsewhere.
    config: { writeLimit: "own" },
    async preHandler(request, reply) {
      // The path better-auth will serve, not the one written: the two are the same once
      // http/normal-paths.ts has refused the others, and the limit follows what is served either way.
      const { pathname } = new URL(request.url, options.publicUrl);
      if (ACCOUNT_PATHS.has(pathname)) await options.limiters.accountAttempt.call(app, request, reply);
      else if (ADDRESS_PATHS.has(pathname)) await options.limiters.addressAttempt.call(app, request, reply);
      else if (OWN_PASSWORD_PATHS.has(pathname)) await options.limiters.passwordCheck.call(app, request, reply);
      // Every other change better-auth makes (update-user, change-email, sign-out, revoking
      // sessions...) counts against the person's write limit, as the API's own writes do.
      else if (request.method !== "GET") await options.limiters.write.call(app, request, reply);
    },
    async handler(request, reply) {
      const url = new URL(request.url, options.publicUrl);
      if (!options.googleEnabled && isGoogleSignIn(url.pathname, request.body)) {
        return sendProblem(reply, 503, MESSAGES.googleUnavailable);
      }
      const hasBody = request.method !== "GET" && request.body !== undefined;
      const call = () =>
        auth.handler(
          new Request(url, {
            method: request.method,
            headers: fromNodeHeaders(request.headers),
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        );
      let response: Response;
      const started = performance.now();
      try {
        response = PASSWORD_PATHS.has(url.pathname) ? await options.passwordWork.run(call) : await call();
      } catch (error) {
        if (!(error instanceof GateFullError)) throw error;
        return sendProblem(reply.header("retry-after", "1"), 429, BUSY_MESSAGE);
      }
      if (url.pathname === "/api/auth/request-password-reset") {
        await setTimeout(Math.max(0, RESET_REQUEST_FLOOR_MS - (performance.now() - started)));
      }
      await logAccountEvent(request.log, url.pathname, response);
      return forward(response, reply);
    },
  });
}

function isGoogleSignIn(pathname: string, body: unknown): boolean {
  if (pathname === `/api/auth/callback/${GOOGLE_PROVIDER_ID}`) return true;
  if (pathname !== "/api/auth/sign-in/social") return false;
  return (body as { provider?: unknown } | undefined)?.provider === GOOGLE_PROVIDER_ID;
}

const ACCOUNT_EVENTS: Record<string, string> = {
  "/api/auth/sign-in/email": "sign-in",
  "/api/auth/sign-up/email": "sign-up",
  "/api/auth/sign-out": "sign-out",
  "/api/auth/sign-in/firebase": "firebase sign-in",
  [`/api/auth/callback/${GOOGLE_PROVIDER_ID}`]: "google sign-in",
};

/** Sign-ins, sign-ups and their failures go to the log, by user id; never a password or token. */
async function logAccountEvent(log: FastifyBaseLogger, pathname: string, response: Response) {
  const event = ACCOUNT_EVENTS[pathname];
  if (!event) return;
  const failed = response.status >= 400 || (response.headers.get("location") ?? "").includes("error=");
  let userId: string | undefined;
  if (!failed && response.headers.get("content-type")?.includes("json")) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { user?: { id?: string } } | null;
    userId = body?.user?.id;
  }
  if (failed) log.warn({ event, status: response.status }, `${event} failed`);
  else log.info({ event, userId }, `${event} succeeded`);
}

async function forward(response: Response, reply: FastifyReply) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (response.status >= 400) {
    // better-auth answers an unknown path with an empty 404; the others carry a JSON message.
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string } | null;
    const fallback =
      response.status === 404
        ? `There is nothing at ${reply.request.method} ${reply.request.url.split("?")[0]}.`
        : "The request was refused.";
    return sendProblem(reply, response.status, body?.message || fallback, body?.code ? { code: body.code } : {});
  }
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
  });
  reply.code(response.status);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}
