import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

export default ({ dialect, log }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // A search of three characters or more is answered from a trigram index instead of reading
    // every task (docs/decisions/006-trigram-search.md).
    if (dialect === "sqlite") {
      // The index keeps no copy of the text. Its rows are not keyed on tasks' rowid, which VACUUM
      // may renumber (tasks has a TEXT primary key): each task keeps the rowid of its own row.
      await sql`alter table tasks add column search_rowid integer`.execute(db);
      await sql`create virtual table tasks_search using fts5(title, description,
        content = '', contentless_delete = 1, tokenize = 'trigram')`.execute(db);
      await sql`insert into tasks_search (rowid, title, description) select rowid, title, description from tasks`.execute(
        db,
      );
      await sql`update tasks set search_rowid = rowid`.execute(db);
      await sql`create unique index tasks_search_rowid_idx on tasks (search_rowid)`.execute(db);
      // Inside a trigger, last_insert_rowid() is the rowid of the trigger's own last insert.
      await sql`create trigger tasks_search_insert after insert on tasks begin
        insert into tasks_search (title, description) values (new.title, new.description);
        update tasks set search_rowid = last_insert_rowid() where id = new.id;
      end`.execute(db);
      await sql`create trigger tasks_search_update after update of title, description on tasks begin
        update tasks_search set title = new.title, description = new.description where rowid = old.search_rowid;
      end`.execute(db);
      // Also fires for the tasks a deleted user takes with them (ON DELETE CASCADE).
      await sql`create trigger tasks_search_delete after delete on tasks begin
        delete from tasks_search where rowid = old.search_rowid;
      end`.execute(db);
      return;
    }
    const trgm = await createTrigramExtension(db);
    if (!trgm.schema) {
      log.warn(
        `Search will read every task: the pg_trgm extension could not be created (${trgm.error}), so the trigram indexes on tasks were not made. Have a superuser run "create extension pg_trgm with schema public" in this database, then create the indexes of migration 0004-search.`,
      );
      return;
    }
    // The operator class is named with its schema: search_path may not include it.
    const ops = sql.id(trgm.schema, "gin_trgm_ops");
    await sql`create index tasks_title_trgm_idx on tasks using gin (lower(title) ${ops})`.execute(db);
    await sql`create index tasks_description_trgm_idx on tasks using gin (lower(description) ${ops})`.execute(db);
  },
});

async function findTrigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/**
 * pg_trgm, created once per database in a schema of its own choosing (public), never in ours: the
 * tests drop their schemas, and an extension inside one would go with it. The create runs in a
 * savepoint, so that a user without the privilege, or a concurrent creator that got there first,
 * does not fail the whole migration: the extension is looked up again afterwards.
 */
export async function createTrigramExtension(db: Kysely<unknown>): Promise<{ schema?: string; error?: string }> {
  const existing = await findTrigramSchema(db);
  if (existing) return { schema: existing };
  await sql`savepoint quickgig_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint quickgig_pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint quickgig_pg_trgm`.execute(db);
    const schema = await findTrigramSchema(db);
    return schema ? { schema } : { error: error instanceof Error ? error.message : String(error) };
  }
  return { schema: await findTrigramSchema(db) };
}
