import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Dialect } from "./database.ts";

/** Where a migration reports what it could not do (the app's logger; the console elsewhere). */
export interface MigrationLog {
  warn(message: string): void;
}

/**
 * The longest start of a word that PostgreSQL's search index holds as an entry of its own
 * (migration 0010): a search's word up to this length is looked up as it is. Changing it takes a
 * migration that makes tasks.search_vector again.
 */
export const SEARCH_PREFIX_MAX = 8;

/**
 * PostgreSQL numbers tasks as they are posted (tasks.search_seq), and holds every entry of a task's
 * search_vector again in search_blocks with the task's block of this many tasks: `logo#97` for
 * "logo" in a task numbered 99,328 to 100,351 (migration 0011), so that a search reads only the
 * newest blocks' lists (decision 018). Changing it takes a migration that makes search_blocks again.
 */
export const SEARCH_BLOCK = 1024;

/**
 * One list of migrations for both dialects. Only column types differ: better-auth's own tables
 * take the types its schema generator would choose for each dialect.
 */
function buildMigrations(dialect: Dialect, log: MigrationLog): Record<string, Migration> {
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
    "0004-search": {
      async up(db: Kysely<unknown>) {
        // A search of three characters or more is answered from a trigram index instead of reading
        // every task (docs/decisions/006-trigram-search.md).
        if (dialect === "sqlite") {
          // The index keeps no copy of the text. Its rows are not keyed on tasks' rowid, which VACUUM
          // may renumber (tasks has a TEXT primary key): each task keeps the rowid of its own row.
          await sql`alter table tasks add column search_rowid integer`.execute(db);
          await sql`create virtual table tasks_search using fts5(title, description,
            content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
          await sql`insert into tasks_search (rowid, title, description) select rowid, title, description from tasks`.execute(
            db,
          );
          await sql`update tasks set search_rowid = rowid`.execute(db);
          await sql`create unique index tasks_search_rowid_idx on tasks (search_rowid)`.execute(db);
          // Inside a trigger, last_insert_rowid() is the rowid of the trigger's own last insert.
          await sql`create trigger tasks_search_insert after insert on tasks begin
            insert into tasks_search (title, description) values (new.title, new.description);
            update tasks set search_rowid = last_insert_rowid() where id = new.id;
          end`.execute(db);
          await sql`create trigger tasks_search_update after update of title, description on tasks begin
            update tasks_search set title = new.title, description = new.description where rowid = old.search_rowid;
          end`.execute(db);
          // Also fires for the tasks a deleted user takes with them (ON DELETE CASCADE).
          await sql`create trigger tasks_search_delete after delete on tasks begin
            delete from tasks_search where rowid = old.search_rowid;
          end`.execute(db);
          return;
        }
        const trgm = await createTrigramExtension(db);
        if (!trgm.schema) {
          log.warn(
            `Search will read every task: the pg_trgm extension could not be created (${trgm.error}), so the trigram indexes on tasks were not made. Have a superuser run "create extension pg_trgm with schema public" in this database, then create the indexes of migration 0004-search.`,
          );
          return;
        }
        // The operator class is named with its schema: search_path may not include it.
        const ops = sql.id(trgm.schema, "gin_trgm_ops");
        await sql`create index tasks_title_trgm_idx on tasks using gin (lower(title) ${ops})`.execute(db);
        await sql`create index tasks_description_trgm_idx on tasks using gin (lower(description) ${ops})`.execute(db);
      },
    },
    "0005-hiring": {
      async up(db: Kysely<unknown>) {
        // A task's life and a bid's offer (PRODUCT.md, Hiring). Tasks that exist are open; bids
        // that exist become pending offers at their task's budget.
        await db.schema
          .alterTable("tasks")
          .addColumn("status", "text", (col) => col.notNull().defaultTo("open"))
          .execute();
        await db.schema
          .alterTable("tasks")
          .addColumn("assignee_id", "text", (col) => col.references("user.id").onDelete("set null"))
          .execute();
        await db.schema.alterTable("tasks").addColumn("agreed_cents", "bigint").execute();
        await db.schema
          .alterTable("tasks")
          .addColumn("offers_public", "integer", (col) => col.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex("tasks_assignee_idx").on("tasks").columns(["assignee_id", "status"]).execute();
        // Each order the lists read in, within a status: Browse Tasks shows open tasks by default,
        // and featured tasks are open ones by deadline.
        for (const [name, column] of [
          ["created", "created_at"],
          ["deadline", "deadline"],
          ["budget", "budget_cents"],
        ] as const) {
          await db.schema
            .createIndex(`tasks_status_${name}_idx`)
            .on("tasks")
            .columns(["status", column, "id"])
            .execute();
        }
        await db.schema.createIndex("tasks_owner_status_idx").on("tasks").columns(["owner_id", "status"]).execute();

        await db.schema
          .alterTable("bids")
          .addColumn("amount_cents", "bigint", (col) => col.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable("bids").addColumn("days", "integer").execute();
        await db.schema.alterTable("bids").addColumn("message", "text").execute();
        await db.schema
          .alterTable("bids")
          .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
          .execute();
        await sql`update bids set amount_cents = (select budget_cents from tasks where tasks.id = bids.task_id)`.execute(
          db,
        );
        await countTasksByStatus(db, dialect);
        await db.schema
          .createIndex("bids_bidder_time_idx")
          .on("bids")
          .columns(["bidder_id", "bid_time", "id"])
          .execute();
        await db.schema.dropIndex("bids_bidder_idx").execute();
      },
    },
    "0006-questions": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("questions")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
          .addColumn("asker_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .addColumn("body", "text", (col) => col.notNull())
          .addColumn("answer", "text")
          .addColumn("answered_at", "text")
          .addColumn("hidden", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("created_at", "text", (col) => col.notNull())
          .execute();
        // A task's questions, newest first.
        await db.schema
          .createIndex("questions_task_created_idx")
          .on("questions")
          .columns(["task_id", "created_at", "id"])
          .execute();
      },
    },
    "0007-messages": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("messages")
          .addColumn("id", "text", (col) => col.primaryKey())
          .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
          .addColumn("bidder_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .addColumn("sender_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .addColumn("body", "text", (col) => col.notNull())
          .addColumn("sent_at", "text", (col) => col.notNull())
          .execute();
        // A thread's messages in order.
        await db.schema
          .createIndex("messages_thread_idx")
          .on("messages")
          .columns(["task_id", "bidder_id", "sent_at", "id"])
          .execute();
        await db.schema.createIndex("messages_bidder_idx").on("messages").columns(["bidder_id", "sent_at"]).execute();
        await db.schema
          .createTable("thread_reads")
          .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
          .addColumn("bidder_id", "text", (col) => col.notNull())
          .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .addColumn("read_at", "text", (col) => col.notNull())
          .addPrimaryKeyConstraint("thread_reads_pk", ["task_id", "bidder_id", "user_id"])
          .execute();
      },
    },
    "0008-notifications": {
      async up(db: Kysely<unknown>) {
        // Ids in the order notices are written: a live stream resumes after the last one it sent.
        const serial = (col: ColumnDefinitionBuilder) =>
          dialect === "postgres" ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();
        const idType = dialect === "postgres" ? "bigint" : "integer";
        await db.schema
          .createTable("notifications")
          .addColumn("id", idType, serial)
          .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .addColumn("kind", "text", (col) => col.notNull())
          // No reference to the task: a notice that a task was deleted outlives it.
          .addColumn("task_id", "text", (col) => col.notNull())
          // A message's thread is the task and this bidder: reading the thread reads its notices.
          .addColumn("bidder_id", "text")
          .addColumn("data", "text", (col) => col.notNull())
          .addColumn("created_at", "text", (col) => col.notNull())
          .addColumn("read_at", "text")
          .execute();
        await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "id"]).execute();
        await db.schema.createIndex("notifications_created_idx").on("notifications").column("created_at").execute();
        await db.schema
          .createTable("notification_preferences")
          .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
          .addColumn("kind", "text", (col) => col.notNull())
          .addColumn("channel", "text", (col) => col.notNull())
          .addPrimaryKeyConstraint("notification_preferences_pk", ["user_id", "kind"])
          .execute();
        // Emails waiting to go out, written in the same transaction as what they tell of.
        await db.schema
          .createTable("outbox")
          .addColumn("id", idType, serial)
          .addColumn("recipient", "text", (col) => col.notNull())
          .addColumn("subject", "text", (col) => col.notNull())
          .addColumn("text_body", "text", (col) => col.notNull())
          .addColumn("html_body", "text", (col) => col.notNull())
          .addColumn("headers", "text", (col) => col.notNull())
          .addColumn("created_at", "text", (col) => col.notNull())
          .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
          .addColumn("next_attempt_at", "text", (col) => col.notNull())
          .addColumn("locked_until", "text")
          .addColumn("sent_at", "text")
          .addColumn("failed_at", "text")
          .addColumn("last_error", "text")
          .execute();
        await db.schema
          .createIndex("outbox_due_idx")
          .on("outbox")
          .columns(["next_attempt_at", "id"])
          .where(sql.ref("sent_at"), "is", null)
          .where(sql.ref("failed_at"), "is", null)
          .execute();
      },
    },
    "0009-word-search": {
      async up(db: Kysely<unknown>) {
        // A search finds the starts of words, and reads the newest matches first (decision 014).
        if (dialect === "sqlite") {
          // 0004's triggers stay: they name the table, which is made again before any task changes.
          await sql`drop table tasks_search`.execute(db);
          // Prefix indexes of 1 to 8 characters: a word typed is looked up as one list of tasks, not
          // merged from every word it starts.
          await sql`create virtual table tasks_search using fts5(title, description,
            content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2',
            prefix = '1 2 3 4 5 6 7 8')`.execute(db);
          // The index's rows in the order the tasks were posted, so its newest rows are the newest tasks.
          await sql`update tasks set search_rowid = null`.execute(db);
          await sql`update tasks set search_rowid = ordered.n
            from (select id, row_number() over (order by created_at, id) as n from tasks) as ordered
            where ordered.id = tasks.id`.execute(db);
          await sql`insert into tasks_search (rowid, title, description)
            select search_rowid, title, description from tasks order by search_rowid`.execute(db);
          await sql`insert into tasks_search (tasks_search) values ('optimize')`.execute(db);
          // What a search filters and sorts its matches by, read without the tasks' rows. It takes the
          // place of the unique index of 0004, which the planner would choose instead; the triggers
          // keep every task's row its own.
          await sql`drop index tasks_search_rowid_idx`.execute(db);
          await sql`create index tasks_search_hits_idx
            on tasks (search_rowid, status, category, created_at, deadline, budget_cents, id)`.execute(db);
          return;
        }
        // PostgreSQL's own full-text search, with no dictionary ('simple': words as written, lower-cased),
        // in place of 0004's trigram indexes. Its statistics tell the planner how common a word is.
        await sql`drop index if exists tasks_title_trgm_idx`.execute(db);
        await sql`drop index if exists tasks_description_trgm_idx`.execute(db);
        await sql`alter table tasks add column search_vector tsvector
          generated always as (to_tsvector('simple', title || ' ' || description)) stored`.execute(db);
        await sql`create index tasks_search_vector_idx on tasks using gin (search_vector)`.execute(db);
      },
    },
    "0010-search-word-starts": {
      async up(db: Kysely<unknown>) {
        // SQLite's FTS5 table has had its prefix indexes since 0009.
        if (dialect === "sqlite") return;
        // Every word's starts of 1 to 8 characters, and the word itself, as entries of the GIN index
        // (decision 016): a search's words, each at most 8 characters, are looked up as whole entries,
        // and several are found together by intersecting their lists, where a prefix query (0009)
        // gathered every match of every word first. No positions: a search does not rank.
        await sql`create function quickgig_search_vector(text) returns tsvector
          language sql immutable strict parallel safe as $$
            select array_to_tsvector(array(
              select distinct left(word, n)
              from unnest(tsvector_to_array(to_tsvector('simple', $1))) as word,
                generate_series(1, length(word)) as n
              where n <= ${sql.raw(String(SEARCH_PREFIX_MAX))} or n = length(word)))
          $$`.execute(db);
        await sql`drop index tasks_search_vector_idx`.execute(db);
        await sql`alter table tasks drop column search_vector`.execute(db);
        await sql`alter table tasks add column search_vector tsvector
          generated always as (quickgig_search_vector(title || ' ' || description)) stored`.execute(db);
        await sql`create index tasks_search_vector_idx on tasks using gin (search_vector)`.execute(db);
      },
    },
    "0011-search-blocks": {
      async up(db: Kysely<unknown>) {
        // SQLite's search counts the newest matches of its FTS5 table, in the order tasks were posted (decision 017).
        if (dialect === "sqlite") return;
        // Every task numbered in the order it was posted, those already posted by when, and every
        // entry of its search_vector again with its block, `logo#97`, in a column and index of their
        // own (decision 018): in search_vector they would make it twice as long, too long for the
        // rows that a search walks to keep it uncompressed.
        await sql`create sequence tasks_search_seq`.execute(db);
        await sql`alter table tasks add column search_seq bigint`.execute(db);
        await sql`update tasks set search_seq = ordered.n
          from (select id, row_number() over (order by created_at, id) as n from tasks) as ordered
          where ordered.id = tasks.id`.execute(db);
        await sql`select setval('tasks_search_seq', coalesce((select max(search_seq) from tasks), 0) + 1, false)`.execute(
          db,
        );
        await sql`alter table tasks alter column search_seq set default nextval('tasks_search_seq'),
          alter column search_seq set not null`.execute(db);
        await sql`alter sequence tasks_search_seq owned by tasks.search_seq`.execute(db);
        await sql`create function quickgig_search_blocks(text, bigint) returns tsvector
          language sql immutable strict parallel safe as $$
            select array_to_tsvector(array(
              select entry || '#' || ($2 / ${sql.raw(String(SEARCH_BLOCK))})
              from unnest(tsvector_to_array(quickgig_search_vector($1))) as entry))
          $$`.execute(db);
        await sql`alter table tasks add column search_blocks tsvector
          generated always as (quickgig_search_blocks(title || ' ' || description, search_seq)) stored`.execute(db);
        await sql`create index tasks_search_blocks_idx on tasks using gin (search_blocks)`.execute(db);
      },
    },
    "0012-doors-hold": {
      async up(db: Kysely<unknown>) {
        // A Firebase (or any provider's) account belongs to one user: two first sign-ins at once
        // linked it twice. Any such pair already made keeps its first row.
        await sql`delete from account where id in (
          select id from (
            select id, row_number() over (partition by "providerId", "accountId" order by "createdAt", id) as n
            from account) as ranked
          where n > 1)`.execute(db);
        await db.schema.dropIndex("account_provider_account_idx").execute();
        await db.schema
          .createIndex("account_provider_account_idx")
          .on("account")
          .columns(["providerId", "accountId"])
          .unique()
          .execute();
        // An offer keeps the time it was first placed (bid_time); a change is dated on its own.
        await db.schema.alterTable("bids").addColumn("changed_at", "text").execute();
        // The hired offer of a task cancelled while assigned ends too (PRODUCT.md, Hiring).
        await sql`update bids set status = 'cancelled' where status = 'accepted'
          and task_id in (select id from tasks where status = 'cancelled')`.execute(db);
        // Emails about one thing to one person wait and gather (email/outbox.ts, enqueueGatheredEmail):
        // the key says what they are about, lines what each change said.
        await db.schema.alterTable("outbox").addColumn("gather_key", "text").execute();
        await db.schema.alterTable("outbox").addColumn("lines", "text").execute();
        await db.schema
          .createIndex("outbox_gather_idx")
          .on("outbox")
          .columns(["gather_key", "id"])
          .where(sql.ref("gather_key"), "is not", null)
          .execute();
      },
    },
  };
}

/**
 * task_counts by category and status, so that Browse Tasks (open tasks by default) knows its total
 * without counting rows: the table and its triggers of migration 0003 are made again with status
 * in the key, and still change in the same transaction as the tasks.
 */
async function countTasksByStatus(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect === "sqlite") {
    for (const trigger of ["tasks_count_insert", "tasks_count_delete", "tasks_count_update"]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
  } else {
    await sql`drop trigger tasks_count_insert_delete on tasks`.execute(db);
    await sql`drop trigger tasks_count_update on tasks`.execute(db);
    await sql`drop function quickgig_count_tasks()`.execute(db);
  }
  await db.schema.dropTable("task_counts").execute();
  await db.schema
    .createTable("task_counts")
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("total", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("task_counts_pk", ["category", "status"])
    .execute();
  await sql`insert into task_counts (category, status, total)
    select category, status, count(*) from tasks group by category, status`.execute(db);
  if (dialect === "sqlite") {
    await sql`create trigger tasks_count_insert after insert on tasks begin
      insert into task_counts (category, status, total) values (new.category, new.status, 1)
        on conflict (category, status) do update set total = total + 1;
    end`.execute(db);
    await sql`create trigger tasks_count_delete after delete on tasks begin
      update task_counts set total = total - 1 where category = old.category and status = old.status;
    end`.execute(db);
    await sql`create trigger tasks_count_update after update of category, status on tasks
      when old.category <> new.category or old.status <> new.status begin
      update task_counts set total = total - 1 where category = old.category and status = old.status;
      insert into task_counts (category, status, total) values (new.category, new.status, 1)
        on conflict (category, status) do update set total = total + 1;
    end`.execute(db);
    return;
  }
  // A change of status takes two rows of task_counts; taking them in key order (not old row, then
  // new) keeps an accept (open to assigned) and a release (assigned to open) in one category from
  // each waiting on the row the other holds.
  await sql`create function quickgig_count_tasks() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        perform 1 from task_counts
          where (category, status) in ((old.category, old.status), (new.category, new.status))
          order by category, status for update;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        update task_counts set total = total - 1 where category = old.category and status = old.status;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into task_counts (category, status, total) values (new.category, new.status, 1)
          on conflict (category, status) do update set total = task_counts.total + 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger tasks_count_insert_delete after insert or delete on tasks
    for each row execute function quickgig_count_tasks()`.execute(db);
  await sql`create trigger tasks_count_update after update of category, status on tasks
    for each row when (old.category is distinct from new.category or old.status is distinct from new.status)
    execute function quickgig_count_tasks()`.execute(db);
}

async function findTrigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/**
 * pg_trgm, created once per database in a schema of its own choosing (public), never in ours: the
 * tests drop their schemas, and an extension inside one would go with it. The create runs in a
 * savepoint, so that a user without the privilege, or a concurrent creator that got there first,
 * does not fail the whole migration: the extension is looked up again afterwards.
 */
async function createTrigramExtension(db: Kysely<unknown>): Promise<{ schema?: string; error?: string }> {
  const existing = await findTrigramSchema(db);
  if (existing) return { schema: existing };
  await sql`savepoint quickgig_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint quickgig_pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint quickgig_pg_trgm`.execute(db);
    const schema = await findTrigramSchema(db);
    return schema ? { schema } : { error: error instanceof Error ? error.message : String(error) };
  }
  return { schema: await findTrigramSchema(db) };
}

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
  const migrations = { ...buildMigrations(dialect, log), ...extra };
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
