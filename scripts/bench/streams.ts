/**
 * Live streams at scale (issue 46): how many open streams a process holds, what each costs in
 * memory, and how fast one event reaches a thousand people.
 *
 * For each way (sqlite: one process; postgres: two processes told of each other's writes by
 * LISTEN/NOTIFY; redis: the same two through Redis), on a throwaway database:
 *  - --streams people are written straight into the database, each with a session (the signed
 *    cookie better-auth would set), and one poster posts a task through the API, on which
 *    --watchers of them place an offer through the API;
 *  - every person opens one stream (/api/events), from 50 per loopback address (127.0.x.y, so no
 *    address reaches the per-address cap), in turns across the processes; a stream counts as open
 *    once its first unread count arrives;
 *  - RSS per stream: the processes' resident memory with every stream open, less what it was
 *    before the first one, over the streams open;
 *  - fan-out: the poster edits the task --events times; the edit tells every watcher (a
 *    "task-changed" notice each, and an email). Each watcher's latency is from the edit's request
 *    leaving to that watcher's stream carrying the notice, printed as p50/p95/max over all rounds;
 *    beside it the edit's own answer time (the write of a thousand notices), and the latencies
 *    after that answer (0 for those told before it came back). Only the watchers may hear of it:
 *    anything else fails the run.
 *
 *  - memory is read after a full garbage collection in each process (asked through the inspector,
 *    which the bench opens on 127.0.0.1 at a port of the system's choosing), so that garbage not yet
 *    collected is not counted as the streams'; beside RSS, the V8 heap and the memory outside it
 *    (process.memoryUsage: heapUsed + external) per stream.
 *
 * Run: npm run bench:streams -- [--ways sqlite,postgres,redis] [--streams 10000] [--watchers 1000] [--events 10]
 * Bounded: every stream is closed and every server stopped at the end; a round waits at most 20 s.
 * Only 127.0.0.1 (and 127.0.x.y), the local PostgreSQL and the local Redis.
 */
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";
import { parseArgs } from "node:util";
import { openDatabase } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { PRODUCTION_BUNDLE, type ServerProcess, startServerProcess } from "../../src/server/test/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../../src/server/test/test-database.ts";
import { benchServerEnv, median } from "./bench-data.ts";

const { values } = parseArgs({
  options: {
    ways: { type: "string", default: "sqlite,postgres,redis" },
    streams: { type: "string", default: "10000" },
    watchers: { type: "string", default: "1000" },
    events: { type: "string", default: "10" },
  },
});
const STREAMS = Number(values.streams);
const WATCHERS = Number(values.watchers);
const EVENTS = Number(values.events);
for (const [name, value] of [
  ["--streams", STREAMS],
  ["--watchers", WATCHERS],
  ["--events", EVENTS],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number of at least 1`);
}
if (WATCHERS >= STREAMS) throw new Error("--watchers must be fewer than --streams (the poster has a stream too)");
type Way = "sqlite" | "postgres" | "redis";
const WAYS = values.ways.split(",") as Way[];
for (const way of WAYS) {
  if (!["sqlite", "postgres", "redis"].includes(way)) throw new Error(`--ways: unknown way "${way}"`);
}

const SECRET = benchServerEnv({ url: "" } as TestDatabase).AUTH_SECRET;
const PER_ADDRESS = 50;
const ROUND_LIMIT_MS = 20_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `count` people and their sessions, written in batches; each with the cookie better-auth signs. */
async function seedPeople(database: TestDatabase, count: number) {
  const { db, dialect, close } = openDatabase(database.config);
  await migrateToLatest(db, dialect, { log: { warn: () => {} } });
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 6 * 864e5).toISOString();
  const people: Array<{ id: string; cookie: string }> = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      id: `stream-person-${start + i}`,
      token: randomBytes(24).toString("base64url"),
    }));
    await db
      .insertInto("user")
      .values(
        batch.map(({ id }) => ({
          id,
          name: `Watcher ${id.slice(14)}`,
          email: `${id}@example.com`,
          emailVerified: dialect === "sqlite" ? 1 : true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await db
      .insertInto("session")
      .values(
        batch.map(({ id, token }) => ({
          id: `session-${id}`,
          token,
          userId: id,
          expiresAt: expires,
          createdAt: now,
          updatedAt: now,
          ipAddress: null,
          userAgent: null,
        })),
      )
      .execute();
    for (const { id, token } of batch) {
      const signature = createHmac("sha256", SECRET).update(token).digest("base64");
      people.push({ id, cookie: `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}` });
    }
  }
  await close();
  return people;
}

interface Stream {
  index: number;
  socket: net.Socket;
  /** Called with each piece of the stream as it arrives. */
  onText?: (text: string) => void;
}

/** One stream over a raw socket from `localAddress`; resolved once its first unread count arrives. */
function openStream(origin: string, cookie: string, localAddress: string, index: number): Promise<Stream | number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress });
    const stream: Stream = { index, socket };
    let head = "";
    let open = false;
    socket.setEncoding("utf8");
    socket.once("connect", () =>
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`,
      ),
    );
    socket.on("data", (text: string) => {
      if (open) return stream.onText?.(text);
      head += text;
      const status = Number(head.slice(9, 12));
      if (head.length >= 12 && status !== 200) {
        socket.destroy();
        return resolve(status);
      }
      if (head.includes("event: unread")) {
        open = true;
        resolve(stream);
      }
    });
    socket.once("error", reject);
  });
}

const rssOf = (server: ServerProcess) => {
  const line = readFileSync(`/proc/${server.child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? Number.NaN) * 1024;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

/**
 * A full garbage collection in the server process, then its memory: through the inspector the
 * process opened (`--inspect=127.0.0.1:0` prints where), one DevTools-protocol call each.
 */
async function collectedMemory(server: ServerProcess) {
  const url = server.output().match(/Debugger listening on (ws:\/\/\S+)/)?.[1];
  if (!url) throw new Error("the server process opened no inspector");
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let next = 0;
  type Answer = { id?: number; result?: { result?: { value?: unknown } } };
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Answer>((resolve) => {
      const id = ++next;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as Answer;
        if (message.id !== id) return;
        socket.removeEventListener("message", onMessage);
        resolve(message);
      };
      socket.addEventListener("message", onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const answer = await call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    });
    const usage = JSON.parse(String(answer.result?.result?.value)) as NodeJS.MemoryUsage;
    return { rss: rssOf(server), heap: usage.heapUsed + usage.external };
  } finally {
    socket.close();
  }
}

async function measure(way: Way) {
  const database = await createTestDatabase(way === "sqlite" ? "sqlite" : "postgres");
  const servers: ServerProcess[] = [];
  const streams: Stream[] = [];
  try {
    const people = await seedPeople(database, STREAMS);
    const env = benchServerEnv(database, {
      PAYMENTS: "off",
      EMAIL_DIR: "/tmp/quickgig-bench-mail",
      EVENT_STREAMS_PER_PROCESS: String(STREAMS),
      NODE_OPTIONS: `--inspect=127.0.0.1:0 ${process.env.BENCH_NODE_OPTIONS ?? ""}`.trim(),
      ...(way === "redis" ? { REDIS_URL: "redis://127.0.0.1:6379" } : {}),
    });
    const count = way === "sqlite" ? 1 : 2;
    for (let i = 0; i < count; i += 1) servers.push(await startServerProcess(env, undefined, PRODUCTION_BUNDLE));
    const [first] = servers as [ServerProcess];
    const [poster, ...rest] = people as [(typeof people)[number], ...typeof people];
    const watchers = rest.slice(0, WATCHERS);
    const send = async (method: string, url: string, cookie: string, body: unknown) => {
      const response = await fetch(`${first.origin}${url}`, {
        method,
        headers: { "content-type": "application/json", cookie, origin: first.origin },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const task = (budget: number) => ({
      title: "Fan-out task",
      category: "Design",
      description: "A task whose every change reaches its bidders.",
      deadline: new Date(Date.now() + 30 * 864e5).toISOString().slice(0, 10),
      budget,
    });
    const { insertedId: taskId } = (await send("POST", "/api/tasks", poster.cookie, task(100))) as {
      insertedId: string;
    };
    for (const watcher of watchers) await send("POST", "/api/bids", watcher.cookie, { taskId });

    await settle();
    const before = await Promise.all(servers.map(collectedMemory));
    const opened = performance.now();
    const refused = new Map<number, number>();
    for (let start = 0; start < people.length; start += 100) {
      const batch = people.slice(start, start + 100).map((person, offset) => {
        const index = start + offset;
        const address = Math.floor(index / PER_ADDRESS);
        const server = servers[index % servers.length] as ServerProcess;
        return openStream(
          server.origin,
          person.cookie,
          `127.0.${1 + Math.floor(address / 250)}.${1 + (address % 250)}`,
          index,
        );
      });
      for (const result of await Promise.all(batch)) {
        if (typeof result === "number") refused.set(result, (refused.get(result) ?? 0) + 1);
        else streams.push(result);
      }
    }
    const openSeconds = (performance.now() - opened) / 1000;
    await settle();
    const after = await Promise.all(servers.map(collectedMemory));
    const perStream = (key: "rss" | "heap") =>
      (after.reduce((sum, memory) => sum + memory[key], 0) - before.reduce((sum, memory) => sum + memory[key], 0)) /
      streams.length;

    // Who must hear of each edit: the watchers' streams (index 1 to WATCHERS); nobody else may.
    const latencies: number[] = [];
    const afterAnswer: number[] = [];
    const answers: number[] = [];
    let strays = 0;
    let missed = 0;
    for (let round = 1; round <= EVENTS; round += 1) {
      let heard = 0;
      const arrivals: number[] = [];
      let done: () => void = () => {};
      const all = new Promise<void>((resolve) => (done = resolve));
      const sent = performance.now();
      for (const stream of streams) {
        const watching = stream.index >= 1 && stream.index <= WATCHERS;
        let tail = "";
        let told = false;
        stream.onText = (text) => {
          const seen = tail + text;
          tail = seen.slice(-32);
          if (told || !seen.includes("event: notification")) return;
          told = true;
          if (!watching) {
            strays += 1;
            return;
          }
          arrivals.push(performance.now());
          heard += 1;
          if (heard === WATCHERS) done();
        };
      }
      await send("PUT", `/api/tasks/${taskId}`, poster.cookie, task(100 + round));
      const answered = performance.now();
      answers.push(answered - sent);
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, ROUND_LIMIT_MS))]);
      latencies.push(...arrivals.map((arrival) => arrival - sent));
      // Told before the answer came back: reached as the write was done.
      afterAnswer.push(...arrivals.map((arrival) => Math.max(0, arrival - answered)));
      missed += WATCHERS - heard;
    }
    if (strays > 0) throw new Error(`${strays} streams that watch nothing were told of an edit`);
    latencies.sort((a, b) => a - b);
    afterAnswer.sort((a, b) => a - b);
    return {
      open: streams.length,
      refused: Object.fromEntries(refused),
      openSeconds,
      perStreamKiB: perStream("rss") / 1024,
      heapPerStreamKiB: perStream("heap") / 1024,
      rssMiB: after.map((memory) => memory.rss / 1024 / 1024),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? 0,
      afterP50: percentile(afterAnswer, 50),
      afterP95: percentile(afterAnswer, 95),
      answer: median(answers),
      missed,
    };
  } finally {
    for (const stream of streams) stream.socket.destroy();
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

console.log(
  `${STREAMS} streams, ${WATCHERS} watchers, ${EVENTS} edits each way (node ${process.version}, ${PER_ADDRESS} streams per loopback address)`,
);
for (const way of WAYS) {
  const result = await measure(way);
  const processes = way === "sqlite" ? "1 process" : "2 processes";
  console.log(`\n${way} (${processes}):`);
  console.log(
    `  streams open ${result.open} of ${STREAMS} in ${result.openSeconds.toFixed(1)} s${
      Object.keys(result.refused).length ? `, refused ${JSON.stringify(result.refused)}` : ""
    }`,
  );
  console.log(
    `  after a full collection: RSS per stream ${result.perStreamKiB.toFixed(1)} KiB, V8 heap and external ${result.heapPerStreamKiB.toFixed(1)} KiB (processes at ${result.rssMiB.map((mib) => `${mib.toFixed(0)} MiB`).join(", ")})`,
  );
  console.log(
    `  fan-out to ${WATCHERS}, from the edit's request: p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  max ${result.max.toFixed(1)} ms${
      result.missed ? `  ${result.missed} never told` : ""
    }`,
  );
  console.log(
    `  the edit (${WATCHERS} notices and emails written) answered in ${result.answer.toFixed(1)} ms (median); after its answer: p50 ${result.afterP50.toFixed(1)} ms  p95 ${result.afterP95.toFixed(1)} ms`,
  );
}
