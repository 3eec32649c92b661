import { type Kysely, type Migration, Migrator, sql } from "kysely";
import type { Dialect } from "./database.ts";

/**
 * One list of migrations for both dialects. Only column types differ: better-auth's own tables
 * take the types its schema generator would choose for each dialect.
 */
function buildMigrations(dialect: Dialect): Record<string, Migration> {
  const timestamp = dialect === "postgres" ? "timestamptz" : "date";
  const boolean = dialect === "postgres" ? "boolean" : "integer";
  return {
    "0001-accounts": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("user")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("name", "text", (col) => col.notNull())
          .addColumn("email", "text", (col) => col.notNull().unique())
          .addColumn("emailVerified", boolean, (col) => col.notNull())
          .addColumn("image", "text")
          .addColumn("createdAt", timestamp, (col) => col.notNull())
          .addColumn("updatedAt", timestamp, (col) => col.notNull())
          .execute();
        await db.schema
          .createTable("session")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("expiresAt", timestamp, (col) => col.notNull())
          .addColumn("token", "text", (col) => col.notNull().unique())
          .addColumn("createdAt", timestamp, (col) => col.notNull())
          .addColumn("updatedAt", timestamp, (col) => col.notNull())
          .addColumn("ipAddress", "text")
          .addColumn("userAgent", "text")
          .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .execute();
        await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
        await db.schema
          .createTable("account")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("accountId", "text", (col) => col.notNull())
          .addColumn("providerId", "text", (col) => col.notNull())
          .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .addColumn("accessToken", "text")
          .addColumn("refreshToken", "text")
          .addColumn("idToken", "text")
          .addColumn("accessTokenExpiresAt", timestamp)
          .addColumn("refreshTokenExpiresAt", timestamp)
          .addColumn("scope", "text")
          .addColumn("password", "text")
          .addColumn("createdAt", timestamp, (col) => col.notNull())
          .addColumn("updatedAt", timestamp, (col) => col.notNull())
          .execute();
        await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
        await db.schema
          .createIndex("account_provider_account_idx")
          .on("account")
          .columns(["providerId", "accountId"])
          .execute();
        await db.schema
          .createTable("verification")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("identifier", "text", (col) => col.notNull())
          .addColumn("value", "text", (col) => col.notNull())
          .addColumn("expiresAt", timestamp, (col) => col.notNull())
          .addColumn("createdAt", timestamp, (col) => col.notNull())
          .addColumn("updatedAt", timestamp, (col) => col.notNull())
          .execute();
        await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();
      },
    },
    "0002-tasks-and-bids": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("tasks")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("owner_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .addColumn("title", "text", (col) => col.notNull())
          .addColumn("category", "text", (col) => col.notNull())
          .addColumn("description", "text", (col) => col.notNull())
          .addColumn("deadline", "text", (col) => col.notNull())
          .addColumn("budget_cents", "bigint", (col) => col.notNull())
          .addColumn("created_at", "text", (col) => col.notNull())
          .addColumn("updated_at", "text", (col) => col.notNull())
          .execute();
        // One index per order the API lists in; id breaks ties so pages never overlap.
        await db.schema.createIndex("tasks_created_idx").on("tasks").columns(["created_at", "id"]).execute();
        await db.schema.createIndex("tasks_deadline_idx").on("tasks").columns(["deadline", "id"]).execute();
        await db.schema.createIndex("tasks_budget_idx").on("tasks").columns(["budget_cents", "id"]).execute();
        await db.schema
          .createIndex("tasks_category_created_idx")
          .on("tasks")
          .columns(["category", "created_at", "id"])
          .execute();
        await db.schema
          .createIndex("tasks_owner_created_idx")
          .on("tasks")
          .columns(["owner_id", "created_at", "id"])
          .execute();
        await db.schema
          .createTable("bids")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
          .addColumn("bidder_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .addColumn("bid_time", "text", (col) => col.notNull())
          .addUniqueConstraint("bids_one_per_bidder", ["task_id", "bidder_id"])
          .execute();
        await db.schema.createIndex("bids_task_time_idx").on("bids").columns(["task_id", "bid_time"]).execute();
        await db.schema.createIndex("bids_bidder_idx").on("bids").column("bidder_id").execute();
      },
    },
    "0003-list-speed": {
      async up(db: Kysely<unknown>) {
        // A category's other orders, so a filtered and sorted page reads its rows in order.
        await db.schema
          .createIndex("tasks_category_deadline_idx")
          .on("tasks")
          .columns(["category", "deadline", "id"])
          .execute();
        await db.schema
          .createIndex("tasks_category_budget_idx")
          .on("tasks")
          .columns(["category", "budget_cents", "id"])
          .execute();
        // Tasks per category, kept by triggers in the same transaction as the change, so a page of
        // the whole list or of one category knows its total without counting every row.
        await db.schema
          .createTable("task_counts")
          .addColumn("category", "text", (col) => col.primaryKey())
          .addColumn("total", "bigint", (col) => col.notNull())
          .execute();
        await sql`insert into task_counts (category, total) select category, count(*) from tasks group by category`.execute(
          db,
        );
        if (dialect === "sqlite") {
          await sql`create trigger tasks_count_insert after insert on tasks begin
            insert into task_counts (category, total) values (new.category, 1)
              on conflict (category) do update set total = total + 1;
          end`.execute(db);
          await sql`create trigger tasks_count_delete after delete on tasks begin
            update task_counts set total = total - 1 where category = old.category;
          end`.execute(db);
          await sql`create trigger tasks_count_update after update of category on tasks
            when old.category <> new.category begin
            update task_counts set total = total - 1 where category = old.category;
            insert into task_counts (category, total) values (new.category, 1)
              on conflict (category) do update set total = total + 1;
          end`.execute(db);
          return;
        }
        await sql`create function quickgig_count_tasks() returns trigger language plpgsql as $$
          begin
            if tg_op in ('DELETE', 'UPDATE') then
              update task_counts set total = total - 1 where category = old.category;
            end if;
            if tg_op in ('INSERT', 'UPDATE') then
              insert into task_counts (category, total) values (new.category, 1)
                on conflict (category) do update set total = task_counts.total + 1;
            end if;
            return null;
          end $$`.execute(db);
        await sql`create trigger tasks_count_insert_delete after insert or delete on tasks
          for each row execute function quickgig_count_tasks()`.execute(db);
        await sql`create trigger tasks_count_update after update of category on tasks
          for each row when (old.category is distinct from new.category) execute function quickgig_count_tasks()`.execute(
          db,
        );
        // Other instances cache what anonymous readers see (http/response-cache.ts): every change
        // to tasks or to people's names is announced to them when it commits.
        await sql`create function quickgig_announce_change() returns trigger language plpgsql as $$
          begin
            perform pg_notify('quickgig_changes', tg_table_schema);
            return null;
          end $$`.execute(db);
        await sql`create trigger tasks_announce after insert or update or delete or truncate on tasks
          for each statement execute function quickgig_announce_change()`.execute(db);
        await sql`create trigger user_announce after update or delete on "user"
          for each statement execute function quickgig_announce_change()`.execute(db);
      },
    },
  };
}

/** Runs the migrations not yet applied, all of them or (for upgrade tests) those up to `upTo`. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before, and outside, the typed schema
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, upTo?: string): Promise<string[]> {
  const migrations = buildMigrations(dialect);
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
  const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // Kept for SQLite's planner: it needs statistics to choose among several usable indexes.
  if (dialect === "sqlite" && results && results.length > 0) await sql`PRAGMA optimize`.execute(db);
  return (results ?? []).map((result) => result.migrationName);
}
