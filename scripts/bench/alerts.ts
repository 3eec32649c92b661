/**
 * Task alerts at scale (issue 47), on SQLite and on PostgreSQL, each on a throwaway database.
 *
 *  1. Matching: --searches saved searches (1,000 and 100,000 by default) of words from a wide
 *     vocabulary of skills, and the same 20 planted ones at every size: 10 of words found in the
 *     probe tasks and 10 of filters alone (every task of their category). --probes tasks of the
 *     other benchmarks' texts (bench-data.ts) are matched one at a time, in process, through the
 *     app's own `searchesMatching` (the key words' index, then the search rule on the candidates).
 *     Prints, per size, the time to match one task (median and p95), the candidates read and the
 *     matches found per task, the matches a second, and the ratio of the median time at the largest
 *     size over the smallest.
 *  2. Posting: production servers (one process on SQLite; two on PostgreSQL, writes sent to both
 *     in turn) post --posts tasks from --posters concurrent clients, with no saved search and with
 *     the largest size's, interleaved --runs times. Their matcher runs beside the requests, as
 *     deployed. Prints the p95 of POST /api/tasks with the searches over without, and how long
 *     after its post each alert of the searches' runs was written (once the queue is empty).
 *  3. Live on PostgreSQL with two processes: a freelancer's stream is open on one process, a client
 *     posts a task her search finds through the other, --live times, each after a random wait of
 *     up to a second (so that the posts fall anywhere in the matcher's 0.5 s tick). Prints the time
 *     from the post's answer to the alert on her stream (p50, p95, max).
 *
 * Run: npm run bench:alerts -- [--dialects sqlite,postgres] [--sizes 1000,100000] [--probes 200]
 *      [--posts 400] [--posters 8] [--runs 3] [--live 20] [--parts matching,posting,live]
 * Bounded: a fixed count of requests and tasks; every server stopped and every database dropped at
 * the end. Only 127.0.0.1 and the local PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { setTimeout } from "node:timers/promises";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { searchesMatching } from "../../src/server/alerts/saved-searches.ts";
import { type Database, openDatabase } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrate.ts";
import { openEventStream } from "../../src/server/test/event-stream.ts";
import { PRODUCTION_BUNDLE, type ServerProcess, startServerProcess } from "../../src/server/test/server-process.ts";
import { createTestDatabase, type TestDatabase } from "../../src/server/test/test-database.ts";
import { benchServerEnv, median, signUpUsers, taskText } from "./bench-data.ts";

const { values } = parseArgs({
  options: {
    dialects: { type: "string", default: "sqlite,postgres" },
    sizes: { type: "string", default: "1000,100000" },
    probes: { type: "string", default: "200" },
    posts: { type: "string", default: "400" },
    posters: { type: "string", default: "8" },
    runs: { type: "string", default: "3" },
    live: { type: "string", default: "20" },
    parts: { type: "string", default: "matching,posting,live" },
  },
});
const PARTS = new Set(values.parts.split(","));
const DIALECTS = values.dialects.split(",") as Array<"sqlite" | "postgres">;
const SIZES = values.sizes.split(",").map(Number);
const [PROBES, POSTS, POSTERS, RUNS, LIVE] = [
  values.probes,
  values.posts,
  values.posters,
  values.runs,
  values.live,
].map(Number) as [number, number, number, number, number];
for (const size of [...SIZES, PROBES, POSTS, POSTERS, RUNS, LIVE]) {
  if (!Number.isInteger(size) || size < 1) throw new Error("every count is a whole number of at least 1");
}
if (DIALECTS.some((dialect) => dialect !== "sqlite" && dialect !== "postgres")) throw new Error("sqlite or postgres");

const CATEGORIES = ["Web Development", "Design", "Writing", "Marketing"] as const;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A skill-like word nobody's task has ("kavorimet"): the wide vocabulary saved searches are made of. */
function skillWord(n: number): string {
  const syllables = ["ka", "vo", "ri", "met", "sel", "dun", "pra", "lix", "tor", "ben", "qui", "zo", "fa", "nim"];
  let word = "";
  for (let rest = n + 14 * 14; rest > 0; rest = Math.floor(rest / syllables.length)) {
    word += syllables[rest % syllables.length];
  }
  return word;
}

/** Saved searches for `people`: the planted 20 first, then words of a 50,000-word vocabulary. */
function searchRows(people: string[], count: number) {
  const now = new Date().toISOString();
  const row = (i: number, q: string, category: string | null, max: number | null) => {
    const words = q.split(" ").filter(Boolean);
    const key = words.length === 0 ? null : words.reduce((a, b) => (b.length > a.length ? b : a));
    return {
      id: randomBytes(12).toString("base64url"),
      user_id: people[i % people.length] as string,
      name: q || (category ?? "Any"),
      q,
      key_word: key,
      category,
      min_budget_cents: null,
      max_budget_cents: max,
      frequency: i % 3 === 0 ? "daily" : "instant",
      paused_at: null,
      created_at: now,
      updated_at: now,
    };
  };
  const planted = [
    ...[
      "logo",
      "landing page",
      "newsletter",
      "podcast",
      "menu",
      "flyer",
      "poster",
      "survey",
      "pitch deck",
      "brewery",
    ].map((q, i) => row(i, q, null, null)),
    ...Array.from({ length: 10 }, (_, i) => row(i + 10, "", CATEGORIES[i % 4] as string, 100_000 + i * 50_000)),
  ];
  const wide = Array.from({ length: Math.max(0, count - planted.length) }, (_, k) => {
    const i = k + planted.length;
    const words = [skillWord((i * 7919) % 50_000), ...(i % 2 === 0 ? [skillWord((i * 104_729) % 50_000)] : [])];
    return row(i, words.join(" "), i % 4 === 0 ? (CATEGORIES[i % 4] as string) : null, null);
  });
  return [...planted, ...wide];
}

async function fill(database: Database, people: string[], size: number) {
  const rows = searchRows(people, size);
  for (let start = 0; start < rows.length; start += 500) {
    await database.db
      .insertInto("saved_searches")
      .values(rows.slice(start, start + 500))
      .execute();
  }
  // What autovacuum would have done by then (the server never analyzes SQLite, so neither does this).
  if (database.dialect === "postgres") await sql`analyze saved_searches`.execute(database.db);
}

async function insertPeople(database: Database, count: number): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, () => randomBytes(12).toString("base64url"));
  for (let start = 0; start < ids.length; start += 500) {
    await database.db
      .insertInto("user")
      .values(
        ids.slice(start, start + 500).map((id) => ({
          id,
          name: `Searcher ${id}`,
          email: `${id}@example.com`,
          emailVerified: database.dialect === "sqlite" ? 1 : true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
  return ids;
}

/** Part 1: one task at a time against `size` saved searches. */
async function matching(dialect: "sqlite" | "postgres", size: number) {
  const test = await createTestDatabase(dialect);
  const database = openDatabase(test.config);
  try {
    await migrateToLatest(database.db, database.dialect);
    await fill(database, await insertPeople(database, 2_000), size);
    const probes = Array.from({ length: PROBES }, (_, i) => ({
      ...taskText(i),
      ownerId: "nobody",
      category: CATEGORIES[i % 4] as string,
      budget: 50 + ((i * 37) % 900),
    }));
    // Warm: the first reads fill the database's cache.
    for (const probe of probes.slice(0, 20)) await searchesMatching(database, probe);
    const times: number[] = [];
    let matches = 0;
    for (const probe of probes) {
      const started = performance.now();
      matches += (await searchesMatching(database, probe)).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const total = times.reduce((sum, time) => sum + time, 0);
    return {
      median: median(times),
      p95: percentile(times, 95),
      matchesPerTask: matches / PROBES,
      perSecond: (matches / total) * 1000,
    };
  } finally {
    await database.close();
    await test.drop();
  }
}

async function startServers(test: TestDatabase, processes: number): Promise<ServerProcess[]> {
  const env = benchServerEnv(test, { PAYMENTS: "off", EMAIL_DIR: "/tmp/quickgig-bench-mail" });
  return Promise.all(Array.from({ length: processes }, () => startServerProcess(env, undefined, PRODUCTION_BUNDLE)));
}

const taskBody = (i: number) => ({
  ...taskText(i),
  category: CATEGORIES[i % 4],
  deadline: new Date(Date.now() + 30 * 864e5).toISOString().slice(0, 10),
  budget: 100 + (i % 500),
});

async function post(origin: string, cookie: string, body: object) {
  const response = await fetch(`${origin}/api/tasks`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`a post answered ${response.status}`);
}

/**
 * Once the servers' matchers have emptied the queue (at most 60 s): how long after its task was
 * posted each alert of the burst was written (the notice's moment), p50, p95 and max.
 */
async function alertLags(test: TestDatabase): Promise<string> {
  const database = openDatabase(test.config);
  try {
    const waited = performance.now();
    while ((await database.db.selectFrom("alert_queue").select("id").limit(1).execute()).length > 0) {
      if (performance.now() - waited > 60_000) return "  (alerts still queued after 60 s)";
      await setTimeout(100);
    }
    const rows = await database.db
      .selectFrom("notifications")
      .innerJoin("tasks", "tasks.id", "notifications.task_id")
      .select(["notifications.created_at as told", "tasks.created_at as posted"])
      .where("notifications.kind", "=", "task-alert")
      .execute();
    const lags = rows.map((row) => Date.parse(row.told) - Date.parse(row.posted)).sort((a, b) => a - b);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    return `  ${lags.length} alerts, after their post p50 ${s(percentile(lags, 50))} p95 ${s(percentile(lags, 95))} max ${s(lags.at(-1) ?? 0)}`;
  } finally {
    await database.close();
  }
}

/** Part 2: POST /api/tasks p95, with no saved search and with `size`, interleaved. */
async function posting(dialect: "sqlite" | "postgres", size: number) {
  const processes = dialect === "postgres" ? 2 : 1;
  const p95s = { none: [] as number[], searches: [] as number[] };
  for (let round = 1; round <= RUNS; round += 1) {
    for (const way of round % 2 ? (["none", "searches"] as const) : (["searches", "none"] as const)) {
      const test = await createTestDatabase(dialect);
      let servers: ServerProcess[] = [];
      try {
        servers = await startServers(test, processes);
        const origin = servers[0]?.origin as string;
        const posters = await signUpUsers(origin, POSTERS);
        if (way === "searches") {
          const database = openDatabase(test.config);
          await fill(database, await insertPeople(database, 2_000), size);
          await database.close();
        }
        const latencies: number[] = [];
        let next = 0;
        await Promise.all(
          posters.map(async (poster, p) => {
            for (let i = next++; i < POSTS; i = next++) {
              const target = servers[(i + p) % servers.length]?.origin as string;
              const started = performance.now();
              await post(target, poster.cookie, taskBody(i));
              latencies.push(performance.now() - started);
            }
          }),
        );
        latencies.sort((a, b) => a - b);
        p95s[way].push(percentile(latencies, 95));
        const late = way === "searches" ? await alertLags(test) : "";
        console.log(
          `  ${dialect} run ${round} ${way.padEnd(8)} POST /api/tasks p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms${late}`,
        );
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await test.drop();
      }
    }
  }
  return { none: median(p95s.none), searches: median(p95s.searches) };
}

/** Part 3: from a post's answer on one process to the alert on the other's stream. */
async function live() {
  const test = await createTestDatabase("postgres");
  let servers: ServerProcess[] = [];
  try {
    servers = await startServers(test, 2);
    const [one, two] = servers.map((server) => server.origin) as [string, string];
    const [freelancer, client] = await signUpUsers(one, 2);
    if (!freelancer || !client) throw new Error("no people");
    const saved = await fetch(`${one}/api/saved-searches`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: freelancer.cookie, origin: one },
      body: JSON.stringify({ q: "harpsichord" }),
    });
    if (saved.status !== 201) throw new Error(`saving answered ${saved.status}`);
    const stream = await openEventStream(`${two}/api/events`, { cookie: freelancer.cookie, origin: two });
    await stream.next((event) => event.event === "unread");
    const delays: number[] = [];
    for (let i = 0; i < LIVE; i += 1) {
      await setTimeout(Math.random() * 1000);
      const from = stream.events.length;
      const title = `Harpsichord lesson ${i}`;
      await post(one, client.cookie, { ...taskBody(i), title });
      const answered = performance.now();
      await stream.next((event) => event.event === "notification" && event.data.includes(title), from, 10_000);
      delays.push(performance.now() - answered);
    }
    await stream.close();
    delays.sort((a, b) => a - b);
    return { p50: percentile(delays, 50), p95: percentile(delays, 95), max: delays.at(-1) ?? 0 };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await test.drop();
  }
}

console.log(
  `${cpus().length} CPUs (${cpus()[0]?.model ?? "unknown"}), load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
for (const dialect of DIALECTS) {
  if (PARTS.has("matching")) await matchingPart(dialect);
  if (PARTS.has("posting")) await postingPart(dialect);
}

async function matchingPart(dialect: "sqlite" | "postgres") {
  console.log(`\n${dialect}: matching one task (${PROBES} tasks, one at a time)`);
  const results = [];
  for (const size of SIZES) {
    const result = await matching(dialect, size);
    results.push(result);
    console.log(
      `  ${String(size).padStart(7)} saved searches: median ${result.median.toFixed(2)} ms  p95 ${result.p95.toFixed(2)} ms  ${result.matchesPerTask.toFixed(1)} matches a task  ${result.perSecond.toFixed(0)} matches/s`,
    );
  }
  const first = results[0];
  const last = results.at(-1);
  if (first && last && results.length > 1) {
    console.log(
      `  ratio of the median time, ${SIZES.at(-1)} over ${SIZES[0]}: ${(last.median / first.median).toFixed(2)}`,
    );
  }
}

async function postingPart(dialect: "sqlite" | "postgres") {
  console.log(`\n${dialect}: posting ${POSTS} tasks from ${POSTERS} clients, ${RUNS} runs each way`);
  const posted = await posting(dialect, SIZES.at(-1) as number);
  console.log(
    `  p95 (median of runs): none ${posted.none.toFixed(1)} ms, with ${SIZES.at(-1)} saved searches ${posted.searches.toFixed(1)} ms: ratio ${(posted.searches / posted.none).toFixed(2)}`,
  );
}
if (DIALECTS.includes("postgres") && PARTS.has("live")) {
  const heard = await live();
  console.log(
    `\npostgres, two processes: from a post's answer to the alert on the other process's stream, ${LIVE} posts: p50 ${heard.p50.toFixed(0)} ms  p95 ${heard.p95.toFixed(0)} ms  max ${heard.max.toFixed(0)} ms`,
  );
}
