import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

export default (_context: MigrationContext) => ({
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
});
