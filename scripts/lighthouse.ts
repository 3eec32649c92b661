/**
 * Lighthouse on the production build, side by side with the specification's own client (the peer):
 * builds ours when the sources are newer than dist/ (or with --build), starts dist/server/main.js on
 * 127.0.0.1 with a fresh SQLite file and the demo data, serves the peer's build with its own static
 * server (../shared/peer/serve-peer.mjs), and runs Lighthouse's default (mobile, simulated
 * throttling) on each page in Debian's Chromium, ours and the peer's in turn.
 *
 * Each page runs --runs times on each side (default 5), alternating which side goes first; every
 * figure printed is the median of its runs, and the ratios are ours over the peer's. Exits 1 when a
 * median misses a target, unless --report-only. Nothing leaves 127.0.0.1.
 *
 * Pages: /, /browse-tasks, /auth/login, "task-visitor" (a demo task's details, read by a visitor:
 * task pages are public), "task" (the same signed in as a demo freelancer) and "my-bids" (My Bids,
 * signed in too). The peer cannot sign in offline (Firebase), so it
 * shows its login page for both; it has no My Bids, and its /dashboard stands in.
 *
 * Run: npm run lighthouse [-- --runs 5] [--pages /,task] [--report-only] [--build] [--save dir]
 *      [--peer dir | --no-peer] [--web-dist dir]: another build of our web app, served as it is.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEMO_FREELANCERS, DEMO_USER } from "../src/contract/demo-data.ts";
import { cookiesOf, freePort, PRODUCTION_BUNDLE, startServerProcess } from "../src/server/test/server-process.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    pages: { type: "string", default: "/,/browse-tasks,/auth/login,task-visitor,task,my-bids" },
    peer: { type: "string", default: "../shared/peer/quickgig-original" },
    "no-peer": { type: "boolean", default: false },
    "report-only": { type: "boolean", default: false },
    build: { type: "boolean", default: false },
    save: { type: "string" },
    "web-dist": { type: "string" },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1");
const pageNames = values.pages.split(",").map((page) => page.trim());

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The issues' targets: scores at least, metrics (ms, or unitless for CLS) at most, ours over the peer's at most. */
const TARGETS = {
  scores: { performance: 0.98, accessibility: 1, "best-practices": 1, seo: 1 },
  metrics: { "largest-contentful-paint": 1500, "cumulative-layout-shift": 0, "total-blocking-time": 50 },
  ratios: { "largest-contentful-paint": 0.4, "total-blocking-time": 0.3 },
} as const;
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
] as const;

interface RunResult {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** Audits that did not pass, for the person fixing them: "category: audit-id" to the value shown. */
  failing: Map<string, string>;
  /** Lighthouse's measure of this machine's CPU speed for the run (a fast desktop is about 2000). */
  benchmarkIndex: number;
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

function buildIfStale() {
  const outputs = ["dist/web/index.html", "dist/server/main.js"];
  const built = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sources = Math.max(...["src", "vite.config.ts", "package-lock.json"].map(newestMtime));
  if (values.build || built < sources) {
    console.log(values.build ? "building (--build)" : "the build is older than the sources: building");
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  }
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function runLighthouse(
  url: string,
  port: number,
  save: string | undefined,
  extraHeaders?: Record<string, string>,
): Promise<RunResult> {
  // Now and then Chromium's trace misses the navigation's start (NO_NAVSTART); such a run is taken again.
  let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"] | undefined;
  for (let attempt = 1; attempt <= 3 && !lhr; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) lhr = result.lhr;
    else if (attempt === 3) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
    else console.log(`${url}: ${result.lhr.runtimeError.code}, running again`);
  }
  if (!lhr) throw new Error(`Lighthouse could not load ${url}`);
  if (save) writeFileSync(save, JSON.stringify(lhr));
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? 0]));
  const metrics = Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]));
  const failing = new Map<string, string>();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
        failing.set(`${id}: ${audit.id}`, audit.displayValue || String(audit.score));
      }
    }
  }
  return { scores, metrics, failing, benchmarkIndex: lhr.environment.benchmarkIndex };
}

function formatMetric(id: string, value: number): string {
  return id === "cumulative-layout-shift" ? value.toFixed(3) : `${Math.round(value)} ms`;
}

function medianOf(results: RunResult[]): RunResult {
  const failing = new Map<string, string>();
  for (const run of results) {
    for (const [key, value] of run.failing)
      failing.set(key, failing.has(key) ? `${failing.get(key)}, ${value}` : value);
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id] ?? 0))])),
    metrics: Object.fromEntries(METRICS.map(([id]) => [id, median(results.map((r) => r.metrics[id] ?? 0))])),
    failing,
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
  };
}

/** The peer's build served by its own static server (Node built-ins only), as its README says. */
async function startPeer(dir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(dir, "..", "serve-peer.mjs"), dir], {
    env: { PATH: process.env.PATH, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk) => String(chunk).includes("peer on") && resolve());
    child.once("exit", (code) => reject(new Error(`the peer's server ended (${code})`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

if (!values["web-dist"]) buildIfStale();
// Chromium first: when it cannot start, no server is left behind.
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
const peerDir = path.resolve(values.peer);
const withPeer = !values["no-peer"] && existsSync(path.join(peerDir, "index.html"));
if (!values["no-peer"] && !withPeer) console.log(`no peer build at ${peerDir}: measuring ours alone`);
const dataDir = mkdtempSync(path.join(tmpdir(), "quickgig-lighthouse-"));
const server = await startServerProcess(
  {
    NODE_ENV: "production",
    DATABASE_URL: path.join(dataDir, "lighthouse.db"),
    AUTH_SECRET: randomBytes(32).toString("base64"),
    SEED_DEMO_DATA: "true",
    WEB_DIST: path.resolve(values["web-dist"] ?? "dist/web"),
    LOG_LEVEL: "warn",
  },
  undefined,
  PRODUCTION_BUNDLE,
);
const peer = withPeer ? await startPeer(peerDir) : undefined;
// However this script ends, the servers it started end with it.
process.once("exit", () => {
  chrome.kill();
  peer?.stop();
  server.child.kill();
});

/** A demo task, and a demo freelancer's session for My Bids. */
const [demoTask] = (await (await fetch(`${server.origin}/api/tasks?limit=1`)).json()) as Array<{ _id: string }>;
const signIn = await fetch(`${server.origin}/api/auth/sign-in/email`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: server.origin },
  body: JSON.stringify({ email: DEMO_FREELANCERS[0].email, password: DEMO_USER.password }),
});
if (!signIn.ok || !demoTask) throw new Error(`could not sign in a demo freelancer (${signIn.status}) or find a task`);
const freelancer = { Cookie: cookiesOf(signIn) };

interface Page {
  name: string;
  ours: string;
  peer: string;
  headers?: Record<string, string>;
}
const PAGES: Record<string, Omit<Page, "name">> = {
  "task-visitor": { ours: `/task-details/${demoTask._id}`, peer: `/task-details/${demoTask._id}` },
  task: { ours: `/task-details/${demoTask._id}`, peer: `/task-details/${demoTask._id}`, headers: freelancer },
  "my-bids": { ours: "/dashboard/my-bids", peer: "/dashboard", headers: freelancer },
};
const pages: Page[] = pageNames.map((name) => ({ name, ...(PAGES[name] ?? { ours: name, peer: name }) }));

if (values.save) mkdirSync(values.save, { recursive: true });

const loadBefore = loadavg()[0] ?? 0;
const rows: Array<{ page: Page; ours: RunResult; peer?: RunResult }> = [];
const missed: string[] = [];
try {
  for (const page of pages) {
    const ours: RunResult[] = [];
    const theirs: RunResult[] = [];
    for (let run = 1; run <= runs; run++) {
      const file = (side: string) =>
        values.save && path.join(values.save, `${side}${page.name.replaceAll("/", "_")}-${run}.json`);
      const measureOurs = async () =>
        ours.push(await runLighthouse(server.origin + page.ours, chrome.port, file("ours") || undefined, page.headers));
      const measurePeer = async () => {
        if (peer) theirs.push(await runLighthouse(peer.origin + page.peer, chrome.port, file("peer") || undefined));
      };
      // Alternating which side goes first, so that neither always follows the other.
      if (run % 2) {
        await measureOurs();
        await measurePeer();
      } else {
        await measurePeer();
        await measureOurs();
      }
      process.stdout.write(`${page.name} run ${run}/${runs} done\n`);
    }
    const row = { page, ours: medianOf(ours), ...(peer ? { peer: medianOf(theirs) } : {}) };
    rows.push(row);
    for (const [id, target] of Object.entries(TARGETS.scores)) {
      const score = row.ours.scores[id] ?? 0;
      if (score < target) missed.push(`${page.name}: ${id} ${score.toFixed(2)} < ${target}`);
    }
    for (const [id, target] of Object.entries(TARGETS.metrics)) {
      const value = row.ours.metrics[id] ?? Number.NaN;
      if (!(value <= target))
        missed.push(`${page.name}: ${id} ${formatMetric(id, value)} > ${formatMetric(id, target)}`);
    }
    for (const [id, target] of Object.entries(TARGETS.ratios)) {
      const ratio = ratioOf(row, id);
      if (ratio !== undefined && !(ratio <= target))
        missed.push(`${page.name}: ${id} ours/peer ${ratio.toFixed(2)} > ${target}`);
    }
  }
} finally {
  chrome.kill();
  peer?.stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Ours over the peer's, when the peer's is above zero. */
function ratioOf(row: (typeof rows)[number], id: string): number | undefined {
  const theirs = row.peer?.metrics[id];
  return theirs ? (row.ours.metrics[id] ?? Number.NaN) / theirs : undefined;
}

console.log(
  `\nLighthouse ${runs} run(s) per page and side, alternating, medians; mobile defaults (simulated Slow 4G, ` +
    `4x CPU slowdown); CPU benchmark index ${rows.map(({ ours }) => Math.round(ours.benchmarkIndex)).join("/")}; ` +
    `load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after\n`,
);
console.log("| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const { page, ours, peer: theirs } of rows) {
  for (const [side, result] of [
    ["ours", ours],
    ["peer", theirs],
  ] as const) {
    if (!result) continue;
    const scores = CATEGORIES.map((id) => (result.scores[id] ?? 0).toFixed(2));
    const metrics = METRICS.map(([id]) => formatMetric(id, result.metrics[id] ?? Number.NaN));
    console.log(`| ${side === "ours" ? page.ours : `peer ${page.peer}`} | ${[...scores, ...metrics].join(" | ")} |`);
  }
}
if (withPeer) {
  console.log("\n| page | FCP ours/peer | LCP ours/peer | TBT ours/peer | CLS ours, peer |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const row of rows) {
    const ratio = (id: string) => {
      const value = ratioOf(row, id);
      return value === undefined ? "n/a (peer 0)" : value.toFixed(2);
    };
    const cls = [row.ours, row.peer].map((r) => (r?.metrics["cumulative-layout-shift"] ?? Number.NaN).toFixed(3));
    console.log(
      `| ${row.page.ours} | ${ratio("first-contentful-paint")} | ${ratio("largest-contentful-paint")} | ${ratio("total-blocking-time")} | ${cls.join(", ")} |`,
    );
  }
}
const failing = rows.flatMap(({ page, ours }) =>
  [...ours.failing].map(([audit, values]) => `${page.ours} ${audit} (${values})`),
);
if (failing.length > 0)
  console.log(`\nOur audits below 0.9 in some run:\n${failing.map((line) => `  ${line}`).join("\n")}`);
if (missed.length > 0) {
  console.log(`\nTargets missed:\n${missed.map((line) => `  ${line}`).join("\n")}`);
  if (!values["report-only"]) process.exitCode = 1;
} else {
  console.log("\nAll targets met.");
}
