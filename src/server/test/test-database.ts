import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { Database } from "../config.ts";
import type { Database as OpenDatabase } from "../db/database.ts";

export const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

/** Which database this test run uses; vitest's projects set TEST_DB to sqlite or postgres. */
export function testDialect(): "sqlite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
}

export interface TestDatabase {
  config: Database;
  /** The same database as a DATABASE_URL, for a server started as a separate process. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of its own: a temporary SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(dialect = testDialect()): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "quickgig-test-"));
    const file = path.join(dir, "quickgig.db");
    return {
      config: { dialect: "sqlite", file },
      url: file,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const connectionString = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(connectionString);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    config: { dialect: "postgres", connectionString, schema },
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/** A user row written straight into a database, for tests of what hangs off users (tasks, the search index). */
export async function insertTestUser({ db, dialect }: OpenDatabase, id: string, name = id): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto("user")
    .values({
      id,
      name,
      email: `${id}@example.com`,
      emailVerified: dialect === "sqlite" ? 0 : false,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
