import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { createId } from "../ids.ts";
import { suspendAccount } from "../moderation/enforcement.ts";
import { withoutNotices } from "../notifications/notifier.ts";
import { type LocalOidcProvider, type OidcAccount, startOidcProvider } from "../test/oidc-provider.ts";
import { PUBLIC_URL, sessionCookie, setupTestApp, type TestContext } from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";
import { ACCOUNT_SUSPENDED } from "./auth.ts";

/**
 * Issue 29, decision 023: a suspended person gets no session however they sign in. Password
 * sign-in is tested with the other sanctions (moderation/enforcement.api.test.ts), Firebase's ID
 * token beside its other tests (firebase.api.test.ts, whose Auth emulator takes a while to start);
 * here Google's redirect, against a local OpenID provider.
 */

/** Suspends the person with this email, as a moderator's decision does; lifts it when asked. */
async function suspendByEmail(context: TestContext, email: string, rule: string) {
  const database: Database = openDatabase(context.database.config);
  try {
    const user = await database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const id = createId();
    await withoutNotices(database.db).transaction(async (trx, notices) => {
      await trx
        .insertInto("sanctions")
        .values({
          id,
          user_id: user.id,
          kind: "suspend",
          rule,
          note: "Fake offers.",
          target_kind: "profile",
          target_id: user.id,
          task_id: null,
          target_title: email,
          previous_state: null,
          created_by: user.id,
          created_at: new Date().toISOString(),
        })
        .execute();
      await suspendAccount(trx, notices, user.id, testDialect());
    });
    return async () => {
      const again = openDatabase(context.database.config);
      try {
        await again.db
          .updateTable("sanctions")
          .set({ lifted_at: new Date().toISOString() })
          .where("id", "=", id)
          .execute();
      } finally {
        await again.close();
      }
    };
  } finally {
    await database.close();
  }
}

async function signedIn(app: FastifyInstance, cookie: string): Promise<boolean> {
  return (await app.inject({ url: "/api/auth/get-session", headers: { cookie } })).json() !== null;
}

describe("Google sign-in of a suspended person", () => {
  let provider: LocalOidcProvider;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/callback/google`] });
  });
  afterAll(() => provider?.close());
  const ctx = setupTestApp(() => ({
    GOOGLE_ISSUER: provider.issuer,
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
  }));

  /** Walks the provider's redirects as a browser would, up to the redirect back to our callback. */
  async function authorizeAtProvider(authorizationUrl: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      const response = await fetch(url, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ""] = cookie.split(";");
        const [name = "", value = ""] = pair.split("=");
        jar.set(name.trim(), value);
      }
      const location = response.headers.get("location");
      if (!location) throw new Error(`provider stopped at ${url}: ${response.status} ${await response.text()}`);
      const next = new URL(location, url);
      if (next.href.startsWith(PUBLIC_URL)) return next;
      url = next.href;
    }
    throw new Error("too many redirects at the provider");
  }

  async function signInWithGoogle(account: OidcAccount) {
    provider.signInNextAs(account);
    const start = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      payload: { provider: "google", callbackURL: "/dashboard", errorCallbackURL: "/auth/login" },
    });
    expect(start.statusCode).toBe(200);
    const callback = await authorizeAtProvider((start.json() as { url: string }).url);
    return ctx.app.inject({ url: callback.pathname + callback.search, headers: { cookie: sessionCookie(start) } });
  }

  it("is sent back to the login page with the rule's message and no session; lifted, signs in again", async () => {
    const account = { sub: "google-suspended", email: "suspended@gmail.test", name: "Sus Pended" };
    const first = await signInWithGoogle(account);
    expect(first.headers.location).toBe("/dashboard");
    const lift = await suspendByEmail(ctx, account.email, "honest");
    expect(await signedIn(ctx.app, sessionCookie(first))).toBe(false);

    const refused = await signInWithGoogle(account);
    expect(refused.statusCode).toBe(302);
    const back = new URL(String(refused.headers.location), PUBLIC_URL);
    expect(back.pathname).toBe("/auth/login");
    expect(back.searchParams.get("error")).toBe(ACCOUNT_SUSPENDED);
    expect(back.searchParams.get("error_description")).toBe(MODERATION_MESSAGES.suspended("honest"));
    expect(sessionCookie(refused)).not.toContain("session_token=");

    await lift();
    const again = await signInWithGoogle(account);
    expect(again.headers.location).toBe("/dashboard");
    expect(await signedIn(ctx.app, sessionCookie(again))).toBe(true);
  });
});
