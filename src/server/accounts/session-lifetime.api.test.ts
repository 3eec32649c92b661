import { createHmac } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../db/database.ts";
import { setupTestApp, signUp } from "../test/test-app.ts";

const ctx = setupTestApp();
const DAY = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** The API's own routes read sessions on a fast path of their own (session.ts); get-session is better-auth's. */
const readers = {
  "the API's routes": async (cookie: string) => {
    const response = await ctx.app.inject({ url: "/api/tasks?owner=me", headers: { cookie } });
    expect([200, 401]).toContain(response.statusCode);
    return response.statusCode === 200;
  },
  "better-auth's get-session": async (cookie: string) => {
    const response = await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie } });
    return response.json() !== null;
  },
};

describe.each(Object.entries(readers))("session lifetime (controlled clock), read by %s", (_name, isSignedIn) => {
  it("ends a session left unused for more than 7 days", async () => {
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    const user = await signUp(ctx.app);
    vi.setSystemTime(start + 6 * DAY);
    expect(await isSignedIn(user.cookie)).toBe(true);
    // Used on day 6, so it now lasts until day 13; unused until day 14, it has ended.
    vi.setSystemTime(start + 12.9 * DAY);
    expect(await isSignedIn(user.cookie)).toBe(true);
    vi.setSystemTime(start + 12.9 * DAY + 7.1 * DAY);
    expect(await isSignedIn(user.cookie)).toBe(false);
  });

  it("ends even a busy session 30 days after sign-in", async () => {
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    const user = await signUp(ctx.app);
    for (let day = 2; day <= 29; day += 2) {
      vi.setSystemTime(start + day * DAY);
      expect(await isSignedIn(user.cookie)).toBe(true);
    }
    vi.setSystemTime(start + 30 * DAY + 60_000);
    expect(await isSignedIn(user.cookie)).toBe(false);
    const write = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(write.statusCode).toBe(401);
  });
});

describe("the session cookie", () => {
  const name = "better-auth.session_token";
  const isSignedIn = readers["the API's routes"];
  const split = (cookie: string) => {
    const signed = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
    const dot = signed.lastIndexOf(".");
    return { token: signed.slice(0, dot), signature: signed.slice(dot + 1) };
  };
  const cookieOf = (token: string, signature: string) => `${name}=${encodeURIComponent(`${token}.${signature}`)}`;

  it("is accepted as issued, and refused when its token or signature is altered", async () => {
    const user = await signUp(ctx.app);
    expect(user.cookie.startsWith(`${name}=`)).toBe(true);
    const { token, signature } = split(user.cookie);
    expect(await isSignedIn(cookieOf(token, signature))).toBe(true);

    const otherToken = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await isSignedIn(cookieOf(otherToken, signature))).toBe(false);
    const foreign = createHmac("sha256", "another-secret-that-is-32-characters-long").update(token).digest("base64");
    expect(await isSignedIn(cookieOf(token, foreign))).toBe(false);
    expect(await isSignedIn(cookieOf(token, `${signature.slice(0, -1)}`))).toBe(false);
    expect(await isSignedIn(cookieOf(token, ""))).toBe(false);
    expect(await isSignedIn(`${name}=${token}`)).toBe(false);
  });

  it("is refused once its session has been signed out, on every path", async () => {
    const user = await signUp(ctx.app);
    const signOut = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: user.cookie, origin: "http://localhost:3000" },
    });
    expect(signOut.statusCode).toBe(200);
    for (const read of Object.values(readers)) expect(await read(user.cookie)).toBe(false);
  });
});

describe("a suspension in force (decision 023)", () => {
  it("makes a session that outlived it count for nothing on the API's routes, until it is lifted", async () => {
    const user = await signUp(ctx.app);
    const isSignedIn = readers["the API's routes"];
    expect(await isSignedIn(user.cookie)).toBe(true);
    // As if a sign-in had landed between the suspension's deleting of sessions and its commit.
    const database = openDatabase(ctx.database.config);
    const { db } = database;
    const now = new Date().toISOString();
    await db
      .insertInto("sanctions")
      .values({
        id: "s-race",
        user_id: user.id,
        kind: "suspend",
        rule: "honest",
        note: "Fake identity.",
        target_kind: "profile",
        target_id: user.id,
        task_id: null,
        target_title: user.name,
        created_by: "someone",
        created_at: now,
      })
      .execute();
    expect(await isSignedIn(user.cookie)).toBe(false);
    await db.updateTable("sanctions").set({ lifted_at: now }).where("id", "=", "s-race").execute();
    expect(await isSignedIn(user.cookie)).toBe(true);
    await database.close();
  });
});
