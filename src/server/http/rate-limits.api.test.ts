import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { PUBLIC_URL, setupTestApp, signUp, TEST_PASSWORD, taskInput } from "../test/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";

const limits = {
  RATE_LIMIT_AUTH_PER_MINUTE: "6",
  RATE_LIMIT_ACCOUNT_PER_MINUTE: "4",
  RATE_LIMIT_WRITES_PER_MINUTE: "3",
};
const ctx = setupTestApp(limits);
const proxied = setupTestApp({ ...limits, TRUST_PROXY: "127.0.0.1" });

/** A loopback address of its own for each test, so tests never share a counter. */
let nextAddress = 1;
const freshAddress = () => `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function signIn(app: FastifyInstance, email: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress,
    headers,
    payload: { email, password: "Not-The-Password-1" },
  });
}

describe("sign-in limits", () => {
  it("answers a burst from one address with 429, Retry-After and problem+json; other addresses go on", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await signIn(ctx.app, `person${i}@example.com`, address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    const limited = await signIn(ctx.app, "another@example.com", address);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    expect(limited.headers["content-type"]).toContain("application/problem+json");
    expect(limited.json()).toMatchObject({
      status: 429,
      detail: expect.stringMatching(/^Too many attempts\. Please wait/),
    });
    expect((await signIn(ctx.app, "another@example.com", freshAddress())).statusCode).toBe(401);
  });

  it("limits attempts on one account from many addresses; other accounts go on", async () => {
    const victim = await signUp(ctx.app); // the sign-up is the account's first attempt
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(ctx.app, victim.email, freshAddress())).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const other = await signUp(ctx.app);
    const ok = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: freshAddress(),
      payload: { email: other.email, password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("does not let a client pick its own key with X-Forwarded-For", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await signIn(ctx.app, `spoof${i}@example.com`, address, {
        "x-forwarded-for": `127.9.9.${i + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it("believes X-Forwarded-For only from a configured proxy", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await signIn(proxied.app, `behind${i}@example.com`, "127.0.0.1", {
        "x-forwarded-for": freshAddress(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(Array(8).fill(401));
  });

  it("limits sign-ups per address", async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        remoteAddress: address,
        payload: {
          name: "N",
          email: `burst${i}-${address}@example.com`,
          password: "Fresh-Start-9",
          image: "https://example.com/a.png",
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });
});

describe("write limits", () => {
  it("limits task posting per user; another user goes on", async () => {
    const busy = await signUp(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: { cookie: busy.cookie },
        payload: taskInput(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const calm = await signUp(ctx.app);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: calm.cookie },
      payload: taskInput(),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe("two instances with Redis", () => {
  let database: TestDatabase;
  let apps: FastifyInstance[] = [];
  let redisAvailable = false;

  beforeAll(async () => {
    const probe = new Redis("redis://127.0.0.1:6379", {
      lazyConnect: true,
      connectTimeout: 1000,
      maxRetriesPerRequest: 0,
    });
    redisAvailable = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (!redisAvailable) return;
    database = await createTestDatabase();
    const config = {
      ...loadConfig({
        NODE_ENV: "test",
        PUBLIC_URL,
        AUTH_SECRET: "a-shared-secret-that-is-at-least-32-characters",
        SEED_DEMO_DATA: "false",
        LOG_LEVEL: "silent",
        REDIS_URL: "redis://127.0.0.1:6379",
        ...limits,
      }),
      database: database.config,
    };
    apps = [await buildApp(config), await buildApp(config)];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it("share sessions and count one rate limit across both", async (test) => {
    if (!redisAvailable) test.skip();
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const user = await signUp(first);
    const session = await second.inject({ url: "/api/auth/get-session", headers: { cookie: user.cookie } });
    expect(session.json().user.email).toBe(user.email);

    // Redis outlives this run and is shared with the other database's run: a random address of its own.
    const address = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await signIn(i % 2 ? second : first, `shared${i}@example.com`, address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });
});
