#!/usr/bin/env node
// Everything a reviewer would check, in one command: types, lint and format, unit and API tests on
// SQLite and PostgreSQL, the production build, and the browser tests. Stops at the first failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const reports = mkdtempSync(path.join(tmpdir(), "quickgig-check-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");
const hasBrowserTests = existsSync("playwright.config.ts");

const steps = [
  ["types", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]],
  ["lint and format", "npx", ["biome", "check", "."]],
  // Which room may import which, and no circle between the server's rooms (docs/architecture.md);
  // src/architecture.test.ts tests the rules themselves.
  ["architecture", "npx", ["tsx", "scripts/deps.ts"]],
  [
    "unit and API tests",
    "npx",
    ["vitest", "run", "--coverage", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  ],
  // Stops the local PostgreSQL for a few seconds, so it runs alone, after the tests that use it.
  ...(canDrillPostgres() ? [["PostgreSQL fault drill", "npx", ["tsx", "scripts/reliability/pg-faults.ts"]]] : []),
  ["production build", "npm", ["run", "build"]],
  ...(hasBrowserTests
    ? [
        [
          "browser tests",
          "npx",
          ["playwright", "test", "--reporter=list,json"],
          { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
        ],
      ]
    : []),
];

function canDrillPostgres() {
  const tools = spawnSync("sh", ["-c", 'command -v pg_ctlcluster && [ "$(id -u)" = 0 ]'], { stdio: "ignore" });
  if (tools.status !== 0) {
    console.log("PostgreSQL fault drill SKIPPED: it needs root and pg_ctlcluster (a local Debian PostgreSQL)");
    return false;
  }
  const url = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  const host = new URL(url).hostname;
  if (host !== "127.0.0.1" && host !== "localhost") {
    console.log(`PostgreSQL fault drill SKIPPED: ${host} is not this machine's PostgreSQL`);
    return false;
  }
  const { port } = new URL(url);
  if (spawnSync("pg_isready", ["-q", "-h", host, "-p", port || "5432"]).status !== 0) {
    console.log(`PostgreSQL fault drill SKIPPED: nothing answers at ${url}`);
    return false;
  }
  return true;
}

const started = Date.now();
let failedStep;
for (const [name, command, args, env] of steps) {
  console.log(`\n== ${name}: ${command} ${args.join(" ")}`);
  const stepStart = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(
    `== ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - stepStart) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, "utf8"));
  passed += stats.expected + stats.flaky;
  if (stats.flaky > 0)
    console.log(`\n${stats.flaky} browser test(s) passed only on a retry (flaky): see the list above`);
  failed += stats.unexpected;
  skipped += stats.skipped;
}

console.log(
  `\nchecks ${failedStep ? `FAILED at "${failedStep}"` : "all passed"} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
