import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

export default ({ dialect }: MigrationContext) => ({
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
});
