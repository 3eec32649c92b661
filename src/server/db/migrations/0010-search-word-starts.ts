import { type Kysely, sql } from "kysely";
import { SEARCH_PREFIX_MAX } from "../search-constants.ts";
import type { MigrationContext } from "./context.ts";

export default ({ dialect }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // SQLite's FTS5 table has had its prefix indexes since 0009.
    if (dialect === "sqlite") return;
    // Every word's starts of 1 to 8 characters, and the word itself, as entries of the GIN index
    // (decision 016): a search's words, each at most 8 characters, are looked up as whole entries,
    // and several are found together by intersecting their lists, where a prefix query (0009)
    // gathered every match of every word first. No positions: a search does not rank.
    await sql`create function quickgig_search_vector(text) returns tsvector
      language sql immutable strict parallel safe as $$
        select array_to_tsvector(array(
          select distinct left(word, n)
          from unnest(tsvector_to_array(to_tsvector('simple', $1))) as word,
            generate_series(1, length(word)) as n
          where n <= ${sql.raw(String(SEARCH_PREFIX_MAX))} or n = length(word)))
      $$`.execute(db);
    await sql`drop index tasks_search_vector_idx`.execute(db);
    await sql`alter table tasks drop column search_vector`.execute(db);
    await sql`alter table tasks add column search_vector tsvector
      generated always as (quickgig_search_vector(title || ' ' || description)) stored`.execute(db);
    await sql`create index tasks_search_vector_idx on tasks using gin (search_vector)`.execute(db);
  },
});
