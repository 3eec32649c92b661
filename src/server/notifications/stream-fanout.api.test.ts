import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { openEventStream } from "../test/event-stream.ts";
import { listening, postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";
import { insertTestUser, testDialect } from "../test/test-database.ts";
import { testNotifier } from "../test/test-notifier.ts";
import { EVENTS_CHANNEL, EventHub } from "./event-hub.ts";
import { listNotificationsAfter, listNotificationsAfterEach } from "./notification-repository.ts";
import type { Notifier } from "./notifier.ts";

/**
 * One write that tells many people something (issue 46): their streams are read together
 * (stream-reader.ts) and the notices written in bulk (notifier.ts); each person still gets exactly
 * their own, once, with their own counts.
 */
const ctx = setupTestApp();
const origin = listening(ctx);
let direct: Database;
let notifier: Notifier;

beforeAll(async () => {
  direct = openDatabase(ctx.database.config);
  notifier = testNotifier(ctx, direct);
});
afterAll(() => direct?.close());

const stream = (user: TestUser, headers: Record<string, string> = {}) =>
  openEventStream(`${origin()}/api/events`, { cookie: user.cookie, ...headers });
const call = (user: TestUser, method: "POST" | "PUT", url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
const edit = (poster: TestUser, taskId: string, budget: number) =>
  call(poster, "PUT", `/api/tasks/${taskId}`, {
    title: "Fan-out mural",
    category: "Design",
    description: "A mural whose every change reaches its bidders.",
    deadline: new Date(Date.now() + 30 * 864e5).toISOString().slice(0, 10),
    budget,
  });

describe("one edit that tells thirty bidders", () => {
  it("reaches each bidder's streams once, with their own counts; a stream behind gets what it missed; a signed-out one nothing", async () => {
    const poster = await signUp(ctx.app, { name: "Fan Poster" });
    const bidders: TestUser[] = [];
    for (let i = 0; i < 30; i += 1) bidders.push(await signUp(ctx.app, { name: `Fan ${i}` }));
    const taskId = await postTask(ctx.app, poster, { title: "Fan-out mural", budget: 100 });
    for (const bidder of bidders) expect((await call(bidder, "POST", "/api/bids", { taskId })).statusCode).toBe(201);
    const [behind, leaving, ...rest] = bidders as [TestUser, TestUser, ...TestUser[]];

    // The first edit, while only `behind` has an old page open (its position is from before it).
    const position = (await ctx.app.inject({ url: "/api/notifications", headers: { cookie: behind.cookie } })).headers[
      "x-event-position"
    ] as string;
    expect((await edit(poster, taskId, 110)).statusCode).toBe(200);

    const streams = await Promise.all(bidders.map((bidder) => stream(bidder)));
    const behindStream = await stream(behind, { "last-event-id": position });
    const onlooker = await signUp(ctx.app, { name: "Fan Onlooker" });
    const onlookerStream = await stream(onlooker);
    try {
      await Promise.all([...streams, behindStream, onlookerStream].map((s) => s.next((e) => e.event === "unread")));
      // `behind`'s old page replays the first edit's notice.
      const replayed = await behindStream.next((e) => e.event === "notification");
      expect(JSON.parse(replayed.data)).toMatchObject({ kind: "task-changed", data: { taskId } });

      const out = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-out",
        headers: { cookie: leaving.cookie, origin: "http://localhost:3000" },
      });
      expect(out.statusCode).toBe(200);
      const from = [...streams, behindStream].map((s) => s.events.length);
      expect((await edit(poster, taskId, 120)).statusCode).toBe(200);

      for (const [i, s] of [...streams.entries()].filter(([i]) => bidders[i] !== leaving)) {
        const notice = await s.next((e) => e.event === "notification", from[i]);
        expect(JSON.parse(notice.data)).toMatchObject({ kind: "task-changed", data: { taskId } });
        const counts = await s.next((e) => e.event === "unread", from[i]);
        // Their own: this edit's notice and the first one, both unread.
        expect(JSON.parse(counts.data)).toEqual({ notifications: 2, messages: 0 });
        expect(Number(counts.id)).toBe(Number(notice.id));
        expect(s.events.slice(from[i]).filter((e) => e.event === "notification")).toHaveLength(1);
      }
      const second = await behindStream.next((e) => e.event === "notification", from[streams.length]);
      expect(Number(second.id)).toBeGreaterThan(Number(replayed.id));
      expect(rest.length).toBe(28);
      // The one who signed out: their stream ended without the notice.
      await streams[1]?.ended;
      expect(streams[1]?.events.slice(from[1]).filter((e) => e.event === "notification")).toEqual([]);
      expect(onlookerStream.events.filter((e) => e.event === "notification")).toEqual([]);
    } finally {
      await Promise.all([...streams, behindStream, onlookerStream].map((s) => s.close()));
    }
  });
});

describe("many people's notices after their own positions, at once", () => {
  it("gives each person theirs after their position, oldest first, a limit each: as one person's read does", async () => {
    const people: TestUser[] = [];
    for (let i = 0; i < 4; i += 1) people.push(await signUp(ctx.app, { name: `Reader ${i}` }));
    const poster = await signUp(ctx.app, { name: "Reader Poster" });
    const taskId = await postTask(ctx.app, poster, { title: "Read-many task" });
    for (const [i, person] of people.entries()) {
      await notifier.transaction(async (_trx, notices) =>
        notices.add(
          ...Array.from({ length: 3 + i }, () => ({
            userId: person.id,
            kind: "task-changed" as const,
            data: { taskId, taskTitle: "Read-many task", changes: [] },
          })),
        ),
      );
    }
    const own = await Promise.all(people.map((person) => listNotificationsAfter(direct.db, person.id, 0, 100)));
    // Each from its own place: none, after its first, after its third, and past its last.
    const positions = new Map(
      people.map((person, i) => [person.id, [0, own[1]?.[0]?.id, own[2]?.[2]?.id, own[3]?.at(-1)?.id][i] as number]),
    );
    const each = await listNotificationsAfterEach(direct.db, positions, 4);
    for (const person of people) {
      const expected = await listNotificationsAfter(direct.db, person.id, positions.get(person.id) as number, 4);
      expect(each.get(person.id) ?? []).toEqual(expected);
    }
    expect(each.get(people[0]?.id as string)).toHaveLength(3);
    expect(each.get(people[1]?.id as string)).toHaveLength(3);
    expect(each.get(people[2]?.id as string)).toHaveLength(2);
    expect(each.has(people[3]?.id as string)).toBe(false);
  });
});

describe("notices written in bulk", () => {
  it("one that settles an earlier one of the same write is read at once, and one key's two emails gather into one", async () => {
    const poster = await signUp(ctx.app, { name: "Bulk Poster" });
    const bidder = await signUp(ctx.app, { name: "Bulk Bidder" });
    const other = await signUp(ctx.app, { name: "Bulk Other" });
    const taskId = await postTask(ctx.app, poster, { title: "Bulk mural" });
    const data = { taskId, taskTitle: "Bulk mural" };
    await notifier.transaction(async (_trx, notices) =>
      notices.add(
        { userId: bidder.id, kind: "task-changed", data: { ...data, changes: [] }, mustEmail: true },
        { userId: other.id, kind: "task-changed", data: { ...data, changes: [] } },
        { userId: bidder.id, kind: "task-changed", data: { ...data, changes: [] }, mustEmail: true },
        { userId: bidder.id, kind: "bid-declined", data },
      ),
    );
    const rows = await direct.db
      .selectFrom("notifications")
      .select(["user_id", "kind", "read_at"])
      .where("task_id", "=", taskId)
      .orderBy("id")
      .execute();
    // The bidder's changes are settled by the decline that came with them; the other's stays unread.
    expect(rows.map((row) => [row.user_id, row.kind, row.read_at !== null])).toEqual([
      [bidder.id, "task-changed", true],
      [other.id, "task-changed", false],
      [bidder.id, "task-changed", true],
      [bidder.id, "bid-declined", false],
    ]);
    const emails = await direct.db
      .selectFrom("outbox")
      .select(["lines"])
      .where("recipient", "=", bidder.email)
      .where("gather_key", "is not", null)
      .execute();
    expect(emails.map((email) => JSON.parse(email.lines ?? "[]").length)).toEqual([2]);
  });
});

describe.runIf(testDialect() === "postgres")("announcing a write that tells hundreds, on PostgreSQL", () => {
  it("names them all in a few notifications, each within PostgreSQL's 8,000 bytes", async () => {
    const ids = Array.from({ length: 400 }, (_, i) => `announced-person-${String(i).padStart(4, "0")}-${Date.now()}`);
    for (const id of ids) await insertTestUser(direct, id);
    const config = ctx.database.config;
    if (config.dialect !== "postgres") throw new Error("PostgreSQL only");
    const listener = new pg.Client({ connectionString: config.connectionString });
    await listener.connect();
    const payloads: string[] = [];
    // Other test files announce on the same channel, for their own schemas.
    listener.on("notification", (message) => {
      if (message.payload?.startsWith(`${config.schema} `)) payloads.push(message.payload);
    });
    await listener.query(`listen ${EVENTS_CHANNEL}`);
    // A notifier that announces, as a process beside others does.
    const hub = new EventHub();
    hub.announcing = "postgres";
    const announcer = testNotifier(ctx, direct, hub);
    try {
      await announcer.transaction(async (_trx, notices) =>
        notices.add(
          ...ids.map((userId) => ({
            userId,
            kind: "task-changed" as const,
            data: { taskId: "", taskTitle: "Announced", changes: [] },
          })),
        ),
      );
      await expect.poll(() => payloads.flatMap((payload) => payload.split(" ").slice(1)).length).toBe(400);
      expect(payloads.length).toBeLessThanOrEqual(3);
      expect(payloads.every((payload) => Buffer.byteLength(payload) < 8000)).toBe(true);
      expect(payloads.flatMap((payload) => payload.split(" ").slice(1)).sort()).toEqual([...ids].sort());
    } finally {
      await listener.end();
    }
  });
});
