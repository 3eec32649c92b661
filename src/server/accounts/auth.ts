import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import type { FastifyBaseLogger } from "fastify";
import type { JWTVerifyGetKey } from "jose";
import type { z } from "zod";
import {
  ForgotPasswordSchema,
  LIMITS,
  ProfileSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
} from "../../contract/index.ts";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { OriginPolicy } from "../http/origins.ts";
import { sanctionInForce } from "../standing/standing.ts";
import { type AccountEmails, RESET_LINK_MINUTES } from "./account-emails.ts";
import { firebaseSignIn } from "./firebase.ts";
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from "./passwords.ts";
import { deleteSessionsOf } from "./session-repository.ts";

export const GOOGLE_PROVIDER_ID = "google";
/** The code of a sign-in refused to a suspended person (and of Google's redirect back: ?error=). */
export const ACCOUNT_SUSPENDED = "ACCOUNT_SUSPENDED";
export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_MAX_SECONDS = 60 * 60 * 24 * 30;
/** How often use slides a session's idle timeout forward. */
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

export function createAuth(
  config: Config,
  database: Database,
  origins: OriginPolicy,
  logger: FastifyBaseLogger,
  emails: AccountEmails,
  extra: { firebaseKeys?: JWTVerifyGetKey } = {},
) {
  return betterAuth({
    appName: "QuickGig",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    // The same origins as the API's write guard (http/origins.ts), which runs first and explains refusals.
    trustedOrigins: (request) => {
      const origin = request?.headers.get("origin");
      const host = request?.headers.get("host") ?? undefined;
      return origin && origins.isTrusted(origin, host) ? [...config.trustedOrigins, origin] : config.trustedOrigins;
    },
    database: { db: database.db, type: database.dialect },
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      password: { hash: hashPassword, verify: verifyPassword },
      // The link's token works once, for 30 minutes; using it ends every session of the account.
      sendResetPassword: async ({ user, token, url }) => emails.passwordReset(user, token, url),
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
    },
    // An unconfirmed account works; the app asks to confirm (a banner with "Resend email").
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24 * 3,
      sendVerificationEmail: async ({ user, token, url }) => emails.verification(user, token, url),
    },
    // Idle timeout: a session unused for SESSION_IDLE_SECONDS ends; use slides it forward once a day.
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    databaseHooks: {
      session: {
        // A suspended person gets no session, whichever way they sign in (password, Google,
        // Firebase): 403 naming the rule (decision 023). Google's redirect carries the code and the
        // message back to the login page (?error=ACCOUNT_SUSPENDED&error_description=…).
        create: {
          async before(session) {
            await refuseSuspended(database, session.userId);
          },
          // Looked at again once the session exists: a suspension decided while it was being made
          // waited for it and deleted it, or was committed before it and is seen now (issue 42).
          async after(session) {
            await refuseSuspended(database, session.userId, async () => deleteSessionsOf(database.db, session.userId));
          },
        },
        update: {
          // Absolute lifetime: however active, a session ends SESSION_MAX_SECONDS after sign-in.
          async before(update, ctx) {
            const createdAt = ctx?.context.session?.session.createdAt;
            if (!createdAt || !(update.expiresAt instanceof Date)) return;
            const limit = new Date(new Date(createdAt).getTime() + SESSION_MAX_SECONDS * 1000);
            if (update.expiresAt > limit) return { data: { ...update, expiresAt: limit } };
          },
        },
      },
    },
    account: {
      // A Google sign-in never joins an existing account: nobody here has proven they own its email.
      accountLinking: { enabled: false },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https:"),
      // better-auth turns its origin checks off under a test runner; ours test the real behaviour.
      disableOriginCheck: false,
      defaultCookieAttributes: {
        httpOnly: true,
        sameSite: config.cookieSameSite,
        ...(config.cookieSameSite === "none" ? { secure: true } : {}),
      },
    },
    rateLimit: { enabled: false },
    logger: {
      log: (level, message) => logger[level]({ source: "auth" }, message),
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email") {
          validateBody(SignUpSchema, ctx.body);
          if (isCommonPassword((ctx.body as { password: string }).password)) {
            throw new APIError("BAD_REQUEST", { message: COMMON_PASSWORD_MESSAGE, code: "COMMON_PASSWORD" });
          }
        }
        if (ctx.path === "/sign-in/email") validateBody(SignInSchema, ctx.body);
        if (ctx.path === "/request-password-reset") validateBody(ForgotPasswordSchema, ctx.body);
        if (ctx.path === "/reset-password") {
          validateBody(ResetPasswordSchema, ctx.body);
          if (isCommonPassword((ctx.body as { newPassword: string }).newPassword)) {
            throw new APIError("BAD_REQUEST", { message: COMMON_PASSWORD_MESSAGE, code: "COMMON_PASSWORD" });
          }
        }
        // We sign in with Google by redirect only. better-auth would also take a posted ID token,
        // checked for audience but bound to no nonce: whoever read one of the ID tokens kept in the
        // account table could sign in as that user until it expired.
        if (ctx.path === "/sign-in/social" && (ctx.body as { idToken?: unknown } | undefined)?.idToken !== undefined) {
          throw new APIError("NOT_FOUND", {
            message: "Sign-in with an ID token is not offered.",
            code: "ID_TOKEN_NOT_SUPPORTED",
          });
        }
        if (ctx.path === "/update-user") {
          validateBody(ProfileSchema.partial(), ctx.body);
          // A name and a photo are public (a profile, tasks, offers, reviews): a limited person
          // publishes nothing by editing them either (issue 42).
          const body = (ctx.body ?? {}) as { name?: unknown; image?: unknown };
          const userId = (await getSessionFromCtx(ctx))?.user.id;
          const limit =
            userId && (body.name !== undefined || body.image !== undefined)
              ? await sanctionInForce(database.db, userId, "limit")
              : null;
          if (limit)
            throw new APIError("FORBIDDEN", {
              message: MODERATION_MESSAGES.limited(limit.rule),
              code: "ACCOUNT_LIMITED",
            });
        }
      }),
    },
    plugins: [
      ...(config.firebase ? [firebaseSignIn({ ...config.firebase, keys: extra.firebaseKeys })] : []),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: "Google",
                  discoveryUrl: `${config.google.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                  requireIdTokenVerification: true,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The same rules as the web forms, so a client that skips the form still gets a named field. */
function validateBody(schema: z.ZodType, body: unknown): void {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new APIError("BAD_REQUEST", {
      message: issue?.message ?? "Invalid request",
      code: "VALIDATION_ERROR",
    });
  }
}

/** 403 naming the rule for a suspended person, after `undo` (what they were just given). */
async function refuseSuspended(database: Database, userId: string, undo?: () => Promise<void>): Promise<void> {
  const suspension = await sanctionInForce(database.db, userId, "suspend");
  if (!suspension) return;
  await undo?.();
  throw new APIError("FORBIDDEN", { message: MODERATION_MESSAGES.suspended(suspension.rule), code: ACCOUNT_SUSPENDED });
}
