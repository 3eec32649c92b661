import { randomBytes } from "node:crypto";
import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../accounts/auth.ts";
import { loadConfig } from "../config.ts";
import { originPolicy } from "../http/origins.ts";
import { listTasks } from "../tasks/task-search-repository.ts";
import {
  createTestDatabase,
  DEFAULT_TEST_DATABASE_URL,
  insertTestUser,
  type TestDatabase,
  testDialect,
} from "../test/test-database.ts";
import { type Database, openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = openDatabase(testDb.config);
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

describe("migrations", () => {
  it("build a fresh database, then find nothing to do on the next start", async () => {
    const first = await migrateToLatest(database.db, database.dialect);
    expect(first).toEqual([
      "0001-accounts",
      "0002-tasks-and-bids",
      "0003-list-speed",
      "0004-search",
      "0005-hiring",
      "0006-questions",
      "0007-messages",
      "0008-notifications",
      "0009-word-search",
      "0010-search-word-starts",
      "0011-search-blocks",
      "0012-doors-hold",
      "0013-deleted-task-offers",
      "0014-reputation",
      "0015-moderation",
      "0016-no-replacing-the-audit-log",
      "0017-payments",
      "0018-disputes",
      "0019-provider-calls",
      "0020-checkout-address",
      "0021-payout-accounts",
      "0022-sanction-decisions",
      "0023-email-sites",
      "0024-people-search-folds-accents",
      "0025-invitations",
      "0026-changes-announced-by-redis",
      "0027-saved-searches",
      "0028-task-alerts",
      "0029-task-search-folds-accents",
    ]);
    const second = await migrateToLatest(database.db, database.dialect);
    expect(second).toEqual([]);
  });

  it("leave data in place across a restart", async () => {
    await insertTestUser(database, "u1", "Kept");
    await database.close();
    database = openDatabase(testDb.config);
    expect(await migrateToLatest(database.db, database.dialect)).toEqual([]);
    const row = await database.db.selectFrom("user").select("name").where("id", "=", "u1").executeTakeFirst();
    expect(row?.name).toBe("Kept");
  });

  it("create every table and column better-auth expects", async () => {
    const config = { ...loadConfig({ AUTH_SECRET: "x".repeat(32), SEED_DEMO_DATA: "false" }), database: testDb.config };
    const origins = originPolicy({ publicUrl: null, trustedOrigins: [] });
    const noEmails = { passwordReset: async () => {}, verification: async () => {} };
    const auth = createAuth(
      config,
      database,
      origins,
      { info() {}, warn() {}, error() {}, debug() {} } as never,
      noEmails,
    );
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });

  it("enforce one bid per user and task in the schema itself", async () => {
    const now = new Date().toISOString();
    await database.db
      .insertInto("tasks")
      .values({
        id: "t1",
        owner_id: "u1",
        title: "T",
        category: "Design",
        description: "D",
        deadline: "2030-01-01",
        budget_cents: 100,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const bid = { task_id: "t1", bidder_id: "u1", bid_time: now, amount_cents: 100 };
    await database.db
      .insertInto("bids")
      .values({ id: "b1", ...bid })
      .execute();
    await expect(
      database.db
        .insertInto("bids")
        .values({ id: "b2", ...bid })
        .execute(),
    ).rejects.toThrow();
  });

  it("index every list the API reads", async () => {
    const indexes =
      database.dialect === "sqlite"
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(database.db)).rows
        : (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(database.db)
          ).rows;
    expect(indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining([
        "tasks_created_idx",
        "tasks_deadline_idx",
        "tasks_budget_idx",
        "tasks_category_created_idx",
        "tasks_owner_created_idx",
        "tasks_category_deadline_idx",
        "tasks_category_budget_idx",
        "tasks_status_created_idx",
        "tasks_status_deadline_idx",
        "tasks_status_budget_idx",
        "tasks_assignee_idx",
        "bids_bidder_time_idx",
        "bids_task_time_idx",
      ]),
    );
  });

  it("keep the tasks per category in step with every insert, change of category and delete", async () => {
    await insertTasks(database, [
      ["c1", "Design"],
      ["c2", "Design"],
      ["c3", "Writing"],
      ["c4", "Marketing"],
    ]);
    await database.db.updateTable("tasks").set({ category: "Writing" }).where("id", "=", "c1").execute();
    await database.db.updateTable("tasks").set({ title: "Renamed" }).where("id", "=", "c2").execute();
    await database.db.deleteFrom("tasks").where("id", "=", "c4").execute();
    expect(await keptCounts(database)).toEqual(await actualCounts(database));
    expect(await keptCounts(database)).toEqual({ Design: 2, Writing: 2, Marketing: 0 });
  });
});

/** A database of its own for a describe block, opened before its tests and dropped after. */
function emptyDatabase(): { current: Database } {
  const holder = {} as { current: Database; test: TestDatabase };
  beforeAll(async () => {
    holder.test = await createTestDatabase();
    holder.current = openDatabase(holder.test.config);
  });
  afterAll(async () => {
    await holder.current.close();
    await holder.test.drop();
  });
  return holder;
}

describe("upgrading a database that already holds tasks", () => {
  const target = emptyDatabase();

  it("counts the tasks it finds into the kept totals", async () => {
    expect(
      await migrateToLatest(target.current.db, target.current.dialect, { upTo: "0002-tasks-and-bids" }),
    ).toHaveLength(2);
    await insertTasks(target.current, [
      ["o1", "Design"],
      ["o2", "Writing"],
      ["o3", "Writing"],
    ]);
    expect(await migrateToLatest(target.current.db, target.current.dialect, { upTo: "0003-list-speed" })).toEqual([
      "0003-list-speed",
    ]);
    expect(await keptCounts(target.current)).toEqual({ Design: 1, Writing: 2 });
    await insertTasks(target.current, [["o4", "Design"]]);
    expect(await keptCounts(target.current)).toEqual({ Design: 2, Writing: 2 });
  });

  it("indexes the tasks it finds for search, and keeps them indexed through later changes", async () => {
    await insertTasks(target.current, [
      ["s1", "Design", "Poster for a jazz night", "Two colours, A2"],
      ["s2", "Writing", "Menu copy", "A jazz brunch menu, in French and English"],
      ["s3", "Writing", "Blog post", "Gardening tips"],
    ]);
    expect(await migrateToLatest(target.current.db, target.current.dialect)).toEqual([
      "0004-search",
      "0005-hiring",
      "0006-questions",
      "0007-messages",
      "0008-notifications",
      "0009-word-search",
      "0010-search-word-starts",
      "0011-search-blocks",
      "0012-doors-hold",
      "0013-deleted-task-offers",
      "0014-reputation",
      "0015-moderation",
      "0016-no-replacing-the-audit-log",
      "0017-payments",
      "0018-disputes",
      "0019-provider-calls",
      "0020-checkout-address",
      "0021-payout-accounts",
      "0022-sanction-decisions",
      "0023-email-sites",
      "0024-people-search-folds-accents",
      "0025-invitations",
      "0026-changes-announced-by-redis",
      "0027-saved-searches",
      "0028-task-alerts",
      "0029-task-search-folds-accents",
    ]);
    expect(await searchTitles(target.current, "JAZZ")).toEqual(["Menu copy", "Poster for a jazz night"]);
    expect(await searchTitles(target.current, "gardening")).toEqual(["Blog post"]);

    await insertTasks(target.current, [["s4", "Marketing", "Jazz festival flyers", "Print-ready"]]);
    await target.current.db
      .updateTable("tasks")
      .set({ title: "Poster for a folk night" })
      .where("id", "=", "s1")
      .execute();
    await target.current.db.deleteFrom("tasks").where("id", "=", "s2").execute();
    expect(await searchTitles(target.current, "jazz")).toEqual(["Jazz festival flyers"]);
    expect(await searchTitles(target.current, "folk night")).toEqual(["Poster for a folk night"]);

    if (target.current.dialect === "postgres") {
      // Numbered in the order they were posted, the later one next (0011), and found in their block
      // by the entries of their words with it (decision 018).
      const { rows } = await sql<{ id: string; search_seq: string; blocked: boolean }>`
        select id, search_seq, search_blocks @@ ${"'jazz#0' & 'festival#0'"}::tsquery as blocked
        from tasks order by search_seq`.execute(target.current.db);
      expect(rows.map((row) => [row.id, Number(row.search_seq), row.blocked])).toEqual([
        ["o1", 1, false],
        ["o2", 2, false],
        ["o3", 3, false],
        ["o4", 4, false],
        ["s1", 5, false],
        ["s3", 7, false],
        ["s4", 8, true],
      ]);
    }
  });
});

describe("upgrading a database that already holds bids", () => {
  const target = emptyDatabase();

  it("makes old bids pending offers at their task's budget and old tasks open, counted by status", async () => {
    expect(await migrateToLatest(target.current.db, target.current.dialect, { upTo: "0004-search" })).toHaveLength(4);
    await insertTasks(target.current, [
      ["h1", "Design"],
      ["h2", "Marketing"],
    ]);
    await target.current.db.updateTable("tasks").set({ budget_cents: 45_000 }).where("id", "=", "h1").execute();
    const now = new Date().toISOString();
    // Bids as the schema before 0005 had them: no amount, no status.
    for (const [id, taskId] of [
      ["ob1", "h1"],
      ["ob2", "h2"],
    ]) {
      await sql`insert into bids (id, task_id, bidder_id, bid_time) values (${id}, ${taskId}, ${"owner"}, ${now})`.execute(
        target.current.db,
      );
    }
    expect(await migrateToLatest(target.current.db, target.current.dialect)).toEqual([
      "0005-hiring",
      "0006-questions",
      "0007-messages",
      "0008-notifications",
      "0009-word-search",
      "0010-search-word-starts",
      "0011-search-blocks",
      "0012-doors-hold",
      "0013-deleted-task-offers",
      "0014-reputation",
      "0015-moderation",
      "0016-no-replacing-the-audit-log",
      "0017-payments",
      "0018-disputes",
      "0019-provider-calls",
      "0020-checkout-address",
      "0021-payout-accounts",
      "0022-sanction-decisions",
      "0023-email-sites",
      "0024-people-search-folds-accents",
      "0025-invitations",
      "0026-changes-announced-by-redis",
      "0027-saved-searches",
      "0028-task-alerts",
      "0029-task-search-folds-accents",
    ]);

    const bids = await target.current.db
      .selectFrom("bids")
      .select(["id", "amount_cents", "status", "days", "message"])
      .orderBy("id")
      .execute();
    expect(bids.map((bid) => ({ ...bid, amount_cents: Number(bid.amount_cents) }))).toEqual([
      { id: "ob1", amount_cents: 45_000, status: "pending", days: null, message: null },
      { id: "ob2", amount_cents: 100, status: "pending", days: null, message: null },
    ]);
    const statuses = await target.current.db.selectFrom("tasks").select("status").distinct().execute();
    expect(statuses).toEqual([{ status: "open" }]);
    const counted = await target.current.db
      .selectFrom("task_counts")
      .select(["category", "status", "total"])
      .where("total", ">", 0)
      .execute();
    const actual = await target.current.db
      .selectFrom("tasks")
      .select((eb) => ["category", "status", eb.fn.countAll<number>().as("total")])
      .groupBy(["category", "status"])
      .execute();
    const sorted = (rows: Array<{ category: string; status: string; total: number | string }>) =>
      rows.map((row) => `${row.category}/${row.status}=${Number(row.total)}`).sort();
    expect(sorted(counted)).toEqual(sorted(actual));

    // The totals follow a status change, as they follow a category change.
    await target.current.db.updateTable("tasks").set({ status: "cancelled" }).where("id", "=", "h1").execute();
    const { total } = await listTasks(target.current, { status: ["cancelled"], sort: "newest", page: 1, limit: 10 });
    expect(total).toBe(1);
  });
});

describe("upgrading to 0022: the sanctions of one decision", () => {
  const target = emptyDatabase();

  it("groups each decision's sanctions, but keeps one already appealed on its own so the rest can be appealed", async () => {
    const { db, dialect } = target.current;
    await migrateToLatest(db, dialect, { upTo: "0021-payout-accounts" });
    for (const id of ["author", "moderator"]) await insertTestUser(target.current, id);
    const at = "2026-11-01T10:00:00.000Z";
    const later = "2026-11-02T10:00:00.000Z";
    const sanction = (id: string, kind: string, created_at: string, appealed_at: string | null = null) => ({
      id,
      user_id: "author",
      kind,
      rule: "honest",
      note: "A decision",
      target_kind: "task",
      target_id: "t1",
      task_id: "t1",
      target_title: "A task",
      created_by: "moderator",
      created_at,
      appealed_at,
      appeal_text: appealed_at ? "Please look again" : null,
    });
    await db
      .insertInto("sanctions")
      .values([
        // Remove + limit, never appealed: one decision.
        sanction("s1", "remove", at),
        sanction("s2", "limit", at),
        // A later remove + limit whose removal alone was appealed before decisions were one unit.
        sanction("s3", "remove", later, later),
        sanction("s4", "limit", later),
      ])
      .execute();
    await migrateToLatest(db, dialect);
    const rows = await db.selectFrom("sanctions").select(["id", "decision_id"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "s1", decision_id: "s1" },
      { id: "s2", decision_id: "s1" },
      { id: "s3", decision_id: "s3" },
      { id: "s4", decision_id: "s4" },
    ]);
  });
});

describe("upgrading to 0012: hired offers of cancelled tasks, twice-linked accounts", () => {
  const target = emptyDatabase();

  it("cancels the hired offer of a task cancelled while assigned, and keeps one of two links to one account", async () => {
    const { db, dialect } = target.current;
    expect(await migrateToLatest(db, dialect, { upTo: "0011-search-blocks" })).toHaveLength(11);
    await insertTasks(target.current, [
      ["c1", "Design"],
      ["c2", "Design"],
    ]);
    await insertTestUser(target.current, "hired");
    const now = new Date().toISOString();
    await db.updateTable("tasks").set({ status: "cancelled", assignee_id: "hired" }).where("id", "=", "c1").execute();
    await db.updateTable("tasks").set({ status: "assigned", assignee_id: "hired" }).where("id", "=", "c2").execute();
    for (const [id, taskId] of [
      ["hb1", "c1"],
      ["hb2", "c2"],
    ] as const) {
      await db
        .insertInto("bids")
        .values({ id, task_id: taskId, bidder_id: "hired", bid_time: now, amount_cents: 100, status: "accepted" })
        .execute();
    }
    // Two first sign-ins at once linked one Firebase account twice (before the unique index).
    for (const [id, createdAt] of [
      ["a-late", "2026-01-02T00:00:00.000Z"],
      ["a-first", "2026-01-01T00:00:00.000Z"],
    ] as const) {
      await db
        .insertInto("account")
        .values({ id, accountId: "fb-1", providerId: "firebase", userId: "hired", createdAt, updatedAt: createdAt })
        .execute();
    }

    expect(await migrateToLatest(db, dialect)).toEqual([
      "0012-doors-hold",
      "0013-deleted-task-offers",
      "0014-reputation",
      "0015-moderation",
      "0016-no-replacing-the-audit-log",
      "0017-payments",
      "0018-disputes",
      "0019-provider-calls",
      "0020-checkout-address",
      "0021-payout-accounts",
      "0022-sanction-decisions",
      "0023-email-sites",
      "0024-people-search-folds-accents",
      "0025-invitations",
      "0026-changes-announced-by-redis",
      "0027-saved-searches",
      "0028-task-alerts",
      "0029-task-search-folds-accents",
    ]);
    const bids = await db.selectFrom("bids").select(["id", "status", "changed_at"]).orderBy("id").execute();
    expect(bids).toEqual([
      { id: "hb1", status: "cancelled", changed_at: null },
      { id: "hb2", status: "accepted", changed_at: null },
    ]);
    const links = await db.selectFrom("account").select("id").where("accountId", "=", "fb-1").execute();
    expect(links).toEqual([{ id: "a-first" }]);
    await expect(
      db
        .insertInto("account")
        .values({
          id: "a-again",
          accountId: "fb-1",
          providerId: "firebase",
          userId: "hired",
          createdAt: now,
          updatedAt: now,
        })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});

describe("upgrading to 0029: accents folded in task search and saved searches", () => {
  const target = emptyDatabase();

  it("finds the tasks already posted whatever their accents, and folds the saved searches' key words", async () => {
    const { db, dialect } = target.current;
    expect(await migrateToLatest(db, dialect, { upTo: "0028-task-alerts" })).toHaveLength(28);
    await insertTasks(target.current, [
      ["f1", "Design", "Café opening poster", "São Paulo, two colours"],
      ["f2", "Writing", "Menu copy", "Crème brûlée and coffee"],
    ]);
    await insertTestUser(target.current, "seeker");
    const now = new Date().toISOString();
    const search = { user_id: "seeker", frequency: "instant", created_at: now, updated_at: now };
    await db
      .insertInto("saved_searches")
      .values([
        { ...search, id: "ss1", name: "Brûlée", q: "crème brûlée", key_word: "brûlée" },
        { ...search, id: "ss2", name: "Poster", q: "poster", key_word: "poster" },
      ])
      .execute();

    expect(await migrateToLatest(db, dialect)).toEqual(["0029-task-search-folds-accents"]);
    expect(await searchTitles(target.current, "cafe")).toEqual(["Café opening poster"]);
    expect(await searchTitles(target.current, "SAO paulo")).toEqual(["Café opening poster"]);
    expect(await searchTitles(target.current, "creme brulee")).toEqual(["Menu copy"]);
    expect(await searchTitles(target.current, "crème")).toEqual(["Menu copy"]);
    const keys = await db.selectFrom("saved_searches").select(["id", "key_word"]).orderBy("id").execute();
    expect(keys).toEqual([
      { id: "ss1", key_word: "brulee" },
      { id: "ss2", key_word: "poster" },
    ]);
    // A task posted after is folded as it is written.
    await insertTasks(target.current, [["f3", "Design", "Logo for a crêperie", "D"]]);
    expect(await searchTitles(target.current, "creperie")).toEqual(["Logo for a crêperie"]);
  });
});

describe("upgrading to 0014: the hires the tasks already hold", () => {
  const target = emptyDatabase();

  it("takes an assignment from each task assigned, completed or cancelled with a freelancer, and counts completions", async () => {
    const { db, dialect } = target.current;
    expect(await migrateToLatest(db, dialect, { upTo: "0013-deleted-task-offers" })).toHaveLength(13);
    await insertTasks(target.current, [
      ["t-open", "Design"],
      ["t-assigned", "Design"],
      ["t-done", "Writing"],
      ["t-done-too", "Writing"],
      ["t-cancelled", "Design"],
      ["t-cancelled-open", "Design"],
      ["t-done-10-days", "Writing"],
      ["t-cancelled-2-days", "Design"],
    ]);
    await insertTestUser(target.current, "hired");
    await insertTestUser(target.current, "other");
    const at = "2026-03-01T10:00:00.000Z";
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    const tenDaysAgo = daysAgo(10);
    const twoDaysAgo = daysAgo(2);
    const set = (id: string, status: string, assignee: string | null, when = at) =>
      db.updateTable("tasks").set({ status, assignee_id: assignee, updated_at: when }).where("id", "=", id).execute();
    await set("t-assigned", "assigned", "hired");
    await set("t-done", "completed", "hired");
    await set("t-done-too", "completed", "hired");
    await set("t-cancelled", "cancelled", "other");
    await set("t-cancelled-open", "cancelled", null);
    await set("t-done-10-days", "completed", "other", tenDaysAgo);
    await set("t-cancelled-2-days", "cancelled", "hired", twoDaysAgo);

    const before = new Date().toISOString();
    expect(await migrateToLatest(db, dialect, { upTo: "0014-reputation" })).toEqual(["0014-reputation"]);
    const after = new Date().toISOString();
    const rows = await db
      .selectFrom("assignments")
      .select([
        "id",
        "task_id",
        "client_id",
        "freelancer_id",
        "assigned_at",
        "outcome",
        "ended_at",
        "reminded_at",
        "reviews_closed_at",
      ])
      .orderBy("task_id")
      .execute();
    // The migration's moment, where one is set (each the same for every hire).
    const migratedAt = rows.find((row) => row.reviews_closed_at !== null)?.reviews_closed_at;
    expect(migratedAt !== undefined && migratedAt !== null && before <= migratedAt && migratedAt <= after).toBe(true);
    const hire = (
      taskId: string,
      freelancer: string,
      outcome: string,
      ended: string | null,
      marked: { reminded?: boolean; closed?: boolean } = {},
    ) => ({
      id: `a-${taskId}`,
      task_id: taskId,
      client_id: "owner",
      freelancer_id: freelancer,
      assigned_at: ended ?? at,
      outcome,
      ended_at: ended,
      reminded_at: marked.reminded ? migratedAt : null,
      reviews_closed_at: marked.closed ? migratedAt : null,
    });
    // Ended before reviews existed: closed past the window (the job has nothing to do with them) and
    // counted reminded past its half (nobody reminded of a review that could not be written then).
    const old = { reminded: true, closed: true };
    expect(rows).toEqual([
      hire("t-assigned", "hired", "active", null),
      hire("t-cancelled", "other", "cancelled", at, old),
      hire("t-cancelled-2-days", "hired", "cancelled", twoDaysAgo),
      hire("t-done", "hired", "completed", at, old),
      hire("t-done-10-days", "other", "completed", tenDaysAgo, { reminded: true }),
      hire("t-done-too", "hired", "completed", at, old),
    ]);
    const records = await db
      .selectFrom("profiles")
      .select(["user_id", "completed", "listed"])
      .orderBy("user_id")
      .execute();
    expect(records.map((row) => ({ ...row, completed: Number(row.completed), listed: Number(row.listed) }))).toEqual([
      { user_id: "hired", completed: 2, listed: 1 },
      { user_id: "other", completed: 1, listed: 1 },
    ]);
  });
});

describe("a migration that fails half-way", () => {
  const target = emptyDatabase();

  it("leaves the schema and the data as they were, and is not recorded as done", async () => {
    const { db, dialect } = target.current;
    await migrateToLatest(db, dialect);
    await insertTasks(target.current, [["kept", "Design", "Kept title"]]);
    const failing = {
      "9999-fails-half-way": {
        async up(trx: typeof db) {
          await sql`create table half_made (id text primary key)`.execute(trx);
          await sql`alter table tasks add column half_column text`.execute(trx);
          await sql`update tasks set title = 'Changed by a failed migration'`.execute(trx);
          throw new Error("the migration stopped here");
        },
      },
    };
    await expect(migrateToLatest(db, dialect, { extra: failing })).rejects.toThrow("the migration stopped here");

    const tables =
      dialect === "sqlite"
        ? await sql<{ name: string }>`select name from sqlite_master where name = 'half_made'`.execute(db)
        : await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_name = 'half_made'`.execute(db);
    expect(tables.rows).toEqual([]);
    const task = await sql<Record<string, unknown>>`select * from tasks where id = 'kept'`.execute(db);
    expect(task.rows[0]).toMatchObject({ title: "Kept title" });
    expect(task.rows[0]).not.toHaveProperty("half_column");
    // Nothing recorded: with the fault gone, the same migration runs.
    const fixed = { "9999-fails-half-way": { async up() {} } };
    expect(await migrateToLatest(db, dialect, { extra: fixed })).toEqual(["9999-fails-half-way"]);
  });
});

async function insertTasks(
  target: Database,
  tasks: Array<[id: string, category: string, title?: string, description?: string]>,
) {
  const now = new Date().toISOString();
  const owner = await target.db.selectFrom("user").select("id").executeTakeFirst();
  const ownerId =
    owner?.id ??
    (
      await target.db
        .insertInto("user")
        .values({
          id: "owner",
          name: "Owner",
          email: "owner@example.com",
          emailVerified: target.dialect === "sqlite" ? 0 : false,
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  for (const [id, category, title = "T", description = "D"] of tasks) {
    await target.db
      .insertInto("tasks")
      .values({
        id,
        owner_id: ownerId,
        title,
        category,
        description,
        deadline: "2030-01-01",
        budget_cents: 100,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

/** Titles of the tasks a search finds, as the API lists them. */
async function searchTitles(target: Database, q: string): Promise<string[]> {
  const { tasks } = await listTasks(target, { q, sort: "newest", page: 1, limit: 100 });
  return tasks.map((task) => task.title).sort();
}

async function keptCounts(target: Database): Promise<Record<string, number>> {
  const rows = await target.db.selectFrom("task_counts").select(["category", "total"]).execute();
  return Object.fromEntries(rows.map((row) => [row.category, Number(row.total)]));
}

async function actualCounts(target: Database): Promise<Record<string, number>> {
  const rows = await target.db
    .selectFrom("tasks")
    .select((eb) => ["category", eb.fn.countAll<number>().as("total")])
    .groupBy("category")
    .execute();
  const kept = await keptCounts(target);
  // A category whose last task went keeps its row at 0.
  return {
    ...Object.fromEntries(Object.keys(kept).map((category) => [category, 0])),
    ...Object.fromEntries(rows.map((row) => [row.category, Number(row.total)])),
  };
}

/**
 * pg_trgm lives once per PostgreSQL database, and the test database has it after the first run: these
 * tests make a database of their own without it (and, for the privilege, a role of their own).
 */
describe.runIf(testDialect() === "postgres")("pg_trgm in a database that does not have it yet", () => {
  const server = new URL(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL);
  const name = `quickgig_trgm_${randomBytes(4).toString("hex")}`;
  const created: string[] = [];

  async function asAdmin(database: string, statements: string[]) {
    const url = new URL(server);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  }

  /** A new database with an empty schema "app" owned by `owner`, opened as `user`. */
  async function freshDatabase(suffix: string, owner: string, user: string): Promise<Database> {
    const database = `${name}_${suffix}`;
    await asAdmin(server.pathname.slice(1), [`create database ${database} template template0`]);
    created.push(database);
    await asAdmin(database, [`create schema app authorization ${owner}`]);
    const url = new URL(server);
    url.pathname = `/${database}`;
    url.username = user;
    return openDatabase({ dialect: "postgres", connectionString: url.toString(), schema: "app" });
  }

  async function sessionsWaitingOnLocks(database: string): Promise<number> {
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select count(*)::int as waiting from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
        [database],
      );
      return rows[0].waiting;
    } finally {
      await client.end();
    }
  }

  async function trigramIndexes(target: Database): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
      where schemaname = 'app' and indexname like '%trgm%' order by indexname`.execute(target.db);
    return rows.map((row) => row.name);
  }

  afterAll(async () => {
    const admin = server.pathname.slice(1);
    for (const database of created) await asAdmin(admin, [`drop database if exists ${database} with (force)`]);
    await asAdmin(admin, [`drop role if exists ${name}`]);
  });

  it("migrates without the privilege to create it, warns that search reads every task, and still searches", async () => {
    await asAdmin(server.pathname.slice(1), [`create role ${name} login`]);
    const target = await freshDatabase("noprivilege", name, name);
    try {
      const warnings: string[] = [];
      expect(
        await migrateToLatest(target.db, target.dialect, { log: { warn: (line) => warnings.push(line) } }),
      ).toEqual([
        "0001-accounts",
        "0002-tasks-and-bids",
        "0003-list-speed",
        "0004-search",
        "0005-hiring",
        "0006-questions",
        "0007-messages",
        "0008-notifications",
        "0009-word-search",
        "0010-search-word-starts",
        "0011-search-blocks",
        "0012-doors-hold",
        "0013-deleted-task-offers",
        "0014-reputation",
        "0015-moderation",
        "0016-no-replacing-the-audit-log",
        "0017-payments",
        "0018-disputes",
        "0019-provider-calls",
        "0020-checkout-address",
        "0021-payout-accounts",
        "0022-sanction-decisions",
        "0023-email-sites",
        "0024-people-search-folds-accents",
        "0025-invitations",
        "0026-changes-announced-by-redis",
        "0027-saved-searches",
        "0028-task-alerts",
        "0029-task-search-folds-accents",
      ]);
      // Migration 0004 warns; 0009 replaces its indexes by full-text search, which needs no extension.
      // 0014 and 0024 warn that Find Freelancers reads every profile.
      expect(warnings).toEqual([
        expect.stringMatching(/^Search will read every task: the pg_trgm extension could not/),
        expect.stringMatching(/^Find Freelancers will read every profile: the pg_trgm extension could not/),
        expect.stringMatching(/^Find Freelancers will read every profile: without the pg_trgm extension/),
      ]);
      expect(warnings[0]).toContain("permission denied");
      expect(await trigramIndexes(target)).toEqual([]);
      await insertTasks(target, [["p1", "Design", "Poster for a jazz night"]]);
      expect(await searchTitles(target, "jazz")).toEqual(["Poster for a jazz night"]);
    } finally {
      await target.close();
    }
  });

  it("migrates when another session creates it at the same moment", async () => {
    const target = await freshDatabase("race", "postgres", "postgres");
    const url = new URL(server);
    url.pathname = `/${name}_race`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("create extension pg_trgm with schema public");
      const warnings: string[] = [];
      const migrating = migrateToLatest(target.db, target.dialect, {
        upTo: "0004-search",
        log: { warn: (line) => warnings.push(line) },
      });
      // The migration's create waits on the other session's uncommitted extension.
      await expect.poll(() => sessionsWaitingOnLocks(`${name}_race`), { timeout: 10_000 }).toBe(1);
      await other.query("commit");
      expect(await migrating).toContain("0004-search");
      expect(warnings).toEqual([]);
      expect(await trigramIndexes(target)).toEqual(["tasks_description_trgm_idx", "tasks_title_trgm_idx"]);
    } finally {
      await other.end();
      await target.close();
    }
  });
});
