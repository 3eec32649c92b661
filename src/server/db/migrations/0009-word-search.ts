import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

export default ({ dialect }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // A search finds the starts of words, and reads the newest matches first (decision 014).
    if (dialect === "sqlite") {
      // 0004's triggers stay: they name the table, which is made again before any task changes.
      await sql`drop table tasks_search`.execute(db);
      // Prefix indexes of 1 to 8 characters: a word typed is looked up as one list of tasks, not
      // merged from every word it starts.
      await sql`create virtual table tasks_search using fts5(title, description,
        content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2',
        prefix = '1 2 3 4 5 6 7 8')`.execute(db);
      // The index's rows in the order the tasks were posted, so its newest rows are the newest tasks.
      await sql`update tasks set search_rowid = null`.execute(db);
      await sql`update tasks set search_rowid = ordered.n
        from (select id, row_number() over (order by created_at, id) as n from tasks) as ordered
        where ordered.id = tasks.id`.execute(db);
      await sql`insert into tasks_search (rowid, title, description)
        select search_rowid, title, description from tasks order by search_rowid`.execute(db);
      await sql`insert into tasks_search (tasks_search) values ('optimize')`.execute(db);
      // What a search filters and sorts its matches by, read without the tasks' rows. It takes the
      // place of the unique index of 0004, which the planner would choose instead; the triggers
      // keep every task's row its own.
      await sql`drop index tasks_search_rowid_idx`.execute(db);
      await sql`create index tasks_search_hits_idx
        on tasks (search_rowid, status, category, created_at, deadline, budget_cents, id)`.execute(db);
      return;
    }
    // PostgreSQL's own full-text search, with no dictionary ('simple': words as written, lower-cased),
    // in place of 0004's trigram indexes. Its statistics tell the planner how common a word is.
    await sql`drop index if exists tasks_title_trgm_idx`.execute(db);
    await sql`drop index if exists tasks_description_trgm_idx`.execute(db);
    await sql`alter table tasks add column search_vector tsvector
      generated always as (to_tsvector('simple', title || ' ' || description)) stored`.execute(db);
    await sql`create index tasks_search_vector_idx on tasks using gin (search_vector)`.execute(db);
  },
});
