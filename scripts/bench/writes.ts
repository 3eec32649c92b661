/**
 * What PostgreSQL's NOTIFY costs the writes (issue 46). A transaction that called pg_notify takes
 * one lock for the whole instance at its commit, so many concurrent writers may queue behind one
 * another. Two production server processes share one PostgreSQL schema; 32 writers, half through
 * each process, each post a task (the tasks trigger announces the change: migration 0003) and send
 * a message in their thread (the notice to the poster is announced: notifications/notifier.ts),
 * over and over, for --seconds.
 *
 * Three ways, interleaved run by run, on the same database:
 *  - notify: without Redis, every announcement a real pg_notify inside its transaction;
 *  - redis:  with REDIS_URL (the local Redis), announcements published there after the commit;
 *  - none:   the notify way's code, with a pg_notify of the benchmark's schema that does nothing
 *            found first (its search_path puts the schema before pg_catalog): nothing announced.
 * Prints, per way, the median over --runs of writes per second and the p50/p95 of a write's
 * request (which holds its commit), and what each costs: 1 - its writes/s over none's. A listener
 * counts what PostgreSQL announced in each run: the run fails if redis or none announced anything.
 *
 * Run: npm run bench:writes -- [--seconds 10] [--runs 3] [--writers 32]
 * Bounded: each run lasts --seconds, then everything stops. Only 127.0.0.1 and the local PostgreSQL.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { CHANGES_CHANNEL } from "../../src/server/http/response-cache.ts";
import { EVENTS_CHANNEL } from "../../src/server/notifications/event-hub.ts";
import { PRODUCTION_BUNDLE, startServerProcess } from "../../src/server/test/server-process.ts";
import { createTestDatabase } from "../../src/server/test/test-database.ts";
import { benchServerEnv, median, signUpUsers } from "./bench-data.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    runs: { type: "string", default: "3" },
    writers: { type: "string", default: "32" },
  },
});
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);
const WRITERS = Number(values.writers);
for (const [name, value] of [
  ["--seconds", SECONDS],
  ["--runs", RUNS],
  ["--writers", WRITERS],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number of at least 1`);
}

type Way = "notify" | "redis" | "none";
const WAYS: readonly Way[] = ["notify", "redis", "none"];

const database = await createTestDatabase("postgres");
if (database.config.dialect !== "postgres" || !database.config.schema) throw new Error("a PostgreSQL schema");
const { connectionString, schema } = database.config;

/** The server's DATABASE_URL for a way: "none" finds the schema's pg_notify before pg_catalog's. */
function urlFor(way: Way): string {
  const url = new URL(connectionString);
  url.searchParams.set("options", `-c search_path=${way === "none" ? `${schema},pg_catalog` : schema}`);
  return url.toString();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function startServers(way: Way) {
  const env = benchServerEnv(database, {
    DATABASE_URL: urlFor(way),
    PAYMENTS: "off",
    EMAIL_DIR: "/tmp/quickgig-bench-mail",
    ...(way === "redis" ? { REDIS_URL: "redis://127.0.0.1:6379" } : {}),
  });
  const servers = await Promise.all([
    startServerProcess(env, undefined, PRODUCTION_BUNDLE),
    startServerProcess(env, undefined, PRODUCTION_BUNDLE),
  ]);
  return servers;
}

// The schema, its tables and the people, made once through a server as deployed.
const [setup, setupTwin] = await startServers("notify");
if (!setup) throw new Error("no server");
await setupTwin?.stop();
const [poster, ...writers] = await signUpUsers(setup.origin, WRITERS + 1);
if (!poster) throw new Error("no poster");
const post = (origin: string, cookie: string, url: string, body: unknown) =>
  fetch(`${origin}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin },
    body: JSON.stringify(body),
  });
const taskBody = (title: string) => ({
  title,
  category: "Design",
  description: "A task posted by the write benchmark.",
  deadline: new Date(Date.now() + 30 * 864e5).toISOString().slice(0, 10),
  budget: 100,
});
const shared = (await (await post(setup.origin, poster.cookie, "/api/tasks", taskBody("Shared task"))).json()) as {
  insertedId: string;
};
for (const writer of writers) {
  const placed = await post(setup.origin, writer.cookie, "/api/bids", { taskId: shared.insertedId });
  if (placed.status !== 201) throw new Error(`a bid answered ${placed.status}`);
}
await setup.stop();
const admin = new pg.Client({ connectionString });
await admin.connect();
await admin.query(
  `create function ${schema}.pg_notify(channel text, payload text) returns void language sql as $$ select null::void $$`,
);
await admin.end();

async function run(way: Way) {
  const servers = await startServers(way);
  // What the database announced during the run: none at all when notifying is off.
  const listener = new pg.Client({ connectionString });
  await listener.connect();
  let announced = 0;
  const channels = new Map<string, number>();
  listener.on("notification", (message) => {
    announced += 1;
    channels.set(message.channel, (channels.get(message.channel) ?? 0) + 1);
  });
  await listener.query(`listen ${EVENTS_CHANNEL}`);
  await listener.query(`listen ${CHANGES_CHANNEL}`);
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    writers.map(async (writer, i) => {
      const origin = (servers[i % 2] ?? servers[0])?.origin as string;
      for (let n = 0; performance.now() < until; n += 1) {
        const started = performance.now();
        const response =
          n % 2 === 0
            ? await post(origin, writer.cookie, "/api/tasks", taskBody(`Writer ${i} task ${n}`))
            : await post(origin, writer.cookie, `/api/tasks/${shared.insertedId}/threads/${writer.id}/messages`, {
                body: `Message ${n} from writer ${i}`,
              });
        await response.arrayBuffer();
        if (response.status === 201) latencies.push(performance.now() - started);
        else failures += 1;
      }
    }),
  );
  await Promise.all(servers.map((server) => server.stop()));
  await listener.end();
  if (way !== "notify" && announced > 0) {
    throw new Error(`"${way}" still notified: ${JSON.stringify(Object.fromEntries(channels))}`);
  }
  if (way === "notify" && announced === 0) throw new Error(`"notify" announced nothing`);
  latencies.sort((a, b) => a - b);
  return {
    announced,
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    failures,
  };
}

const results: Record<Way, Array<Awaited<ReturnType<typeof run>>>> = { notify: [], redis: [], none: [] };
try {
  for (let round = 1; round <= RUNS; round += 1) {
    // Each round in another order: no way always runs first on a warm or a cold machine.
    for (const way of WAYS.map((_, i) => WAYS[(i + round - 1) % WAYS.length] as Way)) {
      const result = await run(way);
      results[way].push(result);
      console.log(
        `run ${round} ${way.padEnd(6)} ${result.perSecond.toFixed(0).padStart(6)} writes/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  ${result.announced} announcements${result.failures ? `  ${result.failures} failed` : ""}`,
      );
    }
  }
  const summary = (way: Way) => ({
    perSecond: median(results[way].map((r) => r.perSecond)),
    p50: median(results[way].map((r) => r.p50)),
    p95: median(results[way].map((r) => r.p95)),
  });
  const none = summary("none");
  console.log(`\n${WRITERS} writers through 2 processes on PostgreSQL, ${SECONDS} s a run, medians of ${RUNS}:`);
  for (const way of WAYS) {
    const figures = summary(way);
    const cost =
      way === "none"
        ? ""
        : `  costs ${((1 - figures.perSecond / none.perSecond) * 100).toFixed(1)} % of none's writes/s, p95 ${(figures.p95 / none.p95).toFixed(2)}×`;
    console.log(
      `  ${way.padEnd(6)} ${figures.perSecond.toFixed(0).padStart(6)} writes/s  p50 ${figures.p50.toFixed(1)} ms  p95 ${figures.p95.toFixed(1)} ms${cost}`,
    );
  }
} finally {
  await database.drop();
}
