/**
 * PostgreSQL faults under load: the app's connections are terminated, then the PostgreSQL server is
 * stopped and started again, while writers keep posting tasks. Checks that the app never exits,
 * that requests during the outage fail within 5 s with 503 problem+json, that service comes back
 * by itself within 10 s, and that no acknowledged write is lost or duplicated.
 *
 * Run: npx tsx scripts/reliability/pg-faults.ts   (needs root for pg_ctlcluster; stops the local
 * PostgreSQL for a few seconds, so run nothing else against it meanwhile)
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, writeFileSync } from "node:fs";
import pg from "pg";
import { cookiesOf, startServerProcess } from "../../src/server/test/server-process.ts";

const DATABASE = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const schema = `faults_${randomBytes(4).toString("hex")}`;

function pgctl(action: "start" | "stop") {
  const version = readdirSync("/etc/postgresql")[0] ?? "15";
  execFileSync("pg_ctlcluster", [
    "--skip-systemctl-redirect",
    version,
    "main",
    action,
    ...(action === "stop" ? ["-m", "fast"] : []),
  ]);
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: DATABASE });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

interface Outcome {
  status: number | "error";
  ms: number;
  at: number;
  problem: boolean;
}

async function main() {
  await admin(`create schema ${schema}`);
  const url = new URL(DATABASE);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const server = await startServerProcess({
    DATABASE_URL: url.toString(),
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "error",
    AUTH_SECRET: "x".repeat(40),
    RATE_LIMIT_WRITES_PER_MINUTE: "0",
  });
  const { origin } = server;
  let exited = false;
  server.child.on("exit", () => (exited = true));

  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      name: "Writer",
      email: "writer@faults.test",
      password: "Writer123",
      image: "https://example.com/w.png",
    }),
  });
  const cookie = cookiesOf(signUp);

  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  let running = true;
  let sent = 0;
  const writers = Array.from({ length: 4 }, async () => {
    while (running) {
      const title = `write-${sent++}`;
      const started = Date.now();
      try {
        const response = await fetch(`${origin}/api/tasks`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie, origin },
          body: JSON.stringify({ title, category: "Writing", description: "d", deadline: "2099-01-01", budget: 10 }),
          signal: AbortSignal.timeout(15_000),
        });
        const problem = (response.headers.get("content-type") ?? "").includes("application/problem+json");
        await response.arrayBuffer();
        outcomes.push({ status: response.status, ms: Date.now() - started, at: started, problem });
        if (response.status === 201) acknowledged.push(title);
      } catch {
        outcomes.push({ status: "error", ms: Date.now() - started, at: started, problem: false });
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await wait(1500);
  const terminatedAt = Date.now();
  const terminated = await admin(
    `select count(pg_terminate_backend(pid)) as n from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database() and query not like '%pg_stat_activity%'`,
  );
  await wait(1500);
  const stoppedAt = Date.now();
  pgctl("stop");
  await wait(4000);
  pgctl("start");
  const startedAt = Date.now();
  let recoveredAt = 0;
  while (!recoveredAt && Date.now() - startedAt < 30_000) {
    await wait(100);
    if (outcomes.some((o) => o.at > startedAt && o.status === 201)) recoveredAt = Date.now();
  }
  await wait(1500);
  running = false;
  await Promise.all(writers);

  const rows = (await admin(`select title, count(*)::int as n from ${schema}.tasks group by title`)).rows as Array<{
    title: string;
    n: number;
  }>;
  const stored = new Map(rows.map((row) => [row.title, row.n]));
  const lost = acknowledged.filter((title) => stored.get(title) !== 1);
  const duplicated = rows.filter((row) => row.n > 1);
  const failures = outcomes.filter((o) => o.status !== 201);
  const slowFailures = failures.filter((o) => o.ms > 5000);
  const non503 = failures.filter((o) => o.status !== 503 || !o.problem);
  const appExited = exited;
  await server.stop();
  if (process.env.FAULTS_LOG) writeFileSync(process.env.FAULTS_LOG, server.output());
  await admin(`drop schema ${schema} cascade`);

  const report = {
    requests: outcomes.length,
    acknowledged: acknowledged.length,
    terminatedConnections: Number(terminated.rows[0]?.n ?? 0),
    failedDuringFaults: failures.length,
    failureStatuses: Object.fromEntries(
      [...new Set(failures.map((f) => f.status))].map((s) => [s, failures.filter((f) => f.status === s).length]),
    ),
    slowestFailureMs: Math.max(0, ...failures.map((f) => f.ms)),
    recoveryAfterRestartMs: recoveredAt ? recoveredAt - startedAt : null,
    outageMs: startedAt - stoppedAt,
    lost: lost.length,
    duplicated: duplicated.length,
    appExited,
    sinceTerminateMs: Date.now() - terminatedAt,
  };
  console.log(JSON.stringify(report, null, 2));
  const ok =
    !appExited &&
    lost.length === 0 &&
    duplicated.length === 0 &&
    slowFailures.length === 0 &&
    non503.length === 0 &&
    recoveredAt > 0 &&
    recoveredAt - startedAt <= 10_000;
  console.log(ok ? "pg-faults: PASS" : "pg-faults: FAIL");
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  try {
    pgctl("start");
  } catch {}
  process.exit(1);
});
