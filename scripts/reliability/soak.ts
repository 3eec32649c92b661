import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { cookiesOf, PRODUCTION_BUNDLE, startServerProcess } from "../../src/server/test/server-process.ts";
import { createTestDatabase } from "../../src/server/test/test-database.ts";
import { buildServer } from "../build-server.ts";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
/** Memory is judged on what comes after this. */
const WARM_UP_SECONDS = Number(process.env.SOAK_WARM_UP_SECONDS ?? 30);
/** Allowed rise of the last third's median RSS over the first third's, after warm-up. */
const FLAT_PERCENT = 10;
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
const USERS = 40;
const PASSWORD = "Soak-Test-42";

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? 0;

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function soak(dialect: string) {
  const database = await createTestDatabase(dialect === "postgres" ? "postgres" : "sqlite");
  const server = await startServerProcess(
    {
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      AUTH_SECRET: "soak-secret-that-is-long-enough-for-the-check",
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      RATE_LIMIT_AUTH_PER_MINUTE: "0",
      RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
      RATE_LIMIT_WRITES_PER_MINUTE: "0",
    },
    undefined,
    PRODUCTION_BUNDLE,
  );
  const { origin } = server;

  const json = { "content-type": "application/json", origin };
  const users: Array<{ email: string; cookie: string }> = [];
  for (let i = 0; i < USERS; i++) {
    const email = `soak${i}@example.com`;
    const response = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: `Soak ${i}`, email, password: PASSWORD, image: "https://example.com/a.png" }),
    });
    users.push({
      email,
      cookie: cookiesOf(response),
    });
  }
  const taskIds: string[] = [];
  for (let i = 0; i < 200; i++) {
    const user = users[i % USERS] as { cookie: string };
    const response = await fetch(`${origin}/api/tasks`, {
      method: "POST",
      headers: { ...json, cookie: user.cookie },
      body: JSON.stringify({
        title: `Seed task ${i} logo`,
        category: "Design",
        description: "Seeded for the soak",
        deadline: "2099-01-01",
        budget: 10 + i,
      }),
    });
    taskIds.push(((await response.json()) as { insertedId: string }).insertedId);
  }

  const pick = () => taskIds[Math.floor(Math.random() * taskIds.length)] as string;
  const statuses = new Map<number, number>();
  const memory: number[] = [];
  const sampler = setInterval(() => memory.push(rssMiB(server.child.pid as number)), 1000);
  let clientCount = 0;
  let finish: (result: autocannon.Result) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve) => (finish = resolve));
  const instance = autocannon(
    {
      url: origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      setupClient(client) {
        const user = users[clientCount++ % USERS] as { email: string; cookie: string };
        const authed = { ...json, cookie: user.cookie };
        client.setRequests([
          { method: "GET", path: "/api/tasks" },
          { method: "GET", path: "/api/tasks?q=logo&sort=budget&page=2" },
          { method: "GET", path: "/api/features-tasks" },
          { method: "GET", path: `/api/tasks/${pick()}`, headers: authed },
          { method: "GET", path: `/api/bids?taskId=${pick()}`, headers: authed },
          {
            method: "POST",
            path: "/api/tasks",
            headers: authed,
            body: JSON.stringify({
              title: "Soak task",
              category: "Writing",
              description: "Written under load",
              deadline: "2099-01-01",
              budget: 25,
            }),
          },
          { method: "POST", path: "/api/bids", headers: authed, body: JSON.stringify({ taskId: pick() }) },
          {
            method: "POST",
            path: "/api/auth/sign-in/email",
            headers: json,
            body: JSON.stringify({ email: user.email, password: PASSWORD }),
          },
        ]);
      },
    },
    (error, result) => {
      if (error) throw error;
      finish(result);
    },
  );
  instance.on("response", (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
  const result = await finished;
  clearInterval(sampler);
  await server.stop();
  await database.drop();

  const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  const settled = memory.slice(WARM_UP_SECONDS);
  const third = Math.max(1, Math.floor(settled.length / 3));
  const early = median(settled.slice(0, third));
  const late = median(settled.slice(-third));
  const growthPercent = early ? Math.round(((late - early) / early) * 1000) / 10 : 0;
  const report = {
    database: dialect,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    serverErrors,
    transportErrors: result.errors,
    timeouts: result.timeouts,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    rssMiB: {
      [`median ${WARM_UP_SECONDS}-${WARM_UP_SECONDS + third} s`]: Math.round(early),
      [`median last ${third} s`]: Math.round(late),
      peak: Math.round(Math.max(...memory)),
    },
    rssGrowthAfterWarmUpPercent: growthPercent,
    rssEvery10s: memory.filter((_, i) => i % 10 === 9).map(Math.round),
  };
  console.log(JSON.stringify(report, null, 2));
  return serverErrors === 0 && result.errors === 0 && growthPercent <= FLAT_PERCENT;
}

await buildServer();
const which = process.argv[2] ?? "both";
const dialects = which === "both" ? ["sqlite", "postgres"] : [which];
let ok = true;
for (const dialect of dialects) ok = (await soak(dialect)) && ok;
console.log(ok ? `soak: PASS (no 5xx, memory within ${FLAT_PERCENT} % after warm-up)` : "soak: FAIL");
process.exit(ok ? 0 : 1);
