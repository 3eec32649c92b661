import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { DAY_MS, type TaskCategory } from "../../contract/index.ts";
import { reportableContents, taskNeighboursOf } from "../app.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { SEARCH_BLOCK } from "../db/search-constants.ts";
import { withoutNotices } from "../notifications/notifier.ts";
import { createTestDatabase, insertTestUser, type TestDatabase, testDialect } from "../test/test-database.ts";
import { insertTask } from "./task-repository.ts";
import { listTasks, type TaskFilter } from "./task-search-repository.ts";

/**
 * Issue 29, decision 023: a task a moderator removed is in no search's page or count, on each
 * database's way of counting (decisions 014 to 018): SQLite's newest matches read on past the first
 * 72, PostgreSQL's newest blocks, the blocks before them, and all tasks when the blocks hold few.
 * The API's searches are tested with the other effects (moderation/enforcement.api.test.ts).
 */

let testDb: TestDatabase;
let database: Database;
const OWNER = "owner";

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = openDatabase(testDb.config);
  await migrateToLatest(database.db, database.dialect);
  await insertTestUser(database, OWNER, "Owner");
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

const task = (title: string) => ({
  title,
  description: "Paint it, illustrations welcome.",
  category: "Design" as TaskCategory,
  deadline: "2031-01-01",
  budget: 100,
});

/** Posts `count` tasks one second apart from `start`; their ids, oldest first. */
async function postSeries(prefix: string, start: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      ids.push(await insertTask(trx, OWNER, task(`${prefix} ${i}`), new Date(Date.parse(start) + i * 1000)));
    }
  });
  return ids;
}

function remove(...ids: string[]) {
  return withoutNotices(database.db).transaction(async (trx, notices) => {
    const tasks = reportableContents(taskNeighboursOf(DAY_MS)).of("task");
    for (const id of ids) await tasks.remove(trx, notices, id);
  });
}

/**
 * A search as a fresh process makes it: PostgreSQL's newest block is read again rather than taken
 * from what this connection read a moment ago (NEWEST_BLOCK_MS).
 */
async function search(q: string, filter: Partial<TaskFilter> = {}) {
  const fresh = openDatabase(testDb.config);
  try {
    const page = await listTasks(fresh, { q, sort: "newest", page: 1, limit: 100, ...filter });
    return { titles: page.tasks.map((found) => found.title), total: page.total, capped: page.capped };
  } finally {
    await fresh.close();
  }
}

describe("a removed task in a search's count and pages", () => {
  it("is left out of the newest matches however many a count reads, and of any order", async () => {
    // 80 matches: more than the 72 a SQLite count reads first, so it reads on.
    const ids = await postSeries("Heron", "2030-02-01T00:00:00Z", 80);
    expect(await search("heron")).toMatchObject({ total: 80, capped: false });
    // The newest, one among the first 72 and one past them.
    await remove(ids[79] as string, ids[40] as string, ids[3] as string);
    const found = await search("heron");
    expect(found).toMatchObject({ total: 77, capped: false });
    expect(found.titles).not.toContain("Heron 79");
    expect(found.titles).not.toContain("Heron 40");
    expect(found.titles[0]).toBe("Heron 78");
    const page7 = await search("heron", { limit: 12, page: 7 });
    expect(page7.titles).toEqual(["Heron 5", "Heron 4", "Heron 2", "Heron 1", "Heron 0"]);
    for (const sort of ["deadline", "budget"] as const) {
      const sorted = await search("heron", { sort });
      expect(sorted.total).toBe(77);
      expect(sorted.titles).not.toContain("Heron 3");
    }
    // Narrowed to one of them: nothing, and no "more than".
    expect(await search("heron 40")).toEqual({ titles: [], total: 0, capped: false });
    // A window that holds fewer tasks than match: counted among the newest, the removed left out.
    if (testDialect() === "sqlite") {
      expect((await search("heron", { countWindow: 90 })).titles).not.toContain("Heron 79");
    }
  });

  it.runIf(testDialect() === "postgres")(
    "is left out of PostgreSQL's newest blocks, of the blocks before them, and of the count of all",
    async () => {
      const { rows } = await sql<{ last: string }>`select last_value as last from tasks_search_seq`.execute(
        database.db,
      );
      onTestFinished(async () => {
        await sql`select setval('tasks_search_seq', ${Number(rows[0]?.last)})`.execute(database.db);
      });
      const inBlock = async (block: number, prefix: string, count: number, start: string) => {
        await sql`select setval('tasks_search_seq', ${block * SEARCH_BLOCK}, false)`.execute(database.db);
        return postSeries(prefix, start, count);
      };
      // Before the window (blocks 200 and 201): an egret, removed. The window (202): 20 egrets,
      // two removed; 5 ibises, one removed.
      const older = await inBlock(200, "Egret old", 1, "2033-01-01T00:00:00Z");
      const egrets = await inBlock(202, "Egret", 20, "2033-02-01T00:00:00Z");
      const ibises = await postSeries("Ibis", "2033-03-01T00:00:00Z", 5);
      await remove(older[0] as string, egrets[19] as string, egrets[0] as string, ibises[2] as string);
      const countWindow = SEARCH_BLOCK;

      // Counted in the window's block: 18, and nothing older matches but the removed one.
      const found = await search("egret", { countWindow });
      expect(found).toMatchObject({ total: 18, capped: false });
      expect(found.titles).not.toContain("Egret 19");
      expect(found.titles).not.toContain("Egret old 0");
      expect((await search("egret illustrat", { countWindow })).total).toBe(18);
      // Fewer than a page's worth in the window: counted among all tasks, the removed left out.
      const few = await search("ibis", { countWindow });
      expect(few).toMatchObject({ total: 4, capped: false });
      expect(few.titles).not.toContain("Ibis 2");
      expect(await search("egret old", { countWindow })).toEqual({ titles: [], total: 0, capped: false });
    },
  );
});
