import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { insertTestUser } from "../test/test-database.ts";
import { SearchIndexMerger } from "./search-index-merger.ts";
import { insertTask } from "./task-repository.ts";
import { listTasks } from "./task-search-repository.ts";

const dir = mkdtempSync(path.join(tmpdir(), "quickgig-merge-"));
const file = path.join(dir, "quickgig.db");
let database: Database;
const merger = new SearchIndexMerger(file, { intervalMs: 60 * 60_000, log: pino({ level: "silent" }) });

const TOPICS = ["logo", "poster", "website", "menu", "flyer"];

async function post(i: number) {
  const topic = TOPICS[i % TOPICS.length] as string;
  await insertTask(
    database.db,
    "owner",
    {
      title: `A ${topic} for shop ${i}`,
      description: `Shop ${i} needs a ${topic}; number ${i}.`,
      category: "Design",
      deadline: "2030-01-01",
      budget: 100,
    },
    new Date(Date.UTC(2030, 0, 1) + i * 1000),
  );
}

/** What searches find: totals and the newest page, for words common and rare. */
async function searches() {
  const found = [];
  for (const q of ["logo", "shop", "shop 7", "menu number 1", "kubernetes"]) {
    const page = await listTasks(database, { q, sort: "newest", page: 1, limit: 12 });
    found.push({ q, total: page.total, capped: page.capped, titles: page.tasks.map((task) => task.title) });
  }
  return found;
}

/** The index's segments as FTS5 keeps them: its structure record changes with every merge. */
async function structure(): Promise<string> {
  const { rows } = await sql<{ block: Buffer }>`select block from tasks_search_data where id = 10`.execute(database.db);
  return rows[0]?.block.toString("hex") ?? "";
}

beforeAll(async () => {
  database = openDatabase({ dialect: "sqlite", file });
  await migrateToLatest(database.db, "sqlite");
  await insertTestUser(database, "owner");
  // One task per transaction, as people post them: a segment of the index each.
  for (let i = 0; i < 300; i++) await post(i);
});
afterAll(async () => {
  await merger.stop();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the search index merger", () => {
  it("merges an index grown one task at a time into one piece, and searches find what they found before", async () => {
    const before = await searches();
    expect(before.find((search) => search.q === "shop")).toMatchObject({ total: 300, capped: false });
    const grown = await structure();
    // start() merges at once; merge() waits for that merge, then merges again: merged whole by the
    // first, the second finds nothing to do (one step that changes nothing).
    merger.start();
    expect(await merger.merge()).toMatchObject({ steps: 1 });
    const merged = await structure();
    expect(merged).not.toBe(grown);
    expect(await searches()).toEqual(before);

    // A task posted since is a segment of its own, and merged in.
    await post(300);
    expect(await structure()).not.toBe(merged);
    const again = await merger.merge();
    expect(again.steps).toBeGreaterThan(1);
    const after = await searches();
    expect(after.find((search) => search.q === "shop")?.total).toBe(301);
    expect(after.find((search) => search.q === "logo")?.titles[0]).toBe("A logo for shop 300");
  });

  it("lets searches read while it merges", async () => {
    for (let i = 301; i < 340; i++) await post(i);
    const merging = merger.merge();
    const during = await searches();
    const result = await merging;
    expect(result.steps).toBeGreaterThan(1);
    expect(during.find((search) => search.q === "shop")?.total).toBe(340);
    expect(await searches()).toEqual(during);
  });
});
