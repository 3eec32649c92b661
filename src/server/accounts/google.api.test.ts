import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { type LocalOidcProvider, type OidcAccount, startOidcProvider } from "../test/oidc-provider.ts";
import { PUBLIC_URL, sessionCookie, setupTestApp, signUp } from "../test/test-app.ts";

let provider: LocalOidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/callback/google`] });
});
afterAll(() => provider.close());

const ctx = setupTestApp(() => ({
  GOOGLE_ISSUER: provider.issuer,
  GOOGLE_CLIENT_ID: provider.clientId,
  GOOGLE_CLIENT_SECRET: provider.clientSecret,
}));

/** A second connection to the app's database, to see which accounts exist. */
let direct: Database;
beforeAll(() => {
  direct = openDatabase(ctx.database.config);
});
afterAll(() => direct.close());

async function userExists(email: string): Promise<boolean> {
  const row = await direct.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined;
}

/** An issuer whose discovery document sends people to the real provider, whose tokens name another issuer. */
let impostor: Server;
let impostorIssuer = "";
beforeAll(async () => {
  impostor = createServer(async (_request, response) => {
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ ...discovery, issuer: impostorIssuer }));
  });
  await new Promise<void>((resolve) => impostor.listen(0, "127.0.0.1", resolve));
  impostorIssuer = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => impostor.close(resolve)));

const wrongIssuer = setupTestApp(() => ({
  GOOGLE_ISSUER: impostorIssuer,
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

async function startGoogleSignIn(callbackURL = "/dashboard", app: FastifyInstance = ctx.app) {
  const start = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/social",
    payload: { provider: "google", callbackURL, errorCallbackURL: "/auth/login" },
  });
  expect(start.statusCode).toBe(200);
  const { url } = start.json() as { url: string };
  const authorization = new URL(url);
  expect(authorization.origin).toBe(provider.issuer); // the impostor's document points here too
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("state")).toBeTruthy();
  expect(authorization.searchParams.get("nonce")).toBeTruthy();
  return { url, cookie: sessionCookie(start) };
}

async function signInWithGoogle(
  account: OidcAccount,
  tamper?: (callback: URL) => void,
  app: FastifyInstance = ctx.app,
  callbackURL = "/dashboard",
) {
  provider.signInNextAs(account);
  const { url, cookie } = await startGoogleSignIn(callbackURL, app);
  const callback = await authorizeAtProvider(url);
  tamper?.(callback);
  const response = await app.inject({ url: callback.pathname + callback.search, headers: { cookie } });
  return { response, cookie: sessionCookie(response) };
}

async function currentUser(cookie: string, app: FastifyInstance = ctx.app) {
  const session = await app.inject({ url: "/api/auth/get-session", headers: { cookie } });
  return (session.json() as { user: { id: string; email: string; name: string } } | null)?.user ?? null;
}

describe("Google sign-in (OpenID Connect against a local provider)", () => {
  const newcomer = { sub: "google-123", email: "newcomer@gmail.test", name: "New Comer" };

  it("creates an account for a new user and lands on the requested page", async () => {
    const { response, cookie } = await signInWithGoogle(newcomer);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/dashboard");
    const user = await currentUser(cookie);
    expect(user).toMatchObject({ email: "newcomer@gmail.test", name: "New Comer" });
  });

  it("signs a returning user into the same account", async () => {
    const first = await currentUser((await signInWithGoogle(newcomer)).cookie);
    const again = await currentUser((await signInWithGoogle(newcomer)).cookie);
    expect(again?.id).toBe(first?.id);
  });

  it("refuses a tampered state: no session", async () => {
    const { response, cookie } = await signInWithGoogle(
      { sub: "google-456", email: "other@gmail.test", name: "Other" },
      (callback) => callback.searchParams.set("state", "tampered-state"),
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/error=/);
    expect(await currentUser(cookie)).toBeNull();
  });

  it("refuses a replayed authorization code", async () => {
    provider.signInNextAs({ sub: "google-789", email: "replay@gmail.test", name: "Replay" });
    const { url, cookie } = await startGoogleSignIn();
    const callback = await authorizeAtProvider(url);
    const path = callback.pathname + callback.search;
    const first = await ctx.app.inject({ url: path, headers: { cookie } });
    expect(await currentUser(sessionCookie(first))).not.toBeNull();
    const replay = await ctx.app.inject({ url: path, headers: { cookie } });
    expect(replay.headers.location).toMatch(/error=/);
    expect(sessionCookie(replay)).not.toContain("session_token=");
  });

  it("never attaches to an existing password account with the same email", async () => {
    const owner = await signUp(ctx.app, { email: "taken@gmail.test" });
    const { response, cookie } = await signInWithGoogle({
      sub: "google-attacker",
      email: "taken@gmail.test",
      name: "Someone",
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/auth/login?error=account_not_linked");
    expect(await currentUser(cookie)).toBeNull();
    expect(await currentUser(owner.cookie)).toMatchObject({ name: owner.name });
  });

  it("refuses an ID token from another issuer than the configured one", async () => {
    const { response, cookie } = await signInWithGoogle(
      { sub: "google-elsewhere", email: "elsewhere@gmail.test", name: "Elsewhere" },
      undefined,
      wrongIssuer.app,
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/auth/login?error=issuer_mismatch");
    expect(await currentUser(cookie, wrongIssuer.app)).toBeNull();
  });

  it("refuses an ID token made out to another client: no session, no account", async () => {
    provider.issueNextIdTokenTo(provider.otherClientId);
    const { response, cookie } = await signInWithGoogle({
      sub: "google-audience",
      email: "audience@gmail.test",
      name: "Audience",
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/auth/login?error=unable_to_get_user_info");
    expect(cookie).not.toContain("session_token=");
    expect(await currentUser(cookie)).toBeNull();
    expect(await userExists("audience@gmail.test")).toBe(false);
  });

  it("accepts the same reissued ID token when it names this app (the refusal above is the audience's)", async () => {
    provider.issueNextIdTokenTo(provider.clientId);
    const { cookie } = await signInWithGoogle({ sub: "google-own", email: "own@gmail.test", name: "Own" });
    expect(await currentUser(cookie)).toMatchObject({ email: "own@gmail.test" });
  });

  it("offers no sign-in by posted ID token, even one genuinely made out to this app", async () => {
    const account = { sub: "google-posted", email: "posted@gmail.test", name: "Posted" };
    for (const clientId of [provider.clientId, provider.otherClientId]) {
      const token = await provider.mintIdToken(account, { clientId });
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/social",
        payload: { provider: "google", idToken: { token } },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(response.json()).toMatchObject({ code: "ID_TOKEN_NOT_SUPPORTED" });
      expect(sessionCookie(response)).not.toContain("session_token=");
    }
    expect(await userExists("posted@gmail.test")).toBe(false);
  });

  it("returns to where the person was going: a task, with its bid form asked for", async () => {
    const goingTo = "/task-details/abc?bid=open";
    const { response } = await signInWithGoogle(
      { sub: "google-456", email: "bidder@gmail.test", name: "Bidder" },
      undefined,
      ctx.app,
      goingTo,
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(goingTo);
  });

  it("tells the forms that Google sign-in is offered here", async () => {
    const options = await ctx.app.inject({ url: "/api/auth/sign-in-options" });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ google: true, firebase: false });
  });

  it("keeps the redirect on this site", async () => {
    for (const callbackURL of ["https://evil.example/steal", "//evil.example/steal", "/\\evil.example"]) {
      const start = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/social",
        payload: { provider: "google", callbackURL },
      });
      expect(start.statusCode, callbackURL).toBe(403);
      expect(start.headers["content-type"]).toContain("application/problem+json");
    }
    const start = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/social",
      payload: { provider: "google", callbackURL: "/dashboard", errorCallbackURL: "//evil.example/x" },
    });
    expect(start.statusCode).toBe(403);
  });
});
