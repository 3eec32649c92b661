import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // Every hire and how it ended (issue 28, decision 022): a task released and hired again has two.
    // What a profile's rates count, and who may review whom. No reference to the task: an open
    // task given back may be deleted, and the freelancer's record of giving it back stays.
    await db.schema
      .createTable("assignments")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("task_id", "text", (col) => col.notNull())
      .addColumn("client_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .addColumn("freelancer_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .addColumn("assigned_at", "text", (col) => col.notNull())
      // active, completed, released (the freelancer gave it back) or cancelled (by the client).
      .addColumn("outcome", "text", (col) => col.notNull().defaultTo("active"))
      .addColumn("ended_at", "text")
      // Set when the reminder to review went out, and when the window's end published the reviews.
      .addColumn("reminded_at", "text")
      .addColumn("reviews_closed_at", "text")
      .execute();
    await db.schema.createIndex("assignments_task_idx").on("assignments").columns(["task_id", "outcome"]).execute();
    await db.schema
      .createIndex("assignments_freelancer_idx")
      .on("assignments")
      .columns(["freelancer_id", "outcome"])
      .execute();
    await db.schema.createIndex("assignments_client_idx").on("assignments").columns(["client_id", "outcome"]).execute();
    // The timed job's reads: ended hires whose window is still to close, by when they ended.
    await db.schema
      .createIndex("assignments_open_window_idx")
      .on("assignments")
      .columns(["reviews_closed_at", "outcome", "ended_at"])
      .execute();
    await sql`
      insert into assignments (id, task_id, client_id, freelancer_id, assigned_at, outcome, ended_at)
      select 'a-' || id, id, owner_id, assignee_id, updated_at,
             case status when 'assigned' then 'active' else status end,
             case status when 'assigned' then null else updated_at end
      from tasks where assignee_id is not null and status in ('assigned', 'completed', 'cancelled')
    `.execute(db);

    await db.schema
      .createTable("reviews")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("task_id", "text", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
      .addColumn("assignment_id", "text", (col) => col.notNull().references("assignments.id").onDelete("cascade"))
      .addColumn("author_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .addColumn("subject_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      // client: the poster's review of the freelancer; freelancer: the freelancer's of the poster.
      .addColumn("role", "text", (col) => col.notNull())
      .addColumn("rating", "integer", (col) => col.notNull())
      .addColumn("text", "text", (col) => col.notNull())
      .addColumn("communication", "integer")
      .addColumn("quality", "integer")
      .addColumn("deadline", "integer")
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .addColumn("published_at", "text")
      .addColumn("answer", "text")
      .addColumn("answered_at", "text")
      .addUniqueConstraint("reviews_task_author_key", ["task_id", "author_id"])
      .execute();
    // A profile's published reviews, newest first, of one role.
    await db.schema
      .createIndex("reviews_subject_idx")
      .on("reviews")
      .columns(["subject_id", "role", "published_at", "id"])
      .execute();

    // What a person says of themselves, and their record as a freelancer kept beside it in the
    // same transactions as what changes it, so that Find Freelancers filters and sorts 100,000
    // profiles without counting.
    await db.schema
      .createTable("profiles")
      .addColumn("user_id", "text", (col) => col.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("bio", "text", (col) => col.notNull().defaultTo(""))
      // JSON array of strings.
      .addColumn("skills", "text", (col) => col.notNull().defaultTo("[]"))
      // One of the contract's FREELANCER_FIELDS, or null.
      .addColumn("field", "text")
      // 1 when the person shows in Find Freelancers.
      .addColumn("listed", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("rating_sum", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("rating_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("completed", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (col) => col.notNull())
      .execute();
  },
});
