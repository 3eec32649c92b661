import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * Invitations to a task (issue 45): a client invites a freelancer to one of their open tasks. One
 * row per task and freelancer (its key): inviting twice finds the row there and is refused. Gone
 * with the task or either person.
 */
export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("invitations")
      .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("freelancer_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .addColumn("inviter_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .addColumn("created_at", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("invitations_pk", ["task_id", "freelancer_id"])
      .execute();
    // Which of a client's tasks a person is invited to (the dialog's list).
    await db.schema.createIndex("invitations_freelancer_idx").on("invitations").columns(["freelancer_id"]).execute();
  },
});
