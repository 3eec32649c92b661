import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  type JWTVerifyGetKey,
  SignJWT,
  UnsecuredJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.ts";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import { openDatabase } from "../db/database.ts";
import { createId } from "../ids.ts";
import { suspendAccount } from "../moderation/enforcement.ts";
import { withoutNotices } from "../notifications/notifier.ts";
import { EMULATOR_PROJECT, type FirebaseEmulator, startFirebaseEmulator } from "../test/firebase-emulator.ts";
import { markEmailVerified, PUBLIC_URL, sessionCookie, setupTestApp, signUp } from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";
import { ACCOUNT_SUSPENDED } from "./auth.ts";
import { FIREBASE_UNCONFIRMED } from "./firebase.ts";

const PROJECT = "quickgig-test";
const now = () => Math.floor(Date.now() / 1000);

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: "firebase-user-1",
    auth_time: now() - 60,
    iat: now() - 60,
    exp: now() + 3600,
    email: "signed@example.com",
    email_verified: true,
    ...overrides,
  };
}

describe("Firebase ID tokens, checked as Google signs them", () => {
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;
  let keys: JWTVerifyGetKey;
  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair("RS256")).privateKey;
    keys = createLocalJWKSet({
      keys: [{ ...(await exportJWK(pair.publicKey)), kid: "key-1", alg: "RS256", use: "sig" }],
    });
  });
  const ctx = setupTestApp({ FIREBASE_PROJECT_ID: PROJECT, FIREBASE_API_KEY: "web-api-key" }, undefined, {
    firebaseKeys: (header, token) => keys(header, token),
  });
  const sign = (payload: JWTPayload, key = privateKey) =>
    new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: "key-1" }).sign(key);
  const signIn = (idToken: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/firebase",
      headers: { origin: PUBLIC_URL },
      payload: { idToken },
    });

  it.each([
    ["for another project", () => sign(claims({ aud: "someone-elses-project" })), "it is for another project"],
    [
      "from another issuer",
      () => sign(claims({ iss: "https://securetoken.google.com/someone-else" })),
      "another issuer made it",
    ],
    ["expired", () => sign(claims({ exp: now() - 600, iat: now() - 4200, auth_time: now() - 4200 })), "it has expired"],
    ["signed with another key", () => sign(claims(), otherKey), "its signature is not Google's"],
    [
      "unsigned (an emulator's) while no emulator is configured",
      async () => new UnsecuredJWT(claims()).encode(),
      "it is not a signed Firebase token",
    ],
    [
      "signed in in the future",
      () => sign(claims({ auth_time: now() + 600 })),
      "its sign-in time is missing or in the future",
    ],
    ["without a sign-in time", () => sign(claims({ auth_time: undefined })), "it has no auth_time claim"],
    // Without its times a token would pass every check of time, until the account lookup.
    ["without an expiry", () => sign(claims({ exp: undefined })), "it has no exp claim"],
    ["without an issue time", () => sign(claims({ iat: undefined })), "it has no iat claim"],
    ["without a user", () => sign(claims({ sub: undefined })), "it has no sub claim"],
    ["issued in the future", () => sign(claims({ iat: now() + 600 })), "it was issued in the future"],
    [
      "signed in in the future past the clock's tolerance",
      () => sign(claims({ auth_time: now() + 90 })),
      "its sign-in time is missing or in the future",
    ],
  ])("refuses a token %s, saying why, with no session", async (_label, make, why) => {
    const response = await signIn(await make());
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toContain(why);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("refuses a missing or oversized token by the body's rules", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/firebase",
      headers: { origin: PUBLIC_URL },
      payload: { idToken: "" },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("Firebase sign-in against the Auth emulator", () => {
  let emulator: FirebaseEmulator;
  beforeAll(async () => {
    emulator = await startFirebaseEmulator();
    console.info(`Firebase Auth emulator ready in ${emulator.startupMs} ms`);
  }, 90_000);
  afterAll(async () => emulator?.stop());

  const ctx = setupTestApp(() => ({
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  }));
  const signIn = (idToken: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/firebase",
      headers: { origin: PUBLIC_URL },
      payload: { idToken },
    });
  const unique = () => `fb-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

  it("a Firebase sign-up opens a QuickGig session; signing in again finds the same person", async () => {
    const email = unique();
    const created = await emulator.signUp(email, "Fire-Base-Pass-8", "Fiona Fire");
    // Not before Firebase has confirmed the address: anyone may claim one there.
    const unconfirmed = await signIn(created.idToken);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().detail).toBe(FIREBASE_UNCONFIRMED);
    await emulator.verifyEmail(created.localId);
    const { idToken } = await emulator.signIn(email, "Fire-Base-Pass-8");
    const first = await signIn(idToken);
    expect(first.statusCode, first.body).toBe(200);
    const session = await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie: sessionCookie(first) } });
    expect(session.json().user).toMatchObject({ email, name: "Fiona Fire", emailVerified: true });

    const again = await emulator.signIn(email, "Fire-Base-Pass-8");
    const second = await signIn(again.idToken);
    expect(second.json().user.id).toBe(first.json().user.id);

    // The session is an ordinary one: the person posts a task.
    const posted = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: sessionCookie(second) },
      payload: {
        title: "Posted after a Firebase sign-in",
        category: "Design",
        description: "Same session as every other sign-in.",
        deadline: new Date(Date.now() + 10 * 864e5).toISOString().slice(0, 10),
        budget: 120,
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
  });

  it("two first sign-ins at once make one account, linked once", async () => {
    // Three people, each signing in from two tabs at once: both tabs look for the account while
    // Firebase is asked whether it stands, and find none.
    for (let round = 0; round < 3; round++) {
      const email = unique();
      const created = await emulator.signUp(email, "Fire-Base-Pass-8", "Twin Sign-In");
      await emulator.verifyEmail(created.localId);
      const { idToken } = await emulator.signIn(email, "Fire-Base-Pass-8");
      const [first, second] = await Promise.all([signIn(idToken), signIn(idToken)]);
      expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
      expect(second.json().user.id).toBe(first.json().user.id);
      const database = openDatabase(ctx.database.config);
      try {
        const links = await database.db
          .selectFrom("account")
          .select("userId")
          .where("providerId", "=", "firebase")
          .where("accountId", "=", created.localId)
          .execute();
        expect(links).toEqual([{ userId: first.json().user.id }]);
        const users = await database.db.selectFrom("user").select("id").where("email", "=", email).execute();
        expect(users).toHaveLength(1);
      } finally {
        await database.close();
      }
    }
  });

  it("a token of a deleted Firebase account is refused", async () => {
    const { idToken } = await emulator.signUp(unique(), "Fire-Base-Pass-8");
    await emulator.deleteAccount(idToken);
    const response = await signIn(idToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe("This Firebase account no longer exists.");
  });

  it("an expired emulator token is refused too", async () => {
    const token = new UnsecuredJWT(
      claims({ iss: `https://securetoken.google.com/${EMULATOR_PROJECT}`, aud: EMULATOR_PROJECT, exp: now() - 600 }),
    ).encode();
    const response = await signIn(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toContain("it has expired");
  });

  it("joins an existing QuickGig account only when both sides confirmed the email", async () => {
    const existing = await signUp(ctx.app, { email: unique() });
    const { idToken, localId } = await emulator.signUp(existing.email, "Fire-Base-Pass-8");
    const refused = await signIn(idToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(MESSAGES.googleAccountExists);

    // Both confirmed: the Firebase sign-in opens that same account.
    await emulator.verifyEmail(localId);
    const verified = await emulator.signIn(existing.email, "Fire-Base-Pass-8");
    const stillRefused = await signIn(verified.idToken);
    expect(stillRefused.statusCode).toBe(403);
    await markEmailVerified(ctx, existing.email);
    const joined = await signIn(verified.idToken);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user.id).toBe(existing.id);
  });

  it("refuses a suspended person 403 with the rule's message, no session (decision 023)", async () => {
    const email = unique();
    const created = await emulator.signUp(email, "Fire-Base-Pass-8", "Fiona Suspended");
    await emulator.verifyEmail(created.localId);
    const first = await signIn((await emulator.signIn(email, "Fire-Base-Pass-8")).idToken);
    expect(first.statusCode, first.body).toBe(200);
    const database = openDatabase(ctx.database.config);
    try {
      const userId = first.json().user.id as string;
      await withoutNotices(database.db).transaction(async (trx, notices) => {
        await trx
          .insertInto("sanctions")
          .values({
            id: createId(),
            user_id: userId,
            kind: "suspend",
            rule: "no-spam",
            note: "Fake offers.",
            target_kind: "profile",
            target_id: userId,
            task_id: null,
            target_title: email,
            previous_state: null,
            created_by: userId,
            created_at: new Date().toISOString(),
          })
          .execute();
        await suspendAccount(trx, notices, userId, testDialect());
      });
    } finally {
      await database.close();
    }

    const refused = await signIn((await emulator.signIn(email, "Fire-Base-Pass-8")).idToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toContain("application/problem+json");
    expect(refused.json()).toMatchObject({ detail: MODERATION_MESSAGES.suspended("no-spam"), code: ACCOUNT_SUSPENDED });
    expect(sessionCookie(refused)).not.toContain("session_token=");
    const session = await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie: sessionCookie(first) } });
    expect(session.json()).toBeNull();
  });
});
