import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Dialect } from "./database.ts";
import { type MigrationLog, migrationContext } from "./migrations/context.ts";
import { allMigrations } from "./migrations/index.ts";

export type { MigrationLog };

/**
 * Runs the migrations not yet applied, all of them or (for upgrade tests) those up to `upTo`, each
 * in a transaction of its own on both databases: one that fails leaves the schema and the data as
 * the one before it left them. `extra` follows the app's own (tests make one fail).
 */
export async function migrateToLatest(
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before, and outside, the typed schema
  db: Kysely<any>,
  dialect: Dialect,
  { upTo, log = console, extra = {} }: { upTo?: string; log?: MigrationLog; extra?: Record<string, Migration> } = {},
): Promise<string[]> {
  const migrations = { ...allMigrations(migrationContext(dialect, log)), ...extra };
  // Kysely looks for its own tables in every schema; on PostgreSQL, pin them to ours.
  const schema =
    dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const known = await migrator.getMigrations();
  const names = known.map((migration) => migration.name);
  if (upTo !== undefined && !names.includes(upTo)) throw new Error(`There is no migration ${upTo}.`);
  const pending = known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  const last = upTo === undefined ? names.length : names.indexOf(upTo) + 1;
  const applied: string[] = [];
  // One at a time (Kysely's migrator would run all that are pending in one transaction), and only
  // forward: to migrate to an earlier name would undo the later ones.
  for (const name of pending.filter((pendingName) => names.indexOf(pendingName) < last)) {
    const { error, results } = await migrator.migrateTo(name);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    applied.push(...(results ?? []).map((result) => result.migrationName));
  }
  // Kept for SQLite's planner: it needs statistics to choose among several usable indexes.
  if (dialect === "sqlite" && applied.length > 0) await sql`PRAGMA optimize`.execute(db);
  return applied;
}
