import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "../test/event-stream.ts";
import { startServerProcess } from "../test/server-process.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";

const ctx = setupTestApp();
let origin: string;
let poster: TestUser;
let bidder: TestUser;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const address = ctx.app.server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  poster = await signUp(ctx.app, { name: "Stream Poster" });
  bidder = await signUp(ctx.app, { name: "Stream Bidder" });
});

const stream = (user: TestUser, headers: Record<string, string> = {}, base = origin) =>
  openEventStream(`${base}/api/events`, { cookie: user.cookie, ...headers });

describe("the live stream", () => {
  it("needs a session", async () => {
    const response = await fetch(`${origin}/api/events`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });

  it("sends the unread counts at once, then each new notice as it is written, and the counts again", async () => {
    const events = await stream(poster);
    try {
      expect(events.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(events.headers["x-content-type-options"]).toBe("nosniff");
      const first = await events.next((e) => e.event === "unread");
      expect(JSON.parse(first.data)).toEqual({ notifications: 0, messages: 0 });

      const taskId = await postTask(ctx.app, poster, { title: "Live task" });
      const from = events.events.length;
      const started = performance.now();
      await ctx.app.inject({
        method: "POST",
        url: "/api/bids",
        headers: { cookie: bidder.cookie },
        payload: { taskId },
      });
      const notice = await events.next((e) => e.event === "notification", from);
      const elapsed = performance.now() - started;
      expect(JSON.parse(notice.data)).toMatchObject({ kind: "bid-new", data: { taskId, actorName: "Stream Bidder" } });
      expect(Number(notice.id)).toBeGreaterThan(0);
      const counts = await events.next((e) => e.event === "unread", from);
      expect(JSON.parse(counts.data)).toEqual({ notifications: 1, messages: 0 });
      console.info(`notice reached the stream ${elapsed.toFixed(0)} ms after the bid was sent`);

      // Reading it in another tab updates this one's counts.
      const read = events.events.length;
      await ctx.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: { cookie: poster.cookie } });
      // Counts arrive whenever anything may have changed; the latest says nothing is unread.
      await events.next((e) => e.event === "unread" && JSON.parse(e.data).notifications === 0, read);
    } finally {
      await events.close();
    }
  });

  it("resumes after a drop with Last-Event-ID: what was written meanwhile arrives, nothing twice", async () => {
    const first = await stream(poster);
    const taskId = await postTask(ctx.app, poster, { title: "Resumed task" });
    await ctx.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: bidder.cookie }, payload: { taskId } });
    const seen = await first.next((e) => e.event === "notification");
    await first.close();

    // While no stream is open, two more notices.
    const other = await signUp(ctx.app, { name: "Third Bidder" });
    await ctx.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: other.cookie }, payload: { taskId } });
    await ctx.app.inject({
      method: "POST",
      url: `/api/tasks/${taskId}/questions`,
      headers: { cookie: other.cookie },
      payload: { body: "When do you need it?" },
    });

    const resumed = await stream(poster, { "last-event-id": seen.id ?? "" });
    try {
      await resumed.next((e) => e.event === "unread");
      const kinds = resumed.events.filter((e) => e.event === "notification").map((e) => JSON.parse(e.data).kind);
      expect(kinds).toEqual(["bid-new", "question-new"]);
      expect(resumed.events.some((e) => e.id === seen.id)).toBe(false);
    } finally {
      await resumed.close();
    }
  });

  it("ends when its session ends: after signing out, the next event closes it instead of arriving", async () => {
    const person = await signUp(ctx.app, { name: "Leaving" });
    const taskId = await postTask(ctx.app, person, { title: "Posted before signing out" });
    const events = await stream(person);
    await events.next((e) => e.event === "unread");
    const out = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: person.cookie, origin: "http://localhost:3000" },
    });
    expect(out.statusCode).toBe(200);
    // A bid would tell them; the stream hangs up instead.
    await ctx.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: bidder.cookie }, payload: { taskId } });
    const outcome = await Promise.race([
      events.ended.then(() => "ended"),
      new Promise((resolve) => setTimeout(() => resolve("still open"), 5000)),
    ]);
    expect(outcome).toBe("ended");
    expect(events.events.some((e) => e.event === "notification")).toBe(false);
  });

  it("ends its streams when the server closes, so a restart is not held up", async () => {
    // Proven by the suite itself: afterAll closes the app with streams opened above; this one stays open.
    const open = await stream(bidder);
    await open.next((e) => e.event === "unread");
    expect(open.status).toBe(200);
  });
});

describe.runIf(testDialect() === "postgres")("several server processes on one PostgreSQL", () => {
  const servers: Awaited<ReturnType<typeof startServerProcess>>[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("a notice written through one process reaches a stream connected to the other", async () => {
    const env = {
      DATABASE_URL: ctx.database.url,
      AUTH_SECRET: ctx.config.authSecret,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      RATE_LIMIT_AUTH_PER_MINUTE: "0",
      RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
      RATE_LIMIT_WRITES_PER_MINUTE: "0",
    };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    if (!a || !b) throw new Error("servers did not start");
    servers.push(a, b);
    const signUpAt = async (base: string, name: string) => {
      const response = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({
          name,
          email: `${name.replace(/\W/g, "").toLowerCase()}-${Date.now()}@example.com`,
          password: "Quick-Gig-7x",
          image: "https://example.com/a.png",
        }),
      });
      expect(response.status).toBe(200);
      return response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    };
    const posterCookie = await signUpAt(a.origin, "Process Poster");
    const bidderCookie = await signUpAt(a.origin, "Process Bidder");
    const created = await fetch(`${a.origin}/api/tasks`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: posterCookie, origin: a.origin },
      body: JSON.stringify({
        title: "Across processes",
        category: "Design",
        description: "Two servers, one database.",
        deadline: new Date(Date.now() + 10 * 864e5).toISOString().slice(0, 10),
        budget: 100,
      }),
    });
    const { insertedId } = (await created.json()) as { insertedId: string };

    const events = await openEventStream(`${b.origin}/api/events`, { cookie: posterCookie });
    try {
      await events.next((e) => e.event === "unread");
      const from = events.events.length;
      const placed = await fetch(`${a.origin}/api/bids`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: bidderCookie, origin: a.origin },
        body: JSON.stringify({ taskId: insertedId }),
      });
      expect(placed.status).toBe(201);
      const notice = await events.next((e) => e.event === "notification", from, 3000);
      expect(JSON.parse(notice.data)).toMatchObject({ kind: "bid-new", data: { taskTitle: "Across processes" } });
    } finally {
      await events.close();
    }
  });
});
