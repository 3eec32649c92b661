import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

/** What the database answers an attempt to change or delete the audit log with. */
export const AUDIT_LOG_APPEND_ONLY = "The moderation audit log is append-only";

export default ({ dialect }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // Moderators and admins (issue 29, decision 023): one role a person; none for everyone else.
    await db.schema
      .createTable("staff_roles")
      .addColumn("user_id", "text", (col) => col.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("role", "text", (col) => col.notNull())
      // Who granted it: null from the command line.
      .addColumn("granted_by", "text")
      .addColumn("granted_at", "text", (col) => col.notNull())
      .execute();

    // A report: one person's, of one target, with what the target was when reported (a JSON
    // snapshot of the contract's SnapshotSchema) so that an edit or a deletion keeps the evidence.
    await db.schema
      .createTable("reports")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("reporter_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      // task, profile, question, message or review, and its id (a profile's is its person's).
      .addColumn("target_kind", "text", (col) => col.notNull())
      .addColumn("target_id", "text", (col) => col.notNull())
      // Whose content it is, as it was reported: their history in the queue.
      .addColumn("author_id", "text", (col) => col.notNull())
      .addColumn("reason", "text", (col) => col.notNull())
      .addColumn("note", "text")
      .addColumn("snapshot", "text", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      // open until a moderator decides; then closed with the outcome the reporter is told.
      .addColumn("status", "text", (col) => col.notNull().defaultTo("open"))
      .addColumn("closed_at", "text")
      // removed or stays.
      .addColumn("outcome", "text")
      .execute();
    // One open report a person and target: a second is refused (409) while the first is open.
    await sql`create unique index reports_open_key on reports (reporter_id, target_kind, target_id)
      where status = 'open'`.execute(db);
    // The queue: open reports, oldest first; a target's reports; an author's history.
    await db.schema.createIndex("reports_status_created_idx").on("reports").columns(["status", "created_at"]).execute();
    await db.schema
      .createIndex("reports_target_idx")
      .on("reports")
      .columns(["target_kind", "target_id", "status"])
      .execute();
    await db.schema.createIndex("reports_author_idx").on("reports").columns(["author_id", "created_at"]).execute();

    // A sanction: content removed, or its author warned, limited or suspended, with the rule and
    // the moderator's note the person is told, until lifted; and the person's one appeal of it.
    await db.schema
      .createTable("sanctions")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      // remove, warn, limit or suspend.
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("rule", "text", (col) => col.notNull())
      .addColumn("note", "text", (col) => col.notNull())
      // What was reported or acted on (a sanction of a person names the content that led to it).
      .addColumn("target_kind", "text", (col) => col.notNull())
      .addColumn("target_id", "text", (col) => col.notNull())
      .addColumn("task_id", "text")
      .addColumn("target_title", "text", (col) => col.notNull())
      // A removed task's status before its removal, to restore it (JSON; null for the others).
      .addColumn("previous_state", "text")
      .addColumn("created_by", "text", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("lifted_at", "text")
      .addColumn("lifted_by", "text")
      .addColumn("appeal_text", "text")
      .addColumn("appealed_at", "text")
      // restored or upheld.
      .addColumn("appeal_outcome", "text")
      .addColumn("appeal_decided_at", "text")
      .addColumn("appeal_note", "text")
      .execute();
    // Is this person limited or suspended now (every post, bid, question and sign-in asks).
    await db.schema
      .createIndex("sanctions_user_kind_idx")
      .on("sanctions")
      .columns(["user_id", "kind", "lifted_at"])
      .execute();
    // Appeals waiting, oldest first.
    await db.schema
      .createIndex("sanctions_appeals_idx")
      .on("sanctions")
      .columns(["appeal_outcome", "appealed_at"])
      .execute();
    await db.schema.createIndex("sanctions_target_idx").on("sanctions").columns(["target_kind", "target_id"]).execute();

    // The audit log: who did what, to what and whom, under which rule, why and when. No reference
    // to the user table: an entry outlives whatever it names, with the names as they were.
    await db.schema
      .createTable("moderation_log")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("at", "text", (col) => col.notNull())
      // null: the command line (a first admin).
      .addColumn("actor_id", "text")
      .addColumn("actor_name", "text", (col) => col.notNull())
      // contract AUDIT_ACTIONS.
      .addColumn("action", "text", (col) => col.notNull())
      // A REPORT_TARGETS kind, "person" (roles) or "sanction" (restore, uphold).
      .addColumn("target_kind", "text", (col) => col.notNull())
      .addColumn("target_id", "text", (col) => col.notNull())
      .addColumn("subject_id", "text")
      .addColumn("subject_name", "text")
      .addColumn("rule", "text")
      .addColumn("note", "text", (col) => col.notNull())
      .addColumn("sanction_id", "text")
      .execute();
    await db.schema.createIndex("moderation_log_at_idx").on("moderation_log").columns(["at", "id"]).execute();
    await db.schema.createIndex("moderation_log_actor_idx").on("moderation_log").columns(["actor_id", "at"]).execute();
    await db.schema
      .createIndex("moderation_log_subject_idx")
      .on("moderation_log")
      .columns(["subject_id", "at"])
      .execute();
    await db.schema.createIndex("moderation_log_action_idx").on("moderation_log").columns(["action", "at"]).execute();
    await appendOnly(db, dialect);

    // Content a moderator removed: hidden everywhere until restored. A task's removal is its
    // status ("removed", outside TASK_STATUSES' lists); the others have a flag of their own.
    for (const table of ["questions", "messages", "reviews", "profiles"]) {
      await db.schema
        .alterTable(table)
        .addColumn("removed", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
    }
  },
});

/** Updates and deletes of the audit log fail in the database itself, whoever asks. */
async function appendOnly(db: Kysely<unknown>, dialect: MigrationContext["dialect"]) {
  if (dialect === "sqlite") {
    for (const event of ["update", "delete"]) {
      await sql`create trigger ${sql.id(`moderation_log_no_${event}`)} before ${sql.raw(event)} on moderation_log
        begin select raise(abort, ${sql.lit(AUDIT_LOG_APPEND_ONLY)}); end`.execute(db);
    }
    return;
  }
  await sql`create function quickgig_audit_log_append_only() returns trigger language plpgsql as $$
    begin raise exception ${sql.lit(AUDIT_LOG_APPEND_ONLY)}; end $$`.execute(db);
  await sql`create trigger moderation_log_no_change before update or delete on moderation_log
    for each row execute function quickgig_audit_log_append_only()`.execute(db);
  await sql`create trigger moderation_log_no_truncate before truncate on moderation_log
    for each statement execute function quickgig_audit_log_append_only()`.execute(db);
}
