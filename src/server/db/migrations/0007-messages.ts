import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

export default (_context: MigrationContext) => ({
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
});
