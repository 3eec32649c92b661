import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { BetterAuthPlugin } from "better-auth/types";
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify, UnsecuredJWT } from "jose";
import { z } from "zod";
import { MESSAGES } from "../../contract/index.ts";
import { isUniqueViolation } from "../db/database.ts";

export const FIREBASE_PROVIDER_ID = "firebase";
export const FIREBASE_UNCONFIRMED = "Confirm your email address with the link Firebase sent you, then sign in again.";
/** Google's public keys for Firebase ID tokens, as JWKs. */
const FIREBASE_JWKS_URL = "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";
/** Clocks of Google's servers and ours may differ by this much. */
const CLOCK_TOLERANCE_SECONDS = 60;
/** A Firebase ID token lives an hour from when it was issued. */
const TOKEN_LIFETIME_SECONDS = 60 * 60;

export interface FirebaseOptions {
  projectId: string;
  /** The web API key: the server asks Firebase whether the account still exists. */
  apiKey: string;
  /** host:port of the Auth emulator; only then are its unsigned tokens accepted. */
  emulatorHost: string | null;
  /** Where the signing keys come from; Google's by default (tests give their own). */
  keys?: JWTVerifyGetKey;
}

export interface FirebaseIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

export class FirebaseTokenError extends Error {}

/**
 * Checks a Firebase ID token as Firebase's own Admin SDK does: RS256 with one of Google's keys (or,
 * against the emulator, no signature at all), issued by securetoken.google.com for this project,
 * for this project, not expired, signed in in the past, about a user. Then Firebase is asked
 * whether that user still exists and is enabled.
 */
export async function verifyFirebaseToken(token: string, options: FirebaseOptions): Promise<FirebaseIdentity> {
  const expected = {
    issuer: `https://securetoken.google.com/${options.projectId}`,
    audience: options.projectId,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    // A token without its times would pass every check of time; with maxTokenAge, an iat in the
    // future (past the tolerance) or over an hour ago is refused too.
    requiredClaims: ["exp", "iat", "sub", "auth_time"],
    maxTokenAge: TOKEN_LIFETIME_SECONDS,
  };
  let payload: JWTPayload;
  try {
    if (options.emulatorHost) {
      payload = UnsecuredJWT.decode(token, expected).payload;
    } else {
      options.keys ??= createRemoteJWKSet(new URL(FIREBASE_JWKS_URL));
      payload = (await jwtVerify(token, options.keys, { ...expected, algorithms: ["RS256"] })).payload;
    }
  } catch (error) {
    throw new FirebaseTokenError(`The Firebase sign-in was not accepted: ${reason(error)}.`);
  }
  const authTime = payload.auth_time;
  if (typeof authTime !== "number" || authTime > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) {
    throw new FirebaseTokenError(
      "The Firebase sign-in was not accepted: its sign-in time is missing or in the future.",
    );
  }
  if (typeof payload.sub !== "string" || payload.sub.length === 0 || payload.sub.length > 128) {
    throw new FirebaseTokenError("The Firebase sign-in was not accepted: it names no user.");
  }
  if (typeof payload.email !== "string" || payload.email.length === 0) {
    throw new FirebaseTokenError("This Firebase account has no email address, which QuickGig needs.");
  }
  await requireLiveAccount(token, options);
  return {
    uid: payload.sub,
    email: payload.email.toLowerCase(),
    emailVerified: payload.email_verified === true,
    name:
      typeof payload.name === "string" && payload.name.trim()
        ? payload.name.trim()
        : (payload.email.split("@")[0] ?? ""),
    picture: typeof payload.picture === "string" ? payload.picture : null,
  };
}

function reason(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "ERR_JWT_EXPIRED") return "it has expired";
  if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED") {
    const { claim, reason: why } = error as { claim?: string; reason?: string };
    if (why === "missing") return `it has no ${claim} claim`;
    return claim === "aud"
      ? "it is for another project"
      : claim === "iss"
        ? "another issuer made it"
        : claim === "iat" && why === "check_failed"
          ? "it was issued in the future"
          : `its ${claim} claim is wrong`;
  }
  if (code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED" || code === "ERR_JWKS_NO_MATCHING_KEY")
    return "its signature is not Google's";
  if (code === "ERR_JOSE_ALG_NOT_ALLOWED" || code === "ERR_JWT_INVALID") return "it is not a signed Firebase token";
  return "it is not a valid Firebase token";
}

/** A token outlives a deleted or disabled account by up to an hour: Firebase says whether it still stands. */
async function requireLiveAccount(token: string, options: FirebaseOptions): Promise<void> {
  const base = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com`
    : "https://identitytoolkit.googleapis.com";
  let response: Response;
  try {
    response = await fetch(`${base}/v1/accounts:lookup?key=${encodeURIComponent(options.apiKey)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ idToken: token }),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    throw new FirebaseTokenError("Firebase could not be reached to check this sign-in. Please try again.");
  }
  const body = (await response.json().catch(() => ({}))) as { users?: Array<{ disabled?: boolean }> };
  const user = body.users?.[0];
  if (!response.ok || !user) throw new FirebaseTokenError("This Firebase account no longer exists.");
  if (user.disabled) throw new FirebaseTokenError("This Firebase account has been disabled.");
}

const BodySchema = z.object({ idToken: z.string().min(1).max(8192) });

/**
 * POST /api/auth/sign-in/firebase {idToken}: a person signed in with Firebase Authentication gets
 * a QuickGig session, the same as any other sign-in. A returning person is found by their Firebase
 * user id; a new one gets an account, or joins the QuickGig account with the same email only when
 * both sides have confirmed that email (decision 003).
 */
export function firebaseSignIn(options: FirebaseOptions): BetterAuthPlugin {
  return {
    id: "firebase-sign-in",
    endpoints: {
      signInFirebase: createAuthEndpoint("/sign-in/firebase", { method: "POST", body: BodySchema }, async (ctx) => {
        let identity: FirebaseIdentity;
        try {
          identity = await verifyFirebaseToken(ctx.body.idToken, options);
        } catch (error) {
          if (!(error instanceof FirebaseTokenError)) throw error;
          throw new APIError("UNAUTHORIZED", { message: error.message, code: "FIREBASE_TOKEN_REFUSED" });
        }
        const adapter = ctx.context.internalAdapter;
        /**
         * Found by the Firebase user id; else the account with the same email, joined only when both
         * sides confirmed it (decision 003); else a new one.
         */
        const findOrMakeUser = async () => {
          const key = { providerId: FIREBASE_PROVIDER_ID, accountId: identity.uid };
          const owner = await adapter.findAccountOwnerByKey(key);
          if (owner?.kind === "owned") return owner.user;
          const existing = await adapter.findUserByEmail(identity.email);
          if (existing && (!existing.user.emailVerified || !identity.emailVerified)) {
            throw new APIError("FORBIDDEN", { message: MESSAGES.googleAccountExists, code: "ACCOUNT_NOT_LINKED" });
          }
          if (!existing && !identity.emailVerified) {
            // Firebase lets anyone claim an address; an account made from an unconfirmed one would
            // stay theirs after its real owner signed up here (account pre-hijacking).
            throw new APIError("FORBIDDEN", { message: FIREBASE_UNCONFIRMED, code: "FIREBASE_EMAIL_UNCONFIRMED" });
          }
          const user =
            existing?.user ??
            (await adapter.createUser(
              { name: identity.name, email: identity.email, emailVerified: true, image: identity.picture },
              { method: "oauth", oauth: { providerId: FIREBASE_PROVIDER_ID } },
            ));
          await adapter.linkAccount({ ...key, userId: user.id });
          return user;
        };
        // Two first sign-ins at once both find no account: the unique email and the unique
        // (provider, account) index let one of them make it, and the other finds it on looking again.
        let user: Awaited<ReturnType<typeof findOrMakeUser>>;
        for (let attempt = 1; ; attempt++) {
          try {
            user = await findOrMakeUser();
            break;
          } catch (error) {
            if (attempt >= 3 || !isUniqueViolation(error)) throw error;
          }
        }
        const session = await adapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ user: { id: user.id, name: user.name, email: user.email, image: user.image ?? null } });
      }),
    },
  };
}
