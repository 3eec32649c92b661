/**
 * Lighthouse on the production build: builds it when the sources are newer than dist/ (or with
 * --build), starts dist/server/main.js on 127.0.0.1 with a fresh SQLite file and the demo data, and
 * runs Lighthouse's default (mobile, simulated throttling) on each page in Debian's Chromium.
 *
 * Each page runs --runs times (default 3); every figure printed is the median of its runs. Exits 1
 * when a median misses a target, unless --report-only. Nothing leaves 127.0.0.1.
 *
 * Run: npm run lighthouse [-- --runs 5] [--pages /,/about] [--report-only] [--build] [--save dir]
 *      [--web-dist dir]: another build of the web app (npx vite build --outDir dir), served as it is.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { PRODUCTION_BUNDLE, startServerProcess } from "../src/server/test/server-process.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    pages: { type: "string", default: "/,/browse-tasks,/auth/login" },
    "report-only": { type: "boolean", default: false },
    build: { type: "boolean", default: false },
    save: { type: "string" },
    "web-dist": { type: "string" },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1");
const pages = values.pages.split(",").map((page) => page.trim());

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The issue's targets: scores at least, metrics (ms, or unitless for CLS) at most. */
const TARGETS = {
  scores: { performance: 0.98, accessibility: 1, "best-practices": 1, seo: 1 },
  metrics: { "largest-contentful-paint": 1500, "cumulative-layout-shift": 0.02, "total-blocking-time": 50 },
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

async function runLighthouse(url: string, port: number, save: string | undefined): Promise<RunResult> {
  // Now and then Chromium's trace misses the navigation's start (NO_NAVSTART); such a run is taken again.
  let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"] | undefined;
  for (let attempt = 1; attempt <= 3 && !lhr; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
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

if (!values["web-dist"]) buildIfStale();
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
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
if (values.save) mkdirSync(values.save, { recursive: true });

const loadBefore = loadavg()[0] ?? 0;
const rows: Array<{ page: string; result: RunResult }> = [];
const missed: string[] = [];
try {
  for (const page of pages) {
    const results: RunResult[] = [];
    for (let run = 1; run <= runs; run++) {
      const save = values.save && path.join(values.save, `${page.replaceAll("/", "_") || "_"}-${run}.json`);
      results.push(await runLighthouse(server.origin + page, chrome.port, save || undefined));
      process.stdout.write(`${page} run ${run}/${runs} done\n`);
    }
    const failing = new Map<string, string>();
    for (const run of results) {
      for (const [key, value] of run.failing)
        failing.set(key, failing.has(key) ? `${failing.get(key)}, ${value}` : value);
    }
    const result: RunResult = {
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id] ?? 0))])),
      metrics: Object.fromEntries(METRICS.map(([id]) => [id, median(results.map((r) => r.metrics[id] ?? 0))])),
      failing,
      benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
    };
    rows.push({ page, result });
    for (const [id, target] of Object.entries(TARGETS.scores)) {
      const score = result.scores[id] ?? 0;
      if (score < target) missed.push(`${page}: ${id} ${score.toFixed(2)} < ${target}`);
    }
    for (const [id, target] of Object.entries(TARGETS.metrics)) {
      const value = result.metrics[id] ?? Number.NaN;
      if (!(value <= target)) missed.push(`${page}: ${id} ${formatMetric(id, value)} > ${formatMetric(id, target)}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nLighthouse ${runs} run(s) per page, medians; mobile defaults (simulated Slow 4G, 4x CPU slowdown); ` +
    `CPU benchmark index ${rows.map(({ result }) => Math.round(result.benchmarkIndex)).join("/")}; ` +
    `load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after\n`,
);
console.log("| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const { page, result } of rows) {
  const scores = CATEGORIES.map((id) => (result.scores[id] ?? 0).toFixed(2));
  const metrics = METRICS.map(([id]) => formatMetric(id, result.metrics[id] ?? Number.NaN));
  console.log(`| ${page} | ${[...scores, ...metrics].join(" | ")} |`);
}
const failing = rows.flatMap(({ page, result }) =>
  [...result.failing].map(([audit, values]) => `${page} ${audit} (${values})`),
);
if (failing.length > 0)
  console.log(`\nAudits below 0.9 in some run:\n${failing.map((line) => `  ${line}`).join("\n")}`);
if (missed.length > 0) {
  console.log(`\nTargets missed:\n${missed.map((line) => `  ${line}`).join("\n")}`);
  if (!values["report-only"]) process.exitCode = 1;
} else {
  console.log("\nAll targets met.");
}
