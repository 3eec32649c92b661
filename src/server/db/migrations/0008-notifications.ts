import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

export default ({ dialect }: MigrationContext) => ({
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
});
