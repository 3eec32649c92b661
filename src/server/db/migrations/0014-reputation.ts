import { type Kysely, sql } from "kysely";
import { createTrigramExtension } from "./0004-search.ts";
import type { MigrationContext, MigrationLog } from "./context.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The review window of the product as it shipped (REVIEW_WINDOW_DAYS' default), fixed here as a migration's must be. */
const BACKFILL_WINDOW_DAYS = 14;

export default ({ dialect, log }: MigrationContext) => ({
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
    // Reviews did not exist when these hires ended. Those whose window (the product's 14 days) has
    // ended are closed now, so the timed job does not grind through every old hire on its first
    // pass; those past its half are counted reminded, so that nobody is reminded of reviews of a
    // task that ended before there were any. The more recent ones have their window as any hire.
    const migratedAt = new Date();
    const endedBefore = (days: number) => new Date(migratedAt.getTime() - days * DAY_MS).toISOString();
    await sql`update assignments set reviews_closed_at = ${migratedAt.toISOString()}
      where ended_at is not null and ended_at <= ${endedBefore(BACKFILL_WINDOW_DAYS)}`.execute(db);
    await sql`update assignments set reminded_at = ${migratedAt.toISOString()}
      where ended_at is not null and ended_at <= ${endedBefore(BACKFILL_WINDOW_DAYS / 2)}`.execute(db);

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
      // The same skills one a line, as Find Freelancers searches them (no JSON's quotes and commas).
      .addColumn("skills_text", "text", (col) => col.notNull().defaultTo(""))
      // One of the contract's FREELANCER_FIELDS, or null.
      .addColumn("field", "text")
      // 1 when the person shows in Find Freelancers.
      .addColumn("listed", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("rating_sum", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("rating_count", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("completed", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("updated_at", "text", (col) => col.notNull())
      // Find Freelancers' order (rating): the average, 0 without reviews, kept by the database.
      .addColumn("rating_avg", "real", (col) =>
        col
          .notNull()
          .generatedAlwaysAs(
            dialect === "postgres"
              ? sql`case when rating_count > 0 then rating_sum::real / rating_count else 0 end`
              : sql`case when rating_count > 0 then cast(rating_sum as real) / rating_count else 0 end`,
          )
          .stored(),
      )
      .execute();
    // Find Freelancers' orders and filters (profiles/profile-repository.ts): each page read along an
    // index, stopped once it has its cards; a field with a minimum rating counted from a range of one.
    // The stars' sum last, in each: a minimum rating is decided exactly from the sum and the count
    // (the float average only narrows the range), from the index alone.
    await db.schema
      .createIndex("profiles_rating_idx")
      .on("profiles")
      .columns(["listed", "rating_avg desc", "rating_count desc", "completed desc", "user_id", "rating_sum"])
      .execute();
    await db.schema
      .createIndex("profiles_field_rating_idx")
      .on("profiles")
      .columns(["listed", "field", "rating_avg desc", "rating_count desc", "completed desc", "user_id", "rating_sum"])
      .execute();
    await db.schema
      .createIndex("profiles_completed_idx")
      .on("profiles")
      .columns(["listed", "completed desc", "rating_avg desc", "user_id", "rating_sum", "rating_count"])
      .execute();
    // The count under every list: read from this narrow index alone, not from the rows with their bios.
    await db.schema.createIndex("profiles_listed_idx").on("profiles").column("listed").execute();
    // Newest members first: the user table's own date.
    await db.schema.createIndex("user_created_idx").on("user").columns(["createdAt desc", "id desc"]).execute();
    await createProfileSearch(db, dialect, log);
    // Freelancers who completed tasks before 0014 keep them in their record and show in Find
    // Freelancers (after the search's triggers, which index each row as it is written).
    await sql`
      insert into profiles (user_id, completed, listed, updated_at)
      select freelancer_id, count(*), 1, ${migratedAt.toISOString()}
      from assignments where outcome = 'completed' group by freelancer_id
    `.execute(db);
  },
});

/**
 * Find Freelancers' search: a name or any skill containing the text, in any case. A text of three
 * characters or more is answered from a trigram index, as tasks' was (decision 006); a shorter one
 * reads every listed profile.
 */
async function createProfileSearch(db: Kysely<unknown>, dialect: MigrationContext["dialect"], log: MigrationLog) {
  if (dialect === "sqlite") {
    // One contentless FTS5 row per profile, with the person's name and skills (one a line), kept by
    // triggers on both tables: whoever writes a profile row (an about, a completed task, a review
    // published) or renames a user. Keyed by profiles.search_rowid, not profiles' rowid, which
    // VACUUM may renumber (a TEXT primary key).
    await sql`alter table profiles add column search_rowid integer`.execute(db);
    await sql`create virtual table profiles_search using fts5(name, skills,
      content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
    // With what a search filters and sorts by: its matches are counted and ordered from the index alone.
    await sql`create unique index profiles_search_rowid_idx
      on profiles (search_rowid, listed, field, rating_avg, rating_count, completed, user_id, rating_sum)`.execute(db);
    await sql`create trigger profiles_search_insert after insert on profiles begin
      insert into profiles_search (name, skills)
        values ((select name from user where id = new.user_id), new.skills_text);
      update profiles set search_rowid = last_insert_rowid() where user_id = new.user_id;
    end`.execute(db);
    await sql`create trigger profiles_search_update after update of skills_text on profiles begin
      update profiles_search set name = (select name from user where id = new.user_id), skills = new.skills_text
        where rowid = old.search_rowid;
    end`.execute(db);
    // Also fires for the profile of a deleted user (ON DELETE CASCADE).
    await sql`create trigger profiles_search_delete after delete on profiles begin
      delete from profiles_search where rowid = old.search_rowid;
    end`.execute(db);
    await sql`create trigger profiles_search_rename after update of name on user begin
      update profiles_search set name = new.name,
        skills = (select skills_text from profiles where user_id = new.id)
        where rowid = (select search_rowid from profiles where user_id = new.id);
    end`.execute(db);
    return;
  }
  // PostgreSQL reads the name from the user table as it is.
  const trgm = await createTrigramExtension(db);
  if (!trgm.schema) {
    log.warn(
      `Find Freelancers will read every profile: the pg_trgm extension could not be created (${trgm.error}), so the trigram indexes on user names and profiles' skills were not made. Have a superuser run "create extension pg_trgm with schema public" in this database, then create the indexes of migration 0014-reputation.`,
    );
    return;
  }
  const ops = sql.id(trgm.schema, "gin_trgm_ops");
  await sql`create index user_name_trgm_idx on "user" using gin (lower(name) ${ops})`.execute(db);
  await sql`create index profiles_skills_trgm_idx on profiles using gin (lower(skills_text) ${ops})`.execute(db);
}
