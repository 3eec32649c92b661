import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { CHANGES_CHANNEL } from "../http/response-cache.ts";
import { openEventStream } from "../test/event-stream.ts";
import { postTask, setupTestApp, signUp, type TestUser, taskInput } from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";
import { EVENTS_CHANNEL } from "./event-hub.ts";

/**
 * Issue 46: with REDIS_URL on PostgreSQL, the processes of one database tell one another of live
 * events and of changes through Redis, after the commit, and no transaction calls pg_notify.
 */
const ctx = setupTestApp({ REDIS_URL: "redis://127.0.0.1:6379" });

describe.runIf(testDialect() === "postgres")("two processes of one PostgreSQL database, with Redis", () => {
  let other: FastifyInstance;
  let otherOrigin: string;
  let poster: TestUser;
  let bidder: TestUser;
  /** Everything PostgreSQL announces on the app's channels for this database: nothing is expected. */
  const announced: string[] = [];
  let listener: pg.Client;

  beforeAll(async () => {
    if (ctx.database.config.dialect !== "postgres") return;
    other = await buildApp(ctx.config);
    await other.listen({ port: 0, host: "127.0.0.1" });
    const address = other.server.address();
    otherOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    poster = await signUp(ctx.app, { name: "Redis Poster" });
    bidder = await signUp(ctx.app, { name: "Redis Bidder" });
    listener = new pg.Client({ connectionString: ctx.database.config.connectionString });
    await listener.connect();
    // Other test files notify on the same channels from their own schemas: only this one's count.
    const schema = ctx.database.config.schema;
    listener.on("notification", (message) => {
      if (message.payload?.split(" ")[0] === schema) announced.push(`${message.channel} ${message.payload}`);
    });
    await listener.query(`listen ${EVENTS_CHANNEL}`);
    await listener.query(`listen ${CHANGES_CHANNEL}`);
  });
  afterAll(async () => {
    await listener?.end();
    await other?.close();
  });

  it("brings a notice written through one process to a stream on the other, with no pg_notify", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Across processes by Redis" });
    const events = await openEventStream(`${otherOrigin}/api/events`, { cookie: poster.cookie });
    try {
      await events.next((e) => e.event === "unread");
      const from = events.events.length;
      const placed = await ctx.app.inject({
        method: "POST",
        url: "/api/bids",
        headers: { cookie: bidder.cookie },
        payload: { taskId },
      });
      expect(placed.statusCode).toBe(201);
      const notice = await events.next((e) => e.event === "notification", from, 3000);
      expect(JSON.parse(notice.data)).toMatchObject({
        kind: "bid-new",
        data: { taskTitle: "Across processes by Redis" },
      });
      // Reading it through the first process changes the counts the other's stream shows.
      const read = events.events.length;
      await ctx.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: { cookie: poster.cookie } });
      await events.next((e) => e.event === "unread" && JSON.parse(e.data).notifications === 0, read, 3000);
    } finally {
      await events.close();
    }
    expect(announced).toEqual([]);
  });

  it("drops from the other process's cache what a write made stale, with no pg_notify", async () => {
    const id = await postTask(ctx.app, poster, { title: "Cached on both" });
    const titleAt = async (app: FastifyInstance) =>
      (await app.inject({ method: "GET", url: `/api/tasks/${id}` })).json().title as string;
    expect(await titleAt(ctx.app)).toBe("Cached on both");
    expect(await titleAt(other)).toBe("Cached on both");
    const update = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
      payload: taskInput({ title: "Changed through the first" }),
    });
    expect(update.statusCode).toBe(200);
    const deadline = Date.now() + 3000;
    while ((await titleAt(other)) !== "Changed through the first" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await titleAt(other)).toBe("Changed through the first");
    expect(announced).toEqual([]);
  });
});
