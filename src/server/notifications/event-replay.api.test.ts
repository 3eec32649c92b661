import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_POSITION_HEADER } from "../../contract/event-position.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { openEventStream } from "../test/event-stream.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";
import { REPLAY_LIMIT } from "./notification-routes.ts";

const ctx = setupTestApp();
let origin: string;
let poster: TestUser;
let bidder: TestUser;
let database: Database;

beforeAll(async () => {
  database = openDatabase(ctx.database.config);
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const address = ctx.app.server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  poster = await signUp(ctx.app, { name: "Replay Poster" });
  bidder = await signUp(ctx.app, { name: "Replay Bidder" });
});
afterAll(async () => database?.close());

const positionHeader = EVENT_POSITION_HEADER.toLowerCase();

/** The position a signed-in page read carries (its notices, as the bell's list reads them). */
async function pagePosition(user: TestUser): Promise<string> {
  const response = await ctx.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie: user.cookie } });
  expect(response.statusCode).toBe(200);
  const position = response.headers[positionHeader];
  expect(typeof position).toBe("string");
  return String(position);
}

const bid = (user: TestUser, taskId: string) =>
  ctx.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: user.cookie }, payload: { taskId } });

const stream = (user: TestUser, query: string, headers: Record<string, string> = {}) =>
  openEventStream(`${origin}/api/events${query}`, { cookie: user.cookie, ...headers });

/** The notices a stream sent before its first counts, which follow what it replays. */
async function replayed(events: Awaited<ReturnType<typeof stream>>) {
  const counts = await events.next((e) => e.event === "unread");
  const before = events.events.slice(0, events.events.indexOf(counts));
  return {
    reload: before.some((e) => e.event === "reload"),
    kinds: before.filter((e) => e.event === "notification").map((e) => JSON.parse(e.data).kind as string),
    counts,
  };
}

describe("the position a page's data reflects", () => {
  it("comes with a signed-in reader's answers, the newest event of anyone; never with a visitor's", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Position task" });
    await bid(bidder, taskId);
    const newest = await database.db
      .selectFrom("notifications")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    // The bidder was told nothing, yet their position is everyone's newest.
    expect(await pagePosition(bidder)).toBe(String(newest.id));
    const visitor = await ctx.app.inject({ method: "GET", url: `/api/tasks/${taskId}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers[positionHeader]).toBeUndefined();
  });
});

describe("a stream that starts from a position", () => {
  it("replays, in order and once, what came after a position in the past, then goes on live", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Replayed task" });
    const position = await pagePosition(poster);
    // Between the page's read and its stream: an offer and a question.
    await bid(bidder, taskId);
    await ctx.app.inject({
      method: "POST",
      url: `/api/tasks/${taskId}/questions`,
      headers: { cookie: bidder.cookie },
      payload: { body: "Is the logo vector?" },
    });
    const events = await stream(poster, `?after=${position}`);
    try {
      const { reload, kinds, counts } = await replayed(events);
      expect(reload).toBe(false);
      expect(kinds).toEqual(["bid-new", "question-new"]);
      // The counts carry the position reached: a reconnect's Last-Event-ID resumes after it.
      const ids = events.events.filter((e) => e.event === "notification").map((e) => Number(e.id));
      expect(Number(counts.id)).toBe(Math.max(...ids));

      const third = await signUp(ctx.app, { name: "Late Bidder" });
      const from = events.events.length;
      await bid(third, taskId);
      const live = await events.next((e) => e.event === "notification", from);
      expect(JSON.parse(live.data)).toMatchObject({ kind: "bid-new", data: { actorName: "Late Bidder" } });
    } finally {
      await events.close();
    }
  });

  it("prefers the browser's Last-Event-ID, on a reconnect, to the page's position", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Reconnected task" });
    const position = await pagePosition(poster);
    await bid(bidder, taskId);
    const first = await stream(poster, `?after=${position}`);
    const seen = await first.next((e) => e.event === "notification");
    await first.close();
    const events = await stream(poster, `?after=${position}`, { "last-event-id": seen.id ?? "" });
    try {
      expect(await replayed(events)).toMatchObject({ reload: false, kinds: [] });
    } finally {
      await events.close();
    }
  });

  it("starts from now and says reload for a position ahead of every event, or one that is no position", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Untrusted positions" });
    const position = Number(await pagePosition(poster));
    await bid(bidder, taskId);
    for (const asked of [`?after=${position + 1000}`, "?after=yesterday", "?after=-3", "?after=1e3"]) {
      const events = await stream(poster, asked);
      try {
        expect(await replayed(events), asked).toMatchObject({ reload: true, kinds: [] });
      } finally {
        await events.close();
      }
    }
  });

  it("refuses a position too long to be one, naming it", async () => {
    const response = await fetch(`${origin}/api/events?after=${"9".repeat(41)}`, {
      headers: { cookie: poster.cookie },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect((await response.json()).detail).toBe("after must be the position of an event: a whole number");
  });

  it("says reload rather than replaying more than it holds, or notices older than a day", async () => {
    const person = await signUp(ctx.app, { name: "Many Notices" });
    const taskId = await postTask(ctx.app, person, { title: "Busy task" });
    const position = await pagePosition(person);
    const notice = (createdAt: string) => ({
      user_id: person.id,
      kind: "bid-new",
      task_id: taskId,
      bidder_id: null,
      data: JSON.stringify({ taskId, taskTitle: "Busy task", actorName: "Someone" }),
      created_at: createdAt,
      read_at: null,
    });
    const now = new Date().toISOString();
    await database.db
      .insertInto("notifications")
      .values(Array.from({ length: REPLAY_LIMIT }, () => notice(now)))
      .execute();
    // Exactly as many as a replay holds: replayed.
    const held = await stream(person, `?after=${position}`);
    try {
      const { reload, kinds } = await replayed(held);
      expect(reload).toBe(false);
      expect(kinds).toHaveLength(REPLAY_LIMIT);
    } finally {
      await held.close();
    }
    // One more: the page reads itself again instead.
    await database.db.insertInto("notifications").values(notice(now)).execute();
    const over = await stream(person, `?after=${position}`);
    try {
      expect(await replayed(over)).toMatchObject({ reload: true, kinds: [] });
    } finally {
      await over.close();
    }

    // A page left open for two days: its first missed notice is too old to replay.
    const sleeper = await signUp(ctx.app, { name: "Sleeping Tab" });
    const sleeperPosition = await pagePosition(sleeper);
    const twoDaysAgo = new Date(Date.now() - 2 * 864e5).toISOString();
    await database.db
      .insertInto("notifications")
      .values({ ...notice(twoDaysAgo), user_id: sleeper.id })
      .execute();
    const old = await stream(sleeper, `?after=${sleeperPosition}`);
    try {
      expect(await replayed(old)).toMatchObject({ reload: true, kinds: [] });
    } finally {
      await old.close();
    }
  });
});
