/**
 * API benchmark on 127.0.0.1: the server (from source, NODE_ENV=production) on a generated data set,
 * driven by autocannon, beside "the limit": a bare node:http server answering the same bytes from
 * memory, measured in the same run. Prints requests/s, p50/p99 latency, the ratio to the limit and
 * the server's peak memory.
 *
 * Run: npx tsx scripts/bench/api.ts [--db sqlite|postgres] [--tasks 1000,10000,100000] [--seconds 10]
 * Bounded: each endpoint runs for --seconds with 50 connections, then everything stops.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { openDatabase } from "../../src/server/db/database.ts";
import { migrateToLatest } from "../../src/server/db/migrations.ts";
import { cookiesOf, freePort, startServerProcess } from "../../src/server/test/server-process.ts";
import { createTestDatabase } from "../../src/server/test/test-database.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    tasks: { type: "string", default: "1000" },
    seconds: { type: "string", default: "10" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = 50;
const CATEGORIES = ["Web Development", "Design", "Writing", "Marketing"];
const PASSWORD = "Bench-Mark-77";

interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  cookie?: boolean;
}

/** Tasks spread over owners, categories, deadlines and budgets; two bids per ten tasks. */
async function generate(config: Parameters<typeof openDatabase>[0], ownerIds: string[], count: number) {
  const database = openDatabase(config);
  await migrateToLatest(database.db, database.dialect);
  const now = Date.now();
  const ids: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const i = start + k;
      const id = randomBytes(12).toString("base64url");
      ids.push(id);
      const created = new Date(now - (count - i) * 60_000).toISOString();
      return {
        id,
        owner_id: ownerIds[i % ownerIds.length] as string,
        title: `Task ${i}: ${i % 7 === 0 ? "logo design" : "landing page"} for client ${i % 97}`,
        category: CATEGORIES[i % CATEGORIES.length] as string,
        description: `Generated task number ${i}, with a description long enough to look like a real one.`,
        deadline: new Date(now + ((i % 120) - 10) * 86_400_000).toISOString().slice(0, 10),
        budget_cents: 1000 + ((i * 7919) % 500_000),
        created_at: created,
        updated_at: created,
      };
    });
    await database.db.insertInto("tasks").values(rows).execute();
  }
  const bids = ids.flatMap((taskId, i) =>
    i % 5 === 0
      ? [
          {
            id: randomBytes(12).toString("base64url"),
            task_id: taskId,
            bidder_id: ownerIds[(i + 1) % ownerIds.length] as string,
            bid_time: new Date(now).toISOString(),
          },
        ]
      : [],
  );
  for (let start = 0; start < bids.length; start += 500) {
    await database.db
      .insertInto("bids")
      .values(bids.slice(start, start + 500))
      .execute();
  }
  await database.close();
  return ids;
}

function run(url: string, target: Target, cookie: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${target.path}`,
        method: target.method,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: {
          origin: url,
          ...(target.body ? { "content-type": "application/json" } : {}),
          ...(target.cookie ? { cookie } : {}),
        },
        ...(target.body ? { body: target.body } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The limit: node:http answering each path with the bytes the app gave for it, from memory. */
async function startBaseline(answers: Record<string, { status: number; type: string; body: string }>) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "quickgig-baseline-")), "baseline.mjs");
  writeFileSync(
    file,
    `import { createServer } from "node:http";
const answers = JSON.parse(process.env.ANSWERS);
const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const answer = answers[request.method + " " + request.url] ?? { status: 404, type: "text/plain", body: "" };
    response.writeHead(answer.status, { "content-type": answer.type, "content-length": Buffer.byteLength(answer.body) });
    response.end(answer.body);
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));`,
  );
  const port = await freePort();
  const child: ChildProcess = fork(file, { env: { PORT: String(port), ANSWERS: JSON.stringify(answers) } });
  await new Promise((resolve) => child.once("message", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function bench(dialect: string, taskCount: number) {
  const database = await createTestDatabase(dialect === "postgres" ? "postgres" : "sqlite");
  const server = await startServerProcess({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    AUTH_SECRET: "bench-secret-that-is-long-enough-for-the-check",
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "warn",
    RATE_LIMIT_AUTH_PER_MINUTE: "0",
    RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
    RATE_LIMIT_WRITES_PER_MINUTE: "0",
  });
  const json = { "content-type": "application/json", origin: server.origin };
  const users: Array<{ id: string; cookie: string }> = [];
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${server.origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        name: `Bench ${i}`,
        email: `bench${i}@example.com`,
        password: PASSWORD,
        image: "https://example.com/a.png",
      }),
    });
    const body = (await response.json()) as { user: { id: string } };
    users.push({ id: body.user.id, cookie: cookiesOf(response) });
  }
  const ids = await generate(
    database.config,
    users.map((user) => user.id),
    taskCount,
  );
  const someId = ids[Math.floor(ids.length / 2)] as string;
  const bidder = users[0] as { cookie: string };

  const reads: Target[] = [
    { name: "GET /api/features-tasks", method: "GET", path: "/api/features-tasks" },
    { name: "GET /api/tasks (first page)", method: "GET", path: "/api/tasks" },
    { name: "GET /api/tasks (filtered, sorted)", method: "GET", path: "/api/tasks?category=Design&sort=budget&page=3" },
    { name: "GET /api/tasks/{id}", method: "GET", path: `/api/tasks/${someId}` },
    { name: "GET /api/bids?taskId=", method: "GET", path: `/api/bids?taskId=${ids[0]}`, cookie: true },
  ];
  const writes: Target[] = [
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
    // Every bid after the first is the one-bid-per-user refusal (409): the whole path runs, and it is what a retrying client costs.
    {
      name: "POST /api/bids",
      method: "POST",
      path: "/api/bids",
      cookie: true,
      body: JSON.stringify({ taskId: someId }),
    },
  ];

  const answers: Record<string, { status: number; type: string; body: string }> = {};
  for (const target of [...reads, ...writes]) {
    const response = await fetch(`${server.origin}${target.path}`, {
      method: target.method,
      headers: { ...json, ...(target.cookie ? { cookie: bidder.cookie } : {}) },
      ...(target.body ? { body: target.body } : {}),
    });
    answers[`${target.method} ${target.path}`] = {
      status: response.status,
      type: response.headers.get("content-type") ?? "",
      body: await response.text(),
    };
  }
  const baseline = await startBaseline(answers);

  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.child.pid as number))), 500);
  const rows = [];
  for (const target of [...reads, ...writes]) {
    const app = await run(server.origin, target, bidder.cookie);
    const limit = await run(baseline.url, target, bidder.cookie);
    rows.push({
      endpoint: target.name,
      "req/s": Math.round(app.requests.average),
      "p50 ms": app.latency.p50,
      "p99 ms": app.latency.p99,
      "limit req/s": Math.round(limit.requests.average),
      "app/limit": Math.round((app.requests.average / limit.requests.average) * 100) / 100,
      "non-2xx": app.non2xx,
      errors: app.errors,
    });
  }
  clearInterval(sampler);
  baseline.stop();
  await server.stop();
  await database.drop();
  console.log(
    `\n${dialect}, ${taskCount.toLocaleString("en")} tasks, ${CONNECTIONS} connections, ${SECONDS} s each; server peak RSS ${Math.round(peak)} MiB`,
  );
  console.table(rows);
  return rows;
}

for (const count of values.tasks.split(",").map(Number)) await bench(values.db, count);
