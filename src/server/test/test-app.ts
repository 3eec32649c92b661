import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { TaskInput } from "../../contract/index.ts";
import { type BuildOptions, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export const TEST_PASSWORD = "Quick-Gig-7x";
export const PUBLIC_URL = "http://localhost:3000";

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
}

/** Builds the app on a fresh database of its own for one test file; closes and drops it after. */
export function setupTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  setup?: (app: FastifyInstance) => void,
  options: BuildOptions = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.config = {
      ...loadConfig({
        NODE_ENV: "test",
        PUBLIC_URL,
        AUTH_SECRET: "a-test-secret-that-is-at-least-32-characters-long",
        SEED_DEMO_DATA: "false",
        LOG_LEVEL: "silent",
        WEB_DIST: "/nonexistent",
        // Test files sign up many users from one address; the rate-limit tests set their own limits.
        RATE_LIMIT_AUTH_PER_MINUTE: "0",
        RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
        RATE_LIMIT_WRITES_PER_MINUTE: "0",
        // A worker thread per test file's app would only slow the suite: tasks/search-index-merger.test.ts tests it.
        SEARCH_MERGE_MINUTES: "0",
        // Hiring without money, as before issue 44; the payments tests turn it on.
        PAYMENTS: "off",
        // Emails without SMTP_URL go to files: beside the test's database, never into ./data.
        EMAIL_DIR: path.join(tmpdir(), `quickgig-test-mail-${process.pid}`),
        ...(typeof env === "function" ? env() : env),
      }),
      database: context.database.config,
    };
    context.app = await buildApp(context.config, options);
    setup?.(context.app);
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.drop();
  });
  return context;
}

let counter = 0;

export interface TestUser {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

/** The session cookie of a response, as a browser would send it back. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; image: string }> = {},
  { remoteAddress }: { remoteAddress?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const body = {
    name: `Test User ${counter}`,
    email: `user${counter}-${Date.now()}@example.com`,
    password: TEST_PASSWORD,
    image: "https://example.com/avatar.png",
    ...overrides,
  };
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { user } = response.json() as { user: { id: string; name: string; email: string } };
  return { ...user, cookie: sessionCookie(response) };
}

export function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function taskInput(overrides: Partial<TaskInput> = {}): TaskInput {
  return {
    title: "Build a landing page",
    category: "Web Development",
    description: "A one-page site with a contact form.",
    deadline: inDays(10),
    budget: 250,
    ...overrides,
  };
}

export async function postTask(
  app: FastifyInstance,
  user: TestUser,
  overrides: Partial<TaskInput> = {},
): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/tasks",
    headers: { cookie: user.cookie },
    payload: taskInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`post task failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { insertedId: string }).insertedId;
}

/** Marks an account's email confirmed, as following its emailed link does. */
export async function markEmailVerified(context: TestContext, email: string): Promise<void> {
  const database = openDatabase(context.database.config);
  try {
    await database.db
      .updateTable("user")
      .set({ emailVerified: context.database.config.dialect === "postgres" ? true : 1 })
      .where("email", "=", email)
      .execute();
  } finally {
    await database.close();
  }
}

/** Listens on a port of its own for the file's tests (streams are read over real sockets); the origin, once it does. */
export function listening(ctx: TestContext): () => string {
  let origin = "";
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });
  return () => origin;
}
