import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DialectAdapter,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
} from "kysely";
import pg from "pg";
import type { Database as DatabaseConfig } from "../config.ts";
import type { DB } from "./schema.ts";

export type Dialect = DatabaseConfig["dialect"];

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

// COUNT(*) and bigint come back from pg as strings; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * `announceByRedis`: the processes tell one another of changes through Redis (issue 46), so this
 * pool's connections say so, and the trigger of migration 0026 then calls no pg_notify.
 */
export function openDatabase(config: DatabaseConfig, options: { announceByRedis?: boolean } = {}): Database {
  if (config.dialect === "sqlite") {
    if (config.file !== ":memory:") mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma("journal_mode = WAL");
    // NORMAL keeps every committed transaction through a process crash; only a power cut may lose the last ones.
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    const db = new Kysely<DB>({ dialect: new TransactionalSqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: "sqlite", close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: config.connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  // A client that loses its server, idle in the pool or checked out between two queries, emits
  // "error"; unheard, that would end the process. The query in flight fails on its own (503), and
  // the pool drops the broken client when it is released.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool,
      ...(options.announceByRedis
        ? {
            onCreateConnection: async (connection) => {
              await connection.executeQuery(CompiledQuery.raw("set quickgig.announce = 'redis'"));
            },
          }
        : {}),
    }),
  });
  return { db, dialect: "postgres", close: () => db.destroy() };
}

/**
 * SQLite changes its schema inside a transaction as well as PostgreSQL does, but Kysely's adapter
 * says it cannot, so its migrator would run SQLite's migrations outside any: a crash half-way would
 * leave half a schema. This adapter says it can, and each migration is one transaction (db/migrate.ts).
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}

const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely prepares every query it runs; compiling the same SQL again is most of a small query's
 * cost. The app issues a few dozen distinct statements, so the most recent ones are kept.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (statement) {
        statements.delete(query);
      } else {
        statement = sqlite.prepare(query);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(query, statement);
      return statement;
    },
  };
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown: our connection was terminated
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting or stopping
  "08000",
  "08003",
  "08006",
  "SQLITE_BUSY",
]);

/** True when an error means the database cannot be reached right now, rather than a bad query. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      error.message,
    )
  ) {
    return true;
  }
  // The auth library wraps the driver's error ("Failed to get session") and keeps it as the cause.
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** A unique index refused a row (SQLite or PostgreSQL), however deep the library wrapped the error. */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return true;
  return isUniqueViolation(error.cause, depth + 1);
}
