import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

export default (_context: MigrationContext) => ({
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
});
