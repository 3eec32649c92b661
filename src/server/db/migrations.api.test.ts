import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../accounts/auth.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { type Database, openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrations.ts";

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
    expect(first).toEqual(["0001-accounts", "0002-tasks-and-bids", "0003-list-speed"]);
    const second = await migrateToLatest(database.db, database.dialect);
    expect(second).toEqual([]);
  });

  it("leave data in place across a restart", async () => {
    await database.db
      .insertInto("user")
      .values({
        id: "u1",
        name: "Kept",
        email: "kept@example.com",
        emailVerified: database.dialect === "sqlite" ? 0 : false,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    await database.close();
    database = openDatabase(testDb.config);
    expect(await migrateToLatest(database.db, database.dialect)).toEqual([]);
    const row = await database.db.selectFrom("user").select("name").where("id", "=", "u1").executeTakeFirst();
    expect(row?.name).toBe("Kept");
  });

  it("create every table and column better-auth expects", async () => {
    const config = { ...loadConfig({ AUTH_SECRET: "x".repeat(32), SEED_DEMO_DATA: "false" }), database: testDb.config };
    const auth = createAuth(config, database, { info() {}, warn() {}, error() {}, debug() {} } as never);
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
    await database.db.insertInto("bids").values({ id: "b1", task_id: "t1", bidder_id: "u1", bid_time: now }).execute();
    await expect(
      database.db.insertInto("bids").values({ id: "b2", task_id: "t1", bidder_id: "u1", bid_time: now }).execute(),
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

describe("upgrading a database that already holds tasks", () => {
  let oldDb: TestDatabase;
  let old: Database;
  beforeAll(async () => {
    oldDb = await createTestDatabase();
    old = openDatabase(oldDb.config);
  });
  afterAll(async () => {
    await old.close();
    await oldDb.drop();
  });

  it("counts the tasks it finds into the kept totals", async () => {
    expect(await migrateToLatest(old.db, old.dialect, "0002-tasks-and-bids")).toHaveLength(2);
    await insertTasks(old, [
      ["o1", "Design"],
      ["o2", "Writing"],
      ["o3", "Writing"],
    ]);
    expect(await migrateToLatest(old.db, old.dialect)).toEqual(["0003-list-speed"]);
    expect(await keptCounts(old)).toEqual({ Design: 1, Writing: 2 });
    await insertTasks(old, [["o4", "Design"]]);
    expect(await keptCounts(old)).toEqual({ Design: 2, Writing: 2 });
  });
});

async function insertTasks(target: Database, tasks: Array<[id: string, category: string]>) {
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
  for (const [id, category] of tasks) {
    await target.db
      .insertInto("tasks")
      .values({
        id,
        owner_id: ownerId,
        title: "T",
        category,
        description: "D",
        deadline: "2030-01-01",
        budget_cents: 100,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
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
