/**
 * API benchmark on 127.0.0.1. For each data set size it starts the production bundle
 * (dist/server/main.js, NODE_ENV=production) on a generated database and drives it with autocannon:
 *
 *  1. every endpoint as configured for production (anonymous reads may come from the response
 *     cache), each run followed at once by "the limit": a bare node:http server answering the same
 *     status, headers and body from memory; and, on SQLite, for the three hot public reads, by a
 *     plain Express 5 server reading the same rows with better-sqlite3 (express-baseline.ts);
 *  2. the reads again with RESPONSE_CACHE=false, which is what a cache miss, and every signed-in
 *     read, costs: the database path, whose latency must not grow with the data;
 *  3. start-up: from spawning the process to /readyz answering, on the existing database, beside
 *     the same for the bare node:http server;
 *  4. the three hot public reads again as `npm start` runs them by default (LOG_LEVEL=info, the
 *     output going to a file as a process manager keeps it), beside the same limit and Express;
 *     every other run has LOG_LEVEL=warn (benchServerEnv). Prints the log's size and lines.
 *
 * Each figure is the median of --runs runs. Prints requests/s, p50/p95/p99 latency, the ratio to
 * the limit and to Express, the server's peak memory (VmHWM), and at the end the scale ratios (p95 at the largest
 * size over p95 at the smallest).
 *
 * Run: npx tsx scripts/bench/api.ts [--db sqlite|postgres] [--tasks 1000,10000,100000]
 *                                   [--seconds 3] [--runs 3] [--connections 50] [--only search]
 * --only keeps the endpoints whose name contains the text, or one of several given with commas
 * (start-up is still measured); --only hot keeps the three hot public reads Express serves too.
 * Bounded: every run lasts --seconds with --connections connections, then everything stops.
 */
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import autocannon from "autocannon";
import {
  freePort,
  PRODUCTION_BUNDLE,
  type ServerProcess,
  startServerProcess,
} from "../../src/server/test/server-process.ts";
import { createTestDatabase } from "../../src/server/test/test-database.ts";
import { benchServerEnv, generateTasks, median, signUpUsers } from "./bench-data.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    tasks: { type: "string", default: "1000,10000,100000" },
    seconds: { type: "string", default: "3" },
    runs: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    only: { type: "string", default: "" },
  },
});
const SECONDS = Number(values.seconds);
const RUNS = Number(values.runs);
const CONNECTIONS = Number(values.connections);
const STARTS = 5;
const ONLY = values.only.toLowerCase().split(",");
/** Not replayed by the limit: they belong to the connection, or are set by node:http itself. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", "set-cookie"]);

interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  cookie?: boolean;
  /** One of the hot public reads the Express server also serves. */
  express?: boolean;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Measure {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

const chosen = (targets: Target[]) =>
  targets.filter((target) =>
    ONLY.some((part) => target.name.toLowerCase().includes(part) || (part === "hot" && target.express)),
  );

/** One bounded autocannon run; latencies are kept per response so that p95 is exact. */
function run(url: string, target: Target, cookie: string, seconds = SECONDS): Promise<Measure> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${target.path}`,
        method: target.method,
        connections: CONNECTIONS,
        duration: seconds,
        headers: {
          origin: url,
          ...(target.body ? { "content-type": "application/json" } : {}),
          ...(target.cookie ? { cookie } : {}),
        },
        ...(target.body ? { body: target.body } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = Float64Array.from(latencies).sort();
        resolve({
          rps: result.requests.average,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          non2xx: result.non2xx,
          // autocannon counts a request unanswered after 10 s as a timeout, apart from its errors.
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const BASELINE = `import { createServer } from "node:http";
const answers = JSON.parse(process.env.ANSWERS);
const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const answer = answers[request.method + " " + request.url];
    if (!answer) return response.writeHead(404).end();
    response.writeHead(answer.status, { ...answer.headers, "content-length": Buffer.byteLength(answer.body) });
    response.end(answer.body);
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
`;

/** The Express server on the benchmark's SQLite file (run through tsx, as this script is). */
async function startExpress(file: string) {
  const port = await freePort();
  const child: ChildProcess = fork(path.join(import.meta.dirname, "express-baseline.ts"), {
    env: { ...process.env, PORT: String(port), DATABASE_FILE: file, NODE_ENV: "production" },
    execArgv: ["--import", "tsx"],
  });
  await new Promise((resolve) => child.once("message", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** The limit: node:http answering each path with what the app answered, from memory. */
async function startBaseline(answers: Record<string, Answer>) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "quickgig-baseline-")), "baseline.mjs");
  writeFileSync(file, BASELINE);
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = fork(file, { env: { PORT: String(port), ANSWERS: JSON.stringify(answers) } });
  await new Promise((resolve) => child.once("message", resolve));
  return { url: `http://127.0.0.1:${port}`, startupMs: performance.now() - started, stop: () => child.kill() };
}

async function answersOf(server: ServerProcess, targets: Target[], cookie: string) {
  const answers: Record<string, Answer> = {};
  for (const target of targets) {
    const response = await fetch(`${server.origin}${target.path}`, {
      method: target.method,
      headers: {
        "content-type": "application/json",
        origin: server.origin,
        ...(target.cookie ? { cookie } : {}),
      },
      ...(target.body ? { body: target.body } : {}),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name)) headers[name] = value;
    });
    answers[`${target.method} ${target.path}`] = { status: response.status, headers, body: await response.text() };
  }
  return answers;
}

interface Row {
  endpoint: string;
  app: Measure;
  limit?: Measure;
  ratio?: number;
  express?: Measure;
  expressRatio?: number;
}

/**
 * --runs rounds of a target: the app, then the limit and the Express server right after it, when
 * given; medians of each figure, and of each round's ratios.
 */
async function measure(
  origin: string,
  target: Target,
  cookie: string,
  limitUrl?: string,
  expressUrl?: string,
): Promise<Row> {
  const apps: Measure[] = [];
  const limits: Measure[] = [];
  const expresses: Measure[] = [];
  // A second of warm-up first (not counted): the JIT and the caches start cold for every endpoint.
  await run(origin, target, cookie, 1);
  if (expressUrl) await run(expressUrl, target, cookie, 1);
  for (let i = 0; i < RUNS; i++) {
    apps.push(await run(origin, target, cookie));
    if (limitUrl) limits.push(await run(limitUrl, target, cookie));
    if (expressUrl) expresses.push(await run(expressUrl, target, cookie));
  }
  const med = (measures: Measure[]): Measure => ({
    rps: median(measures.map((m) => m.rps)),
    p50: median(measures.map((m) => m.p50)),
    p95: median(measures.map((m) => m.p95)),
    p99: median(measures.map((m) => m.p99)),
    non2xx: measures.reduce((sum, m) => sum + m.non2xx, 0),
    errors: measures.reduce((sum, m) => sum + m.errors, 0),
  });
  return {
    endpoint: target.name,
    app: med(apps),
    ...(limitUrl
      ? { limit: med(limits), ratio: median(apps.map((app, i) => app.rps / (limits[i] as Measure).rps)) }
      : {}),
    ...(expressUrl
      ? {
          express: med(expresses),
          expressRatio: median(apps.map((app, i) => app.rps / (expresses[i] as Measure).rps)),
        }
      : {}),
  };
}

function print(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.table(
    rows.map((row) => ({
      endpoint: row.endpoint,
      "req/s": round(row.app.rps),
      "p50 ms": round(row.app.p50, 1),
      "p95 ms": round(row.app.p95, 1),
      "p99 ms": round(row.app.p99, 1),
      ...(row.limit ? { "limit req/s": round(row.limit.rps), "app/limit": round(row.ratio as number, 2) } : {}),
      ...(row.express
        ? { "Express req/s": round(row.express.rps), "app/Express": round(row.expressRatio as number, 2) }
        : {}),
      "non-2xx": row.app.non2xx,
      "errors, timeouts": row.app.errors,
    })),
  );
}

async function bench(dialect: "sqlite" | "postgres", taskCount: number) {
  const database = await createTestDatabase(dialect);
  let server = await startServerProcess(benchServerEnv(database), undefined, PRODUCTION_BUNDLE);
  const users = await signUpUsers(server.origin, 20);
  const ids = await generateTasks(
    database.config,
    users.map((user) => user.id),
    taskCount,
  );
  const someId = ids[Math.floor(ids.length / 2)] as string;
  const cookie = (users[0] as { cookie: string }).cookie;

  const reads = chosen([
    { name: "GET /api/features-tasks", method: "GET", path: "/api/features-tasks", express: true },
    { name: "GET /api/tasks (first page)", method: "GET", path: "/api/tasks", express: true },
    // What Browse Tasks asks for by default since hiring (issue 12): open tasks only.
    { name: "GET /api/tasks?status=open (Browse's default)", method: "GET", path: "/api/tasks?status=open" },
    {
      name: "GET /api/tasks (category, by budget, page 3)",
      method: "GET",
      path: "/api/tasks?category=Design&sort=budget&page=3",
    },
    // Searches as Browse Tasks sends them (open tasks, 12 a page), for the four kinds of question of
    // issue 15 over the generated text (bench-data.ts): a word in 1 task of 20, three words found
    // together in about 1 of 160, a word in 24 of 25, and a word in none.
    ...(
      [
        ["one word", "logo"],
        ["three words", "bakery logo design"],
        ["almost every task", "project"],
        ["no task", "kubernetes"],
      ] as const
    ).map(
      ([kind, q]): Target => ({
        name: `GET /api/tasks?q= (search, ${kind})`,
        method: "GET",
        path: `/api/tasks?q=${encodeURIComponent(q)}&status=open&limit=12`,
      }),
    ),
    { name: "GET /api/tasks/{id}", method: "GET", path: `/api/tasks/${someId}`, express: true },
    { name: "GET /api/bids?taskId= (signed in)", method: "GET", path: `/api/bids?taskId=${ids[0]}`, cookie: true },
  ]);
  const writes = chosen([
    {
      name: "POST /api/tasks",
      method: "POST",
      path: "/api/tasks",
      cookie: true,
      body: JSON.stringify({
        title: "Bench task",
        category: "Writing",
        description: "Posted by the benchmark",
        deadline: "2099-01-01",
        budget: 42,
      }),
    },
    // All but the first are the one-bid-per-user refusal (409): the whole path runs, as for a retrying client.
    {
      name: "POST /api/bids (409 after the first)",
      method: "POST",
      path: "/api/bids",
      cookie: true,
      body: JSON.stringify({ taskId: someId }),
    },
  ]);

  // Writes change the data, so they come last; the limit learns their answers on a copy of the path.
  const answers = await answersOf(server, [...reads, ...writes], cookie);
  const baseline = await startBaseline(answers);
  const plain = database.config.dialect === "sqlite" ? await startExpress(database.config.file) : undefined;
  // Express must serve what the app serves, or the comparison says nothing.
  for (const target of reads.filter((read) => read.express && plain)) {
    const theirs = await (await fetch(`${plain?.url}${target.path}`)).json();
    const ours = await (await fetch(`${server.origin}${target.path}`)).json();
    if (!isDeepStrictEqual(theirs, ours)) {
      throw new Error(
        `Express answers ${target.path} otherwise than the app:\n${JSON.stringify(theirs).slice(0, 600)}\n${JSON.stringify(ours).slice(0, 600)}`,
      );
    }
  }

  const cached: Row[] = [];
  for (const target of reads) {
    cached.push(await measure(server.origin, target, cookie, baseline.url, target.express ? plain?.url : undefined));
  }
  let peak = peakRssMiB(server.child.pid as number);
  await server.stop();

  // The hot reads again as `npm start` runs by default: LOG_LEVEL=info, every line going to a file
  // as a process manager keeps it (issue 46), beside the same limit and Express.
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), "quickgig-bench-log-")), "server.log");
  server = await startServerProcess(
    benchServerEnv(database, { LOG_LEVEL: "info" }),
    undefined,
    PRODUCTION_BUNDLE,
    logFile,
  );
  const logged: Row[] = [];
  for (const target of reads.filter((read) => read.express)) {
    logged.push(await measure(server.origin, target, cookie, baseline.url, plain?.url));
  }
  peak = Math.max(peak, peakRssMiB(server.child.pid as number));
  await server.stop();
  plain?.stop();
  const log = readFileSync(logFile, "utf8");
  const logLines = log.split("\n").filter((line) => line.includes('"reqId"')).length;

  server = await startServerProcess(
    benchServerEnv(database, { RESPONSE_CACHE: "false" }),
    undefined,
    PRODUCTION_BUNDLE,
  );
  const uncached: Row[] = [];
  for (const target of reads) uncached.push(await measure(server.origin, target, cookie));
  peak = Math.max(peak, peakRssMiB(server.child.pid as number));
  await server.stop();

  const startups: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    server = await startServerProcess(benchServerEnv(database), undefined, PRODUCTION_BUNDLE);
    startups.push(server.startupMs);
    await server.stop();
  }
  server = await startServerProcess(benchServerEnv(database), undefined, PRODUCTION_BUNDLE);
  const written: Row[] = [];
  for (const target of writes) written.push(await measure(server.origin, target, cookie, baseline.url));
  peak = Math.max(peak, peakRssMiB(server.child.pid as number));
  await server.stop();
  baseline.stop();
  const limitStarts: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const other = await startBaseline(answers);
    limitStarts.push(other.startupMs);
    other.stop();
  }
  await database.drop();

  const heading = `${dialect}, ${taskCount.toLocaleString("en")} tasks, ${CONNECTIONS} connections, ${SECONDS} s × ${RUNS} runs (medians)`;
  print(`${heading}: as in production with LOG_LEVEL=warn, beside the limit`, [...cached, ...written]);
  if (logged.length > 0) {
    print(`${heading}: the hot reads as \`npm start\` runs, LOG_LEVEL=info to a file`, logged);
    console.log(
      `request log: ${round(log.length / 2 ** 20, 1)} MiB, ${logLines.toLocaleString("en")} lines about requests, ${round(log.length / Math.max(logLines, 1))} bytes a line`,
    );
  }
  print(`${heading}: reads with RESPONSE_CACHE=false (the database path)`, uncached);
  console.log(
    `start-up to /readyz: ${round(median(startups))} ms (median of ${STARTS}; bare node:http ${round(median(limitStarts))} ms); server peak RSS ${round(peak)} MiB`,
  );
  return { taskCount, cached, uncached };
}

execFileSync("npm", ["run", "--silent", "build:server"], { stdio: "inherit" });
const dialect = values.db === "postgres" ? "postgres" : "sqlite";
const results = [];
for (const count of values.tasks.split(",").map(Number)) results.push(await bench(dialect, count));

if (results.length > 1) {
  const smallest = results[0] as (typeof results)[number];
  const largest = results[results.length - 1] as (typeof results)[number];
  console.log(
    `\nscale: p95 at ${largest.taskCount.toLocaleString("en")} tasks over p95 at ${smallest.taskCount.toLocaleString("en")} (target ≤ 2)`,
  );
  console.table(
    smallest.cached.map((row, i) => {
      const p95 = (set: Row[]) => (set[i] as Row).app.p95;
      return {
        endpoint: row.endpoint,
        "as in production": round(p95(largest.cached) / Math.max(p95(smallest.cached), 1), 2),
        "database path": round(p95(largest.uncached) / Math.max(p95(smallest.uncached), 1), 2),
      };
    }),
  );
}
