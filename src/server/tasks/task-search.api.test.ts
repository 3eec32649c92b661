import { CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { TASK_SORTS, type TaskCategory } from "../../contract/index.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { SEARCH_BLOCK } from "../db/search-constants.ts";
import { createTestDatabase, insertTestUser, type TestDatabase, testDialect } from "../test/test-database.ts";
import { deleteTask, insertTask, updateTask } from "./task-repository.ts";
import { listTasks, NEWEST_BLOCK_MS, type TaskFilter } from "./task-search-repository.ts";

let testDb: TestDatabase;
let database: Database;
const OWNER = "owner";

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = openDatabase(testDb.config);
  await migrateToLatest(database.db, database.dialect);
  await insertTestUser(database, OWNER, "Owner");
  for (const title of ["Logo design", "Landing page", "Logo refresh"]) {
    await insertTask(database.db, OWNER, task(title));
  }
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

function task(title: string, description = "A task") {
  return { title, description, category: "Design" as TaskCategory, deadline: "2030-01-01", budget: 100 };
}

/**
 * Posts `count` tasks one second apart from `start`, the i-th as `make(i)` has it, in one
 * transaction; those whose title starts with `prefix` are deleted when the test ends.
 */
async function postSeries(prefix: string, start: string, count: number, make: (i: number) => ReturnType<typeof task>) {
  onTestFinished(async () => {
    await database.db.deleteFrom("tasks").where("title", "like", `${prefix}%`).execute();
  });
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) await insertTask(trx, OWNER, make(i), new Date(Date.parse(start) + i * 1000));
  });
}

async function searchTitles(q: string): Promise<string[]> {
  const { tasks } = await listTasks(database, { q, sort: "newest", page: 1, limit: 100 });
  return tasks.map((found) => found.title).sort();
}

/** The statements listTasks sends for a filter, with their parameters. */
async function statementsOf(filter: TaskFilter): Promise<CompiledQuery[]> {
  const statements: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      statements.push(database.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await listTasks({ ...database, db: database.db.withPlugin(recorder) }, filter);
  // The plugin sees a subquery as a query of its own: only the statements sent are kept.
  return statements.filter((statement) => !statements.some((other) => other.sql.includes(`(${statement.sql})`)));
}

/**
 * The plan of a statement as lines of text: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN
 * without seq scans (and without the plan types named in `off`).
 */
async function planOf(statement: CompiledQuery, off: string[] = []): Promise<string[]> {
  if (database.dialect === "sqlite") {
    const { rows } = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    return rows.map((row) => row.detail);
  }
  // On a table this small a sequential scan is cheapest; turned off, the plan shows which indexes can serve.
  return database.db.transaction().execute(async (trx) => {
    for (const setting of ["enable_seqscan", ...off]) await sql`set local ${sql.raw(setting)} = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(
      CompiledQuery.raw(`explain (costs off) ${statement.sql}`, [...statement.parameters]),
    );
    return rows.map((row) => row["QUERY PLAN"].trim());
  });
}

/** The rows the index holds, and those the tasks point at: the same when nothing is left behind. */
async function indexedRows(): Promise<number[]> {
  const { rows } = await sql<{ rowid: number }>`select rowid from tasks_search order by rowid`.execute(database.db);
  return rows.map((row) => row.rowid);
}
async function taskRows(): Promise<number[]> {
  const { rows } = await sql<{
    rowid: number;
  }>`select search_rowid as rowid from tasks order by search_rowid`.execute(database.db);
  return rows.map((row) => row.rowid);
}

describe("search", () => {
  it("takes a search's page and its count from the index, in every order", async () => {
    const filters: TaskFilter[] = TASK_SORTS.map((sort) => ({ q: "logo", sort, page: 1, limit: 20 }));
    filters.push({ q: "logo desi", category: "Design", status: ["open"], sort: "budget", page: 1, limit: 1 });
    // A range of budgets too: on SQLite still read from the words, not from the index of budgets.
    filters.push({ q: "logo", minBudget: 50, maxBudget: 500, status: ["open"], sort: "newest", page: 1, limit: 20 });
    for (const filter of filters) {
      const statements = await statementsOf(filter);
      // The count (on SQLite its first read holds the newest page too), the page unless the count
      // has it, then the page's tasks. PostgreSQL first reads which block of tasks is the newest: here
      // the first, so every task is in the window, and the count and the page are of all matches.
      const tasks = statements.at(-1) as CompiledQuery;
      const reads = statements.slice(database.dialect === "sqlite" ? 0 : 1, -1);
      if (database.dialect === "sqlite") {
        // The newest 72 matches and one more: all that match here, so one read counts them.
        expect(reads[0]?.parameters).toContain(73);
        expect(reads).toHaveLength(filter.sort === "newest" ? 1 : 2);
      } else {
        expect(statements[0]?.sql).toMatch(/from tasks_search_seq$/);
        expect(reads).toHaveLength(2);
        const count = reads.find((read) => /count\(\*\)/.test(read.sql));
        expect(count?.parameters).toContain(1001);
      }
      for (const read of reads) {
        const plan = await planOf(read);
        if (database.dialect === "sqlite") {
          expect(plan, read.sql).toContainEqual(expect.stringMatching(/^SCAN tasks_search VIRTUAL TABLE INDEX/));
          // Filtered (and sorted) from the index of the tasks' search rows, not from the tasks themselves.
          expect(plan, read.sql).toContainEqual(
            expect.stringMatching(/^SEARCH tasks USING COVERING INDEX tasks_search_hits_idx \(search_rowid=\?/),
          );
          expect(
            plan.filter((line) => /^SCAN tasks\b/.test(line) && !line.includes("VIRTUAL TABLE")),
            read.sql,
          ).toEqual([]);
        } else {
          expect(plan, read.sql).not.toContainEqual(expect.stringMatching(/Seq Scan on tasks\b/));
          // Without an index in the list's order to walk, the full-text index finds the matches (within
          // a category or a range of budgets the planner may read that index instead, by cost).
          const bitmap = await planOf(read, ["enable_indexscan"]);
          if (!filter.category && filter.minBudget === undefined)
            expect(bitmap, read.sql).toContain("->  Bitmap Index Scan on tasks_search_vector_idx");
        }
      }
      // Only the page's own tasks are read whole, by their ids.
      expect((await planOf(tasks)).join("\n"), tasks.sql).not.toMatch(/SCAN tasks\b|Seq Scan on tasks/);
    }
  });

  it.runIf(testDialect() === "postgres")(
    "looks up words of up to 8 letters as whole entries of the index, and longer ones as prefixes",
    async () => {
      const [, count, page] = await statementsOf({ q: "Logo illustrati", sort: "newest", page: 1, limit: 12 });
      // Entries, not prefixes: the index's lists of the words are intersected, not gathered whole.
      for (const read of [count, page]) expect(read?.parameters).toContain("'logo' & 'illustra' & 'illustrati':*");
      const { rows } = await sql<{ entries: string[] }>`
        select tsvector_to_array(quickgig_search_vector('Photography, 3D')) as entries`.execute(database.db);
      expect(rows[0]?.entries.sort()).toEqual(
        ["3", "3d", "p", "ph", "pho", "phot", "photo", "photog", "photogr", "photogra", "photography"].sort(),
      );
    },
  );

  it("finds the start of a word longer than the index's starts, and only the start", async () => {
    const added = await insertTask(database.db, OWNER, task("Illustration for a children's book"));
    onTestFinished(() => deleteTask(database.db, added).then(() => undefined));
    for (const q of ["illustrat", "illustration", "ILLUSTRATIONS book"]) {
      expect(await searchTitles(q), q).toEqual(q.endsWith("book") ? [] : ["Illustration for a children's book"]);
    }
    expect(await searchTitles("illustrationx")).toEqual([]);
    expect(await searchTitles("lustration")).toEqual([]);
    expect(await searchTitles("child book illus")).toEqual(["Illustration for a children's book"]);
  });

  it("counts and pages through the newest 1,000 matches, and says when more match", async () => {
    // The older the task, the larger its budget: the largest are among the ten left out.
    await postSeries("Poster ", "2030-01-01T00:00:00Z", 1010, (i) => ({
      ...task(`Poster ${i}`, "Concert poster"),
      budget: 20_000 - i,
      ...(i % 2 ? { category: "Writing" as TaskCategory } : {}),
    }));
    const search = (filter: Partial<TaskFilter>) =>
      listTasks(database, { q: "concert poster", sort: "newest", page: 1, limit: 100, ...filter });
    const titles = (found: Awaited<ReturnType<typeof search>>) => found.tasks.map((one) => one.title);

    const first = await search({});
    expect(first.total).toBe(1000);
    expect(first.capped).toBe(true);
    expect(titles(first).slice(0, 2)).toEqual(["Poster 1009", "Poster 1008"]);
    const last = await search({ page: 10 });
    expect(titles(last).at(-1)).toBe("Poster 10");
    const beyond = await search({ page: 11 });
    expect(beyond).toEqual({ tasks: [], total: 1000, capped: true });
    // Sorted among those 1,000: the ten oldest, with the largest budgets, are not in them.
    expect(titles(await search({ sort: "budget", limit: 2 }))).toEqual(["Poster 10", "Poster 11"]);

    // Narrower than the cap, the count is exact.
    const design = await search({ category: "Design", limit: 1 });
    expect(design.total).toBe(505);
    expect(design.capped).toBe(false);
    expect(titles(design)).toEqual(["Poster 1008"]);
    const one = await search({ q: "poster 1009" });
    expect(one).toMatchObject({ total: 1, capped: false });
    expect(titles(one)).toEqual(["Poster 1009"]);

    await database.db.deleteFrom("tasks").where("title", "like", "Poster %").execute();
    expect(await search({})).toEqual({ tasks: [], total: 0, capped: false });
  });

  it("keeps a range of budgets, the bounds included, and counts it to the cap as a search is", async () => {
    // Budgets of 100.00 to 110.09 dollars, a cent apart, the newest the largest.
    await postSeries("Range ", "2030-06-01T00:00:00Z", 1010, (i) => ({ ...task(`Range ${i}`), budget: 100 + i / 100 }));
    const list = (filter: Partial<TaskFilter>) =>
      listTasks(database, { sort: "newest", page: 1, limit: 2, status: ["open"], ...filter });
    const titles = (found: Awaited<ReturnType<typeof list>>) => found.tasks.map((one) => one.title);

    const cents = await list({ minBudget: 100.05, maxBudget: 100.07 });
    expect(titles(cents)).toEqual(["Range 7", "Range 6"]);
    expect(cents).toMatchObject({ total: 3, capped: false });
    expect(titles(await list({ minBudget: 110.09 }))).toEqual(["Range 1009"]);
    expect(titles(await list({ maxBudget: 100, q: "range" }))).toEqual(["Range 0"]);
    expect(titles(await list({ maxBudget: 100.5, sort: "budget" }))).toEqual(["Range 50", "Range 49"]);
    // The three tasks of the other tests (100 dollars each) and the 1,010 here: more than the cap.
    const wide = await list({ minBudget: 0 });
    expect(wide).toMatchObject({ total: 1000, capped: true });
    expect(titles(wide)).toEqual(["Range 1009", "Range 1008"]);
    expect(await list({ minBudget: 100, maxBudget: 100 })).toMatchObject({ total: 4, capped: false });
    expect(await list({ minBudget: 110.1 })).toEqual({ tasks: [], total: 0, capped: false });
  });

  it.runIf(testDialect() === "sqlite")(
    "counts on SQLite among the newest tasks of its window, and says when older ones match too",
    async () => {
      // 300 tasks posted one after the other, the older the larger their budget: a mural in every
      // third (100 of them), a sign in the others (200).
      await postSeries("Window ", "2031-01-01T00:00:00Z", 300, (i) => {
        const kind = i % 3 === 0 ? "mural" : "sign";
        return { ...task(`Window ${kind} ${i}`, `Paint a ${kind}`), budget: 100_000 - i };
      });
      const search = (q: string, countWindow: number, filter: Partial<TaskFilter> = {}) =>
        listTasks(database, { q, sort: "newest", page: 1, limit: 12, countWindow, ...filter });
      const titles = async (...args: Parameters<typeof search>) =>
        (await search(...args)).tasks.map((found) => found.title.replace("Window ", ""));
      // The kind's tasks newest first, from the k-th: murals 297, 294, …; signs 299, 298, 296, 295, …
      const newest = (kind: string, from: number, count: number) =>
        Array.from({ length: 300 }, (_, i) => 299 - i)
          .filter((i) => (i % 3 === 0) === (kind === "mural"))
          .slice(from, from + count)
          .map((i) => `${kind} ${i}`);

      // A window that holds every task: exact.
      expect(await search("window mural", 100_000)).toMatchObject({ total: 100, capped: false });
      // The newest 90 tasks hold 30 murals, but the first 72 matches count whatever their age; the
      // 73rd says that more match.
      expect(await search("window mural", 90)).toMatchObject({ total: 72, capped: true });
      expect(await titles("window mural", 90, { page: 6 })).toEqual(newest("mural", 60, 12));
      expect(await titles("window mural", 90, { page: 7 })).toEqual([]);
      // Sorted by budget, among the matches counted: the newest 72, whose oldest (mural 84) has the
      // largest budget.
      expect(await titles("window mural", 90, { sort: "budget", limit: 1 })).toEqual(["mural 84"]);

      // 100 of the newest 150 tasks are signs: more than the first read, so the count reads on, and
      // stops at the first sign older than the window.
      expect(await search("window sign", 150)).toMatchObject({ total: 100, capped: true });
      expect(await titles("window sign", 150, { page: 9 })).toEqual(newest("sign", 96, 4));
      // Narrowed to what the window holds, the count is exact again.
      expect(await search("window sign 299", 150)).toMatchObject({ total: 1, capped: false });
    },
  );

  it.runIf(testDialect() === "postgres")(
    "counts on PostgreSQL among the newest blocks of tasks, and among all when they hold less than a page",
    async () => {
      const { rows } = await sql<{ last: string }>`select last_value as last from tasks_search_seq`.execute(
        database.db,
      );
      onTestFinished(async () => {
        await sql`select setval('tasks_search_seq', ${Number(rows[0]?.last)})`.execute(database.db);
      });
      // Tasks posted in blocks far past those of the other tests: the sequence set to a block's
      // first number before each group. The older the task, the larger its budget.
      let posted = 0;
      const postInBlock = async (block: number, kind: string, count: number, extra = (_i: number) => "") => {
        await sql`select setval('tasks_search_seq', ${block * SEARCH_BLOCK}, false)`.execute(database.db);
        const start = new Date(Date.parse("2032-01-01T00:00:00Z") + posted * 1000).toISOString();
        await postSeries(`Blocks ${block} ${kind} `, start, count, (i) => ({
          ...task(`Blocks ${block} ${kind} ${i}`, `Paint a ${kind}, illustrations welcome. ${extra(i)}`),
          budget: 100_000 - posted - i,
        }));
        posted += count;
      };
      // Older than the window: 20 murals, half of them with a mosaic. Then block 101 posts nothing,
      // and the window's three blocks (102 to 104) each 5 murals and 4 frescoes; one mosaic in 104,
      // and 12 cafés in 103.
      await postInBlock(100, "mural", 20, (i) => (i < 10 ? "A mosaic too." : ""));
      for (const block of [102, 103, 104]) {
        await postInBlock(block, "mural", 5, (i) => (block === 104 && i === 0 ? "A mosaic too." : ""));
        await postInBlock(block, "fresco", 4);
        if (block === 103) await postInBlock(block, "Café", 12);
      }
      // Searches read the newest block at most so often: the one read before the sequence moved is
      // let go by.
      await new Promise((resolve) => setTimeout(resolve, NEWEST_BLOCK_MS));
      const countWindow = 3 * SEARCH_BLOCK;
      const search = (q: string, filter: Partial<TaskFilter> = {}) =>
        listTasks(database, { q, sort: "newest", page: 1, limit: 12, countWindow, ...filter });
      const titles = async (...args: Parameters<typeof search>) =>
        (await search(...args)).tasks.map((found) => found.title.replace("Blocks ", ""));
      const murals = (block: number) => Array.from({ length: 5 }, (_, i) => `${block} mural ${4 - i}`);

      // The window's 15 murals, newest first, and more older: counted to 15, "more than".
      expect(await search("blocks mural")).toMatchObject({ total: 15, capped: true });
      expect(await titles("blocks mural")).toEqual([...murals(104), ...murals(103), "102 mural 4", "102 mural 3"]);
      expect(await titles("blocks mural", { page: 2 })).toEqual(["102 mural 2", "102 mural 1", "102 mural 0"]);
      // Sorted by budget among those counted: the oldest of the window has the largest.
      expect(await titles("blocks mural", { sort: "budget", limit: 1 })).toEqual(["102 mural 0"]);
      // A word longer than the index's starts: its start's entries in the blocks, the word itself
      // checked in each task found.
      expect(await search("blocks illustrat mural", { status: ["open"] })).toMatchObject({ total: 15, capped: true });
      // Starts of words as well as words, and what is not a letter or digit (tsquery's and the blocks'
      // own signs too) only between words.
      for (const q of [
        "blocks mur",
        "mural a blocks",
        "BLOCKS'mural",
        "blocks#mural",
        "mural:* | !blocks",
        "\\blocks (mural)",
      ])
        expect(await search(q), q).toMatchObject({ total: 15, capped: true });
      // A word with a letter outside ASCII, upper case as typed: lower-cased as the index has it.
      expect(await search("blocks CAFÉ")).toMatchObject({ total: 12, capped: false });
      // Every match in the window, and none older: exact.
      expect(await search("blocks fresco", { status: ["open"] })).toMatchObject({ total: 12, capped: false });
      // One more, older than the blocks asked first: found among all the older tasks.
      onTestFinished(async () => {
        await database.db.deleteFrom("tasks").where("id", "in", ["long-ago", "elsewhere"]).execute();
      });
      await sql`insert into tasks (id, owner_id, title, category, description, deadline, budget_cents, created_at, updated_at, search_seq)
        values ('long-ago', ${OWNER}, 'Blocks 90 fresco 0', 'Design', 'Paint a fresco', '2030-01-01', 100,
          '2031-06-01T00:00:00.000Z', '2031-06-01T00:00:00.000Z', ${90 * SEARCH_BLOCK})`.execute(database.db);
      expect(await search("blocks fresco", { status: ["open"] })).toMatchObject({ total: 12, capped: true });
      // Fewer than a page in the window, so counted among all: exact, the newest first.
      const mosaics = await search("blocks mosaic");
      expect(mosaics).toMatchObject({ total: 11, capped: false });
      expect(mosaics.tasks[0]?.title).toBe("Blocks 104 mural 0");
      // One statement counts in the blocks, asks whether older tasks match, and sorts the page, all
      // from the search index.
      const [, blocks] = await statementsOf({ q: "blocks mural", sort: "newest", page: 1, limit: 12, countWindow });
      // The newest block read, and the one after it.
      expect(blocks?.parameters).toContain("('blocks#105' & 'mural#105') | ('blocks#104' & 'mural#104')");
      // The two blocks before the window, where older matches are looked for first.
      expect(blocks?.parameters).toContain("('blocks#101' & 'mural#101') | ('blocks#100' & 'mural#100')");
      const plan = await planOf(blocks as CompiledQuery);
      expect(plan).not.toContainEqual(expect.stringMatching(/Seq Scan on tasks\b/));
      // Three reads of the window and one of the blocks before it; older tasks, and all of them for a
      // window with too few, from the words' own lists.
      expect(plan.filter((line) => line === "->  Bitmap Index Scan on tasks_search_blocks_idx")).toHaveLength(4);
      expect(plan.filter((line) => line === "->  Bitmap Index Scan on tasks_search_vector_idx")).toHaveLength(2);
      // A task posted by another process (written here without insertTask) into the block after the
      // newest one read a moment ago: found, from that block.
      await sql`select setval('tasks_search_seq', ${105 * SEARCH_BLOCK}, false)`.execute(database.db);
      const later = "2033-01-01T00:00:00.000Z";
      await sql`insert into tasks (id, owner_id, title, category, description, deadline, budget_cents, created_at, updated_at)
        values ('elsewhere', ${OWNER}, 'Blocks 105 mural 0', 'Design', 'Paint a mural', '2030-01-01', 100, ${later}, ${later})`.execute(
        database.db,
      );
      const withLater = await search("blocks mural");
      expect(withLater).toMatchObject({ total: 16, capped: true });
      expect(withLater.tasks[0]?.title).toBe("Blocks 105 mural 0");
      // A window of ten blocks holds them all.
      expect(await search("blocks mural", { countWindow: 10 * SEARCH_BLOCK })).toMatchObject({
        total: 36,
        capped: false,
      });
    },
  );

  it.runIf(testDialect() === "sqlite")(
    "keeps one row of the index per task, each task pointed at its own, whatever tasks' rowids become",
    async () => {
      // A task whose rowid runs ahead of the index's own.
      const now = new Date().toISOString();
      await sql`insert into tasks (rowid, id, owner_id, title, category, description, deadline, budget_cents, created_at, updated_at)
        values (1000, 'ahead', ${OWNER}, 'Poster for a jazz night', 'Design', 'A2', '2030-01-01', 100, ${now}, ${now})`.execute(
        database.db,
      );
      const rows = async () =>
        (
          await sql<{ id: string; rowid: number; search_rowid: number; indexed: number | null }>`
            select id, rowid, search_rowid,
              (select rowid from tasks_search where tasks_search match '"jazz night"') as indexed
            from tasks where id = 'ahead'`.execute(database.db)
        ).rows[0];
      const ahead = await rows();
      expect(ahead?.rowid).toBe(1000);
      expect(ahead?.search_rowid).not.toBe(1000);
      expect(ahead?.search_rowid).toBe(ahead?.indexed);

      // What VACUUM may do to a table without an INTEGER PRIMARY KEY: every rowid changes.
      await sql`update tasks set rowid = rowid + 5000`.execute(database.db);
      expect(await searchTitles("logo")).toEqual(["Logo design", "Logo refresh"]);
      const refresh = await database.db
        .selectFrom("tasks")
        .select("id")
        .where("title", "=", "Logo refresh")
        .executeTakeFirstOrThrow();
      await updateTask(database.db, refresh.id, task("Brand refresh"));
      await deleteTask(database.db, "ahead");
      const added = await insertTask(database.db, OWNER, task("Logo animation", "Jazz night intro"));
      expect(await searchTitles("logo")).toEqual(["Logo animation", "Logo design"]);
      expect(await searchTitles("refresh")).toEqual(["Brand refresh"]);
      expect(await searchTitles("jazz night")).toEqual(["Logo animation"]);
      await deleteTask(database.db, added);
      expect(await searchTitles("jazz")).toEqual([]);
      expect(await indexedRows()).toEqual(await taskRows());

      // A deleted user's tasks go by ON DELETE CASCADE, and their rows of the index with them.
      await database.db.deleteFrom("user").where("id", "=", OWNER).execute();
      expect(await taskRows()).toEqual([]);
      expect(await indexedRows()).toEqual([]);
    },
  );
});
