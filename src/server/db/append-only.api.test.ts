import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";
import { APPEND_ONLY_TABLES, type AppendOnlyTable } from "./append-only.ts";
import { type Database, openDatabase } from "./database.ts";

/**
 * Every append-only table refuses, in the database itself, whatever would change a row once
 * written: UPDATE, DELETE, TRUNCATE, and the inserts that replace (issue 42: SQLite's REPLACE
 * deleted the row it met without firing the DELETE trigger).
 */
const ctx = setupTestApp();
let database: Database;
beforeAll(() => {
  database = openDatabase(ctx.database.config);
});
afterAll(() => database.close());

/** A row of each table, as its owner writes one; a table listed without one fails below. */
const SAMPLES: Record<AppendOnlyTable, (id: string) => Record<string, string | number | null>> = {
  moderation_log: (id) => ({
    id,
    at: new Date().toISOString(),
    actor_id: null,
    actor_name: "Command line",
    action: "dismiss",
    target_kind: "task",
    target_id: "t-1",
    subject_id: null,
    subject_name: null,
    rule: null,
    note: `Written as ${id}`,
    sanction_id: null,
  }),
  ledger_transactions: (id) => ({
    id,
    at: new Date().toISOString(),
    kind: "hold",
    payment_id: "p-1",
    task_id: "t-1",
    note: `Written as ${id}`,
  }),
  // On the transaction written before the table's test (see PARENTS).
  ledger_entries: (id) => ({ id, transaction_id: "parent-1", account: "fees", cents: 100, note: `Written as ${id}` }),
};

/** Rows a table's sample refers to, written first. */
const PARENTS: Partial<Record<AppendOnlyTable, () => ReturnType<typeof insertSql>>> = {
  ledger_entries: () => insertSql("insert", "ledger_transactions", SAMPLES.ledger_transactions("parent-1")),
};

function insertSql(verb: string, table: string, row: Record<string, string | number | null>, tail = sql``) {
  const columns = Object.keys(row);
  return sql`${sql.raw(verb)} into ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column)))})
    values (${sql.join(columns.map((column) => row[column]))}) ${tail}`;
}

async function rowsOf(table: string) {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(
    database.db,
  );
  return rows;
}

describe.each(Object.entries(APPEND_ONLY_TABLES) as Array<[AppendOnlyTable, string]>)(
  "the append-only table %s",
  (table, refusal) => {
    it("takes new rows and refuses every change to one written, in the database", async () => {
      const sample = SAMPLES[table];
      expect(sample, `a sample row of ${table}`).toBeTypeOf("function");
      const { db } = database;
      await PARENTS[table]?.().execute(db);
      const already = (await rowsOf(table)).length;
      await insertSql("insert", table, sample(`${table}-1`)).execute(db);
      await insertSql("insert", table, sample(`${table}-2`)).execute(db);
      const before = await rowsOf(table);
      expect(before).toHaveLength(already + 2);
      const rewritten = { ...sample(`${table}-1`), note: "Rewritten" };

      const attempts = [
        sql`update ${sql.table(table)} set id = id`,
        sql`delete from ${sql.table(table)} where id = ${`${table}-1`}`,
        insertSql("insert", table, rewritten, sql`on conflict (id) do update set id = excluded.id`),
      ];
      if (testDialect() === "sqlite") {
        const { rows } = await sql<{
          rowid: number;
        }>`select rowid from ${sql.table(table)} where id = ${`${table}-2`}`.execute(db);
        attempts.push(
          insertSql("replace", table, rewritten),
          insertSql("insert or replace", table, rewritten),
          // Under a new id but the rowid of an existing row: the same deletion, by the other key.
          insertSql("replace", table, { rowid: Number(rows[0]?.rowid), ...sample(`${table}-new`) }),
        );
      } else {
        // With cascade: a table others refer to is refused by its own trigger, not by their references.
        attempts.push(sql`truncate ${sql.table(table)} cascade`);
      }
      for (const attempt of attempts) {
        await expect(attempt.execute(db), attempt.compile(db).sql).rejects.toThrow(refusal);
      }
      expect(await rowsOf(table)).toEqual(before);
    });
  },
);
