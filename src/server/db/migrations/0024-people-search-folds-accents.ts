import { type Kysely, sql } from "kysely";
import { foldedSql } from "../search-constants.ts";
import type { MigrationContext } from "./context.ts";

/**
 * Find Freelancers' search ignores accents (issue 45, decision 034): "tomas" finds "Tomás". On
 * SQLite the trigram index is made again with `remove_diacritics`, each profile keeping its row
 * (profiles.search_rowid); on PostgreSQL the trigram indexes of names and skills hold them folded,
 * as profiles/profile-repository.ts compares them.
 */
export default ({ dialect, log }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    if (dialect === "sqlite") {
      // The triggers of 0014 write to the table by its name, so they serve the new one.
      await sql`drop table profiles_search`.execute(db);
      await sql`create virtual table profiles_search using fts5(name, skills,
        content = '', contentless_delete = 1, tokenize = 'trigram remove_diacritics 1')`.execute(db);
      await sql`insert into profiles_search (rowid, name, skills)
        select p.search_rowid, u.name, p.skills_text from profiles p join user u on u.id = p.user_id
        where p.search_rowid is not null`.execute(db);
      return;
    }
    const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = rows[0]?.schema;
    if (!schema) {
      log.warn(
        `Find Freelancers will read every profile: without the pg_trgm extension the folded trigram indexes of migration 0024 were not made. Have a superuser run "create extension pg_trgm with schema public" in this database, then create them.`,
      );
      return;
    }
    const ops = sql.id(schema, "gin_trgm_ops");
    await sql`drop index if exists user_name_trgm_idx`.execute(db);
    await sql`drop index if exists profiles_skills_trgm_idx`.execute(db);
    await sql`create index user_name_folded_trgm_idx on "user"
      using gin ((${foldedSql(sql.ref("name"))}) ${ops})`.execute(db);
    await sql`create index profiles_skills_folded_trgm_idx on profiles
      using gin ((${foldedSql(sql.ref("skills_text"))}) ${ops})`.execute(db);
  },
});
