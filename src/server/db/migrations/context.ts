import type { Dialect } from "../database.ts";

/** Where a migration reports what it could not do (the app's logger; the console elsewhere). */
export interface MigrationLog {
  warn(message: string): void;
}

/**
 * What a migration is made with: one list of migrations serves both dialects, and only column
 * types differ (better-auth's own tables take the types its schema generator would choose).
 */
export interface MigrationContext {
  dialect: Dialect;
  log: MigrationLog;
  /** better-auth's date columns: timestamptz on PostgreSQL, date on SQLite. */
  timestamp: "timestamptz" | "date";
  /** better-auth's flags: boolean on PostgreSQL, integer (0 or 1) on SQLite. */
  boolean: "boolean" | "integer";
}

export function migrationContext(dialect: Dialect, log: MigrationLog): MigrationContext {
  return {
    dialect,
    log,
    timestamp: dialect === "postgres" ? "timestamptz" : "date",
    boolean: dialect === "postgres" ? "boolean" : "integer",
  };
}
