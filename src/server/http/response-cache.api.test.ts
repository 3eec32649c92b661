import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { PUBLIC_URL, postTask, setupTestApp, signUp, type TestUser, taskInput } from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";
import { CHANGE_FEED_NAME } from "./response-cache.ts";

const ctx = setupTestApp();
let poster: TestUser;
/** A second connection to the app's database, for changes made behind the API's back. */
let direct: Database;

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Cache Poster" });
  direct = openDatabase(ctx.database.config);
});
afterAll(() => direct.close());

const read = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

async function titleOf(app: FastifyInstance, id: string): Promise<string> {
  return (await read(app, `/api/tasks/${id}`)).json().title;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

describe("anonymous public reads", () => {
  it("come with an ETag, and a matching If-None-Match gets 304 with no body", async () => {
    await postTask(ctx.app, poster, { title: "Etag task" });
    const first = await read(ctx.app, "/api/tasks");
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers.vary).toBe("Origin, Cookie");

    const again = await read(ctx.app, "/api/tasks", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["x-total-count"]).toBe(first.headers["x-total-count"]);
  });

  it("show every write through the API at once: post, update, delete and a new name", async () => {
    const id = await postTask(ctx.app, poster, { title: "Before" });
    const listed = async () =>
      (await read(ctx.app, "/api/tasks?limit=50")).json().map((task: { _id: string }) => task._id);
    const etag = (await read(ctx.app, "/api/tasks?limit=50")).headers.etag as string;
    expect(await listed()).toContain(id);
    expect(await titleOf(ctx.app, id)).toBe("Before");

    const update = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
      payload: taskInput({ title: "After" }),
    });
    expect(update.json()).toEqual({ modifiedCount: 1 });
    expect(await titleOf(ctx.app, id)).toBe("After");
    const changed = await read(ctx.app, "/api/tasks?limit=50", { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().find((task: { _id: string }) => task._id === id).title).toBe("After");

    const rename = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { cookie: poster.cookie, origin: PUBLIC_URL },
      payload: { name: "Renamed Poster" },
    });
    expect(rename.statusCode).toBe(200);
    expect((await read(ctx.app, `/api/tasks/${id}`)).json().userName).toBe("Renamed Poster");

    const removal = await ctx.app.inject({
      method: "DELETE",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
    });
    expect(removal.statusCode).toBe(200);
    expect(await listed()).not.toContain(id);
    expect((await read(ctx.app, `/api/tasks/${id}`)).statusCode).toBe(404);
  });

  it("never mix with a signed-in reader's answer, which carries the poster's email", async () => {
    const id = await postTask(ctx.app, poster, { title: "Private parts" });
    const anonymous = await read(ctx.app, `/api/tasks/${id}`);
    const signedIn = await read(ctx.app, `/api/tasks/${id}`, { cookie: poster.cookie });
    const anonymousAgain = await read(ctx.app, `/api/tasks/${id}`);
    expect(anonymous.json().userEmail).toBeUndefined();
    expect(signedIn.json().userEmail).toBe(poster.email);
    expect(signedIn.json().bidCount).toBe(0);
    expect(signedIn.headers["cache-control"]).toBe("private, no-cache");
    expect(anonymousAgain.json().userEmail).toBeUndefined();
    expect(anonymousAgain.body).toBe(anonymous.body);
  });

  it("are not kept when they fail", async () => {
    const bad = await read(ctx.app, "/api/tasks?limit=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    expect((await read(ctx.app, "/api/tasks?owner=me")).statusCode).toBe(401);
  });
});

describe.runIf(testDialect() === "sqlite")("on SQLite, which only this process writes", () => {
  it("answers a repeated read from memory until a write through the API", async () => {
    const id = await postTask(ctx.app, poster, { title: "Remembered" });
    expect(await titleOf(ctx.app, id)).toBe("Remembered");
    await direct.db.updateTable("tasks").set({ title: "Changed underneath" }).where("id", "=", id).execute();
    // The database changed, but nothing told this process: the answer comes from memory.
    expect(await titleOf(ctx.app, id)).toBe("Remembered");
    await postTask(ctx.app, poster, { title: "Any write" });
    expect(await titleOf(ctx.app, id)).toBe("Changed underneath");
  });
});

describe.runIf(testDialect() === "sqlite")("with RESPONSE_CACHE=false", () => {
  const uncached = setupTestApp({ RESPONSE_CACHE: "false" });

  it("reads the database every time", async () => {
    const owner = await signUp(uncached.app);
    const id = await postTask(uncached.app, owner, { title: "Fresh" });
    expect(await titleOf(uncached.app, id)).toBe("Fresh");
    const db = openDatabase(uncached.database.config);
    await db.db.updateTable("tasks").set({ title: "Fresher" }).where("id", "=", id).execute();
    await db.close();
    expect(await titleOf(uncached.app, id)).toBe("Fresher");
  });
});

describe.runIf(testDialect() === "postgres")("on PostgreSQL, shared with other instances", () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp(ctx.config);
  });
  afterAll(() => other.close());

  it("drops what another instance's write made stale", async () => {
    const id = await postTask(ctx.app, poster, { title: "Seen by both" });
    expect(await titleOf(ctx.app, id)).toBe("Seen by both");
    expect(await titleOf(other, id)).toBe("Seen by both");
    const update = await other.inject({
      method: "PUT",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
      payload: taskInput({ title: "Changed on the other" }),
    });
    expect(update.statusCode).toBe(200);
    expect(await eventually(async () => (await titleOf(ctx.app, id)) === "Changed on the other")).toBe(true);
  });

  it("drops what a change made straight in the database made stale", async () => {
    const id = await postTask(ctx.app, poster, { title: "Direct before" });
    expect(await titleOf(ctx.app, id)).toBe("Direct before");
    await direct.db.updateTable("tasks").set({ title: "Direct after" }).where("id", "=", id).execute();
    expect(await eventually(async () => (await titleOf(ctx.app, id)) === "Direct after")).toBe(true);
  });

  it("caches nothing while its change feed is cut, and resumes once it is back", async () => {
    const id = await postTask(ctx.app, poster, { title: "Feed before" });
    expect(await titleOf(ctx.app, id)).toBe("Feed before");
    const feeds = () =>
      sql<{ pid: number }>`select pid from pg_stat_activity
      where application_name = ${CHANGE_FEED_NAME} and query ilike 'listen%'`.execute(direct.db);
    const before = (await feeds()).rows.map((row) => row.pid);
    expect(before.length).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${CHANGE_FEED_NAME}`.execute(direct.db);
    // Cut off, the app cannot hear this change: once it notices the cut, it stops answering from memory.
    await direct.db.updateTable("tasks").set({ title: "Feed cut" }).where("id", "=", id).execute();
    expect(await eventually(async () => (await titleOf(ctx.app, id)) === "Feed cut")).toBe(true);

    // Back: reconnected within seconds, and changes are heard again.
    expect(await eventually(async () => (await feeds()).rows.length >= before.length, 5000)).toBe(true);
    expect(await titleOf(ctx.app, id)).toBe("Feed cut");
    await direct.db.updateTable("tasks").set({ title: "Feed back" }).where("id", "=", id).execute();
    expect(await eventually(async () => (await titleOf(ctx.app, id)) === "Feed back")).toBe(true);
  });
});
