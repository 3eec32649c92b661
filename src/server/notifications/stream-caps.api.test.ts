import net from "node:net";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../contract/index.ts";
import { openDatabase } from "../db/database.ts";
import { Arrivals } from "../test/arrivals.ts";
import { openEventStream } from "../test/event-stream.ts";
import { listening, postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

async function openMany(origin: string, users: TestUser[]) {
  const streams = await Promise.all(
    users.map((user) => openEventStream(`${origin}/api/events`, { cookie: user.cookie })),
  );
  return {
    statuses: streams.map((stream) => stream.status),
    close: () => Promise.all(streams.map((stream) => stream.close())),
  };
}

describe("the live streams of one person", () => {
  const ctx = setupTestApp();
  const origin = listening(ctx);

  it(`40 opened at once: exactly ${LIMITS.eventStreamsPerUser} open, the others are told why`, async () => {
    const person = await signUp(ctx.app);
    const opened = await openMany(origin(), Array(40).fill(person));
    try {
      expect(opened.statuses.filter((status) => status === 200)).toHaveLength(LIMITS.eventStreamsPerUser);
      expect(opened.statuses.filter((status) => status === 429)).toHaveLength(40 - LIMITS.eventStreamsPerUser);
      const refused = await fetch(`${origin()}/api/events`, { headers: { cookie: person.cookie } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toContain("application/problem+json");
      expect((await refused.json()).detail).toBe("Too many QuickGig tabs are open. Close some and reload this one.");
      // Another person is not held back by this one.
      const other = await openMany(origin(), [await signUp(ctx.app)]);
      expect(other.statuses).toEqual([200]);
      await other.close();
    } finally {
      await opened.close();
    }
    // Closed tabs give their places back.
    const again = await openMany(origin(), Array(LIMITS.eventStreamsPerUser).fill(person));
    await again.close();
    expect(again.statuses.every((status) => status === 200)).toBe(true);
  });
});

describe("tabs that go away as their streams open", () => {
  const ctx = setupTestApp({}, undefined, { streamLimits: { perPerson: 3 } });
  const origin = listening(ctx);

  it("give their places back, whenever they go", async () => {
    const person = await signUp(ctx.app);
    const { port } = new URL(origin());
    // Ten tabs that ask and leave at once, before, while or after the server reads where to start.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
        await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
        socket.end(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${person.cookie}\r\n\r\n`);
        socket.destroy();
      }),
    );
    // Once the server has seen them go, a person's three places are free: three tabs open.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const opened = await openMany(origin(), Array(3).fill(person));
      await opened.close();
      if (opened.statuses.every((status) => status === 200)) break;
      expect(Date.now(), `places still taken: ${opened.statuses}`).toBeLessThan(deadline);
    }
  });
});

describe("the live streams of one address", () => {
  const ctx = setupTestApp({}, undefined, { streamLimits: { perAddress: 4 } });
  const origin = listening(ctx);

  it("past the address's cap answer 429, problem+json, whoever asks", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx.app)));
    // All from 127.0.0.1: the fifth person's stream is one too many from that address.
    const fromOneAddress = await openMany(origin(), people.slice(0, 5));
    try {
      expect(fromOneAddress.statuses.sort()).toEqual([200, 200, 200, 200, 429]);
      const refused = await fetch(`${origin()}/api/events`, { headers: { cookie: people[5]?.cookie ?? "" } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toContain("application/problem+json");
      expect((await refused.json()).detail).toMatch(/^Too many live connections come from your network/);
    } finally {
      await fromOneAddress.close();
    }
  });
});

describe("the live streams of one process", () => {
  // The cap as an operator sets it.
  const ctx = setupTestApp({ EVENT_STREAMS_PER_PROCESS: "6" });
  const origin = listening(ctx);

  it("past the process's cap answer 503, problem+json, whoever asks", async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => signUp(ctx.app)));
    const opened = await openMany(origin(), people.slice(0, 6));
    try {
      expect(opened.statuses).toEqual(Array(6).fill(200));
      const refused = await fetch(`${origin()}/api/events`, { headers: { cookie: people[6]?.cookie ?? "" } });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("content-type")).toContain("application/problem+json");
      expect((await refused.json()).detail).toBe(
        "The server has too many live connections right now. The page will try again shortly.",
      );
    } finally {
      await opened.close();
    }
  });
});

describe("a stream whose reader stops reading", () => {
  const logged = new Arrivals<{ msg?: string }>();
  const ctx = setupTestApp({ LOG_LEVEL: "info" }, undefined, {
    streamLimits: { drainMs: 300, perPerson: 1 },
    logStream: { write: (line) => logged.push(JSON.parse(line)) },
  });
  const origin = listening(ctx);

  it("is dropped once what waits for it is past what the socket holds, instead of buffered without end", async () => {
    const reader = await signUp(ctx.app);
    const { port } = new URL(origin());
    // A tab that asks for the stream and then reads nothing.
    const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${reader.cookie}\r\n\r\n`);
    // Its first bytes arrive, then it stops reading.
    await new Promise<void>((resolve) => socket.once("data", () => resolve()));
    socket.pause();

    // Far more than a socket's buffers hold, all at once: 2,000 notices of 10 kB (written straight to
    // the table, past the length rules of the API), 20 MB where loopback's buffers take a few.
    const taskId = await postTask(ctx.app, reader);
    const database = openDatabase(ctx.database.config);
    try {
      const data = JSON.stringify({ taskId, taskTitle: "x".repeat(10_000), actorName: "Someone", amount: 1 });
      const now = new Date().toISOString();
      const row = { user_id: reader.id, kind: "bid-new", task_id: taskId, bidder_id: null, data, created_at: now };
      for (let batch = 0; batch < 20; batch++) {
        await database.db.insertInto("notifications").values(Array(100).fill(row)).execute();
      }
    } finally {
      await database.close();
    }
    // A new bid wakes the stream, which reads all of them.
    const bidder = await signUp(ctx.app);
    await ctx.app.inject({ method: "POST", url: "/api/bids", headers: { cookie: bidder.cookie }, payload: { taskId } });

    await logged.first((line) => line.msg === "event stream dropped: its reader stopped reading", {
      timeoutMs: 20_000,
      what: "log line",
    });
    // Its place is free again (one stream a person here): the tab's reconnection opens.
    const next = await openEventStream(`${origin()}/api/events`, { cookie: reader.cookie });
    expect(next.status).toBe(200);
    await next.close();
    socket.destroy();
  }, 30_000);
});
