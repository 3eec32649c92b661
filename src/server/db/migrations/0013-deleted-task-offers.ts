import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // A deleted task's offers, kept for their bidders' My Bids with what it showed of the task
    // (decision 020). The task's row is gone, so nothing else finds it; the bidder's row stays
    // the key, and an account deleted takes its offers with it.
    await db.schema
      .createTable("deleted_task_bids")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("task_id", "text", (col) => col.notNull())
      .addColumn("task_title", "text", (col) => col.notNull())
      .addColumn("task_deadline", "text", (col) => col.notNull())
      .addColumn("task_budget_cents", "bigint", (col) => col.notNull())
      .addColumn("bidder_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .addColumn("bid_time", "text", (col) => col.notNull())
      .addColumn("changed_at", "text")
      .addColumn("amount_cents", "bigint", (col) => col.notNull())
      .addColumn("days", "integer")
      .addColumn("message", "text")
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("deleted_at", "text", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("deleted_task_bids_bidder_time_idx")
      .on("deleted_task_bids")
      .columns(["bidder_id", "bid_time", "id"])
      .execute();
    // Browse Tasks counts the open tasks still taking offers of one category (tasks/task-repository.ts).
    await db.schema
      .createIndex("tasks_status_category_deadline_idx")
      .on("tasks")
      .columns(["status", "category", "deadline"])
      .execute();
  },
});
