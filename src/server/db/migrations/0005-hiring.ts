import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database.ts";
import type { MigrationContext } from "./context.ts";

export default ({ dialect }: MigrationContext) => ({
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
      await db.schema.createIndex(`tasks_status_${name}_idx`).on("tasks").columns(["status", column, "id"]).execute();
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
    await db.schema.createIndex("bids_bidder_time_idx").on("bids").columns(["bidder_id", "bid_time", "id"]).execute();
    await db.schema.dropIndex("bids_bidder_idx").execute();
  },
});

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
