/**
 * Browse Tasks in the browser, with few tasks and with many: the production build and server on a
 * generated database of each size, opened in Debian's Chromium, measuring from the navigation's
 * start to the moment the page shows its task cards (and to the cards of the next page, after a
 * click on the pager). The response cache is off, so every visit reads the database.
 *
 * Each size gets one warm-up visit, then --runs visits per view in a fresh tab of one browser
 * (its HTTP cache keeps the hashed files, as a returning visitor's would); figures are medians,
 * and the ratio is the largest size over the smallest, within the same run of this script.
 *
 * Run: npm run bench:browse -- [--db sqlite|postgres] [--tasks 100,100000] [--runs 15]
 * Bounded: (1 + runs) visits per view and size, each waited for at most 30 s. Only 127.0.0.1.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Browser, chromium, type Page } from "@playwright/test";
import { PRODUCTION_BUNDLE, startServerProcess } from "../../src/server/test/server-process.ts";
import { createTestDatabase } from "../../src/server/test/test-database.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../chromium.ts";
import { benchServerEnv, generateTasks, median, signUpUsers } from "./bench-data.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    tasks: { type: "string", default: "100,100000" },
    runs: { type: "string", default: "15" },
  },
});
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs takes a whole number of at least 1");
const SIZES = values.tasks.split(",").map(Number);
const dialect = values.db === "postgres" ? "postgres" : "sqlite";

/** With 100 tasks, Design has 25 (3 pages of 12) and "client 42" matches one title: no next page. */
const VIEWS = [
  { name: "first page", path: "/browse-tasks", next: true },
  { name: "category Design, by budget, page 2", path: "/browse-tasks?category=Design&sort=budget&page=2", next: true },
  { name: "search “client 42”", path: "/browse-tasks?q=client%2042", next: false },
] as const;

interface Timings {
  /** Navigation start to the first task card in the page. */
  cardsMs: number;
  /** The Next link's click event to the next page's first card (in the app, no page load). */
  nextPageMs: number;
}

/** Records, in the page, when a task card first appears and when the cards change after that. */
const WATCH_CARDS = `
  window.__cards = [];
  new MutationObserver(() => {
    const first = document.querySelector("main article h3");
    const text = first ? first.textContent : null;
    const seen = window.__cards;
    if (text && (seen.length === 0 || seen[seen.length - 1].text !== text)) seen.push({ text, at: performance.now() });
  }).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener("click", () => { window.__clickedAt = performance.now(); }, true);
`;

async function visit(page: Page, origin: string, view: (typeof VIEWS)[number]): Promise<Timings> {
  await page.goto(`${origin}${view.path}`, { waitUntil: "commit", timeout: 30_000 });
  const cards = () => page.evaluate(() => (window as unknown as { __cards: Array<{ at: number }> }).__cards);
  await page.waitForFunction(() => (window as unknown as { __cards: unknown[] }).__cards.length > 0, null, {
    timeout: 30_000,
  });
  const cardsMs = (await cards())[0]?.at as number;
  if (!view.next) return { cardsMs, nextPageMs: Number.NaN };
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click({ timeout: 30_000 });
  await page.waitForFunction(() => (window as unknown as { __cards: unknown[] }).__cards.length > 1, null, {
    timeout: 30_000,
  });
  const clicked = await page.evaluate(() => (window as unknown as { __clickedAt: number }).__clickedAt);
  const nextPageMs = ((await cards())[1]?.at as number) - clicked;
  return { cardsMs, nextPageMs };
}

async function measureSize(browser: Browser, taskCount: number) {
  const database = await createTestDatabase(dialect);
  const env = benchServerEnv(database, { RESPONSE_CACHE: "false", WEB_DIST: path.resolve("dist/web") });
  let server = await startServerProcess(env, undefined, PRODUCTION_BUNDLE);
  const users = await signUpUsers(server.origin, 10);
  await generateTasks(
    database.config,
    users.map((user) => user.id),
    taskCount,
  );
  // A fresh start, as after a deploy: nothing the generation left in the server's memory.
  await server.stop();
  server = await startServerProcess(env, undefined, PRODUCTION_BUNDLE);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(WATCH_CARDS);
  const results = [];
  try {
    for (const view of VIEWS) {
      const timings: Timings[] = [];
      for (let run = 0; run <= RUNS; run++) {
        const page = await context.newPage();
        const measured = await visit(page, server.origin, view);
        if (run > 0) timings.push(measured);
        await page.close();
      }
      results.push({
        view: view.name,
        cardsMs: median(timings.map((t) => t.cardsMs)),
        nextPageMs: median(timings.map((t) => t.nextPageMs)),
      });
    }
  } finally {
    await context.close();
    await server.stop();
    await database.drop();
  }
  return { taskCount, results };
}

execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const measured = [];
try {
  for (const size of SIZES) measured.push(await measureSize(browser, size));
} finally {
  await browser.close();
}

for (const { taskCount, results } of measured) {
  console.log(
    `\n${dialect}, ${taskCount.toLocaleString("en")} tasks, response cache off: medians of ${RUNS} visits (ms)`,
  );
  console.table(
    results.map((row) => ({
      view: row.view,
      "to the cards": Math.round(row.cardsMs),
      "next page": Number.isNaN(row.nextPageMs) ? "—" : Math.round(row.nextPageMs),
    })),
  );
}
if (measured.length > 1) {
  const smallest = measured[0] as (typeof measured)[number];
  const largest = measured[measured.length - 1] as (typeof measured)[number];
  console.log(
    `\n${largest.taskCount.toLocaleString("en")} tasks over ${smallest.taskCount.toLocaleString("en")} (same run)`,
  );
  console.table(
    smallest.results.map((row, i) => {
      const other = largest.results[i] as typeof row;
      return {
        view: row.view,
        "to the cards": Math.round((other.cardsMs / row.cardsMs) * 100) / 100,
        "next page": Number.isNaN(row.nextPageMs) ? "—" : Math.round((other.nextPageMs / row.nextPageMs) * 100) / 100,
      };
    }),
  );
}
