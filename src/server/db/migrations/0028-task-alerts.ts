import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * Task alerts (issue 47). `alert_queue`: the tasks to match against the saved searches, written by
 * triggers in the very transaction that posts or edits a task (so none is lost to a crash, and the
 * tasks feature knows nothing of alerts); only while someone has a saved search, so a marketplace
 * without them queues nothing. `saved_search_matches`: each search's matches (its last match and
 * its week on Task alerts). `task_alerts`: what each person was told, one row per person and task,
 * the key that makes an alert go once whatever the number of searches or processes.
 */
export default ({ dialect }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    const serial = (col: ColumnDefinitionBuilder) =>
      dialect === "postgres" ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement();
    await db.schema
      .createTable("alert_queue")
      .addColumn("id", dialect === "postgres" ? "bigint" : "integer", serial)
      // No reference: a task deleted before it is matched leaves its row to be skipped.
      .addColumn("task_id", "text", (col) => col.notNull())
      .addColumn("queued_at", "text", (col) => col.notNull())
      // Passes that failed on it: it waits behind the others, and is given up after a few.
      .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("saved_search_matches")
      .addColumn("saved_search_id", "text", (col) => col.notNull().references("saved_searches.id").onDelete("cascade"))
      .addColumn("task_id", "text", (col) => col.notNull())
      .addColumn("matched_at", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("saved_search_matches_pk", ["saved_search_id", "task_id"])
      .execute();
    await db.schema
      .createIndex("saved_search_matches_recent_idx")
      .on("saved_search_matches")
      .columns(["saved_search_id", "matched_at"])
      .execute();
    await db.schema
      .createTable("task_alerts")
      .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .addColumn("task_id", "text", (col) => col.notNull())
      .addColumn("saved_search_id", "text", (col) => col.references("saved_searches.id").onDelete("set null"))
      // email: emailed at once; digest: waiting for the next digest; app: told in the app only.
      .addColumn("delivery", "text", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("digested_at", "text")
      .addPrimaryKeyConstraint("task_alerts_pk", ["user_id", "task_id"])
      .execute();
    // A person's alerts of the last hour (the cap on emails) and those waiting for a digest.
    await db.schema.createIndex("task_alerts_user_idx").on("task_alerts").columns(["user_id", "created_at"]).execute();
    // The alerts waiting for a digest, oldest first.
    await db.schema
      .createIndex("task_alerts_waiting_idx")
      .on("task_alerts")
      .columns(["delivery", "digested_at", "created_at"])
      .execute();

    const matched = "new.status = 'open'";
    const changed = `(old.title <> new.title or old.description <> new.description
      or old.category <> new.category or old.budget_cents <> new.budget_cents)`;
    if (dialect === "sqlite") {
      const queue =
        "insert into alert_queue (task_id, queued_at) values (new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
      await sql
        .raw(`create trigger tasks_alert_insert after insert on tasks
          when ${matched} and exists (select 1 from saved_searches) begin ${queue}; end`)
        .execute(db);
      await sql
        .raw(`create trigger tasks_alert_update after update of title, description, category, budget_cents on tasks
          when ${matched} and ${changed} and exists (select 1 from saved_searches) begin ${queue}; end`)
        .execute(db);
      return;
    }
    await sql`create function quickgig_queue_alert() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from saved_searches) then
          insert into alert_queue (task_id, queued_at)
            values (new.id, to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
        end if;
        return null;
      end $$`.execute(db);
    await sql
      .raw(`create trigger tasks_alert_insert after insert on tasks
        for each row when (${matched}) execute function quickgig_queue_alert()`)
      .execute(db);
    await sql
      .raw(`create trigger tasks_alert_update after update of title, description, category, budget_cents on tasks
        for each row when (${matched} and ${changed}) execute function quickgig_queue_alert()`)
      .execute(db);
  },
});
