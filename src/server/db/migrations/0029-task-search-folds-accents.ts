import { type Kysely, sql } from "kysely";
import { keyWordOf } from "../../../contract/alerts.ts";
import { SEARCH_PREFIX_MAX, TASK_FOLD_FROM, TASK_FOLD_TO } from "../search-constants.ts";
import type { MigrationContext } from "./context.ts";

/**
 * Browse Tasks and saved searches fold accents alike on both databases (issue 47, decision 041):
 * "cafe" finds "Café". SQLite's index has folded them since 0009; on PostgreSQL the task's
 * search entries (0010) and their blocks (0011) are made again from its text with its marked
 * letters folded (TASK_FOLD_FROM, as SQLite folds them). A saved search's key word is folded too,
 * as the starts of a new task's words are when its candidates are looked up.
 */
export default ({ dialect }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ id: string; q: string; key_word: string }>`select id, q, key_word
      from saved_searches where key_word is not null`.execute(db);
    for (const row of rows) {
      const folded = keyWordOf(row.q);
      if (folded !== row.key_word)
        await sql`update saved_searches set key_word = ${folded} where id = ${row.id}`.execute(db);
    }
    if (dialect === "sqlite") return;
    await sql`drop index tasks_search_blocks_idx`.execute(db);
    await sql`alter table tasks drop column search_blocks`.execute(db);
    await sql`drop index tasks_search_vector_idx`.execute(db);
    await sql`alter table tasks drop column search_vector`.execute(db);
    // A text of ASCII alone (as many bytes as letters, most tasks) has nothing to fold.
    await sql`create or replace function quickgig_search_vector(text) returns tsvector
      language sql immutable strict parallel safe as $$
        select array_to_tsvector(array(
          select distinct left(word, n)
          from unnest(tsvector_to_array(to_tsvector('simple', case when octet_length($1) = char_length($1) then $1
              else translate($1, ${sql.lit(TASK_FOLD_FROM)}, ${sql.lit(TASK_FOLD_TO)}) end))) as word,
            generate_series(1, length(word)) as n
          where n <= ${sql.raw(String(SEARCH_PREFIX_MAX))} or n = length(word)))
      $$`.execute(db);
    await sql`alter table tasks add column search_vector tsvector
      generated always as (quickgig_search_vector(title || ' ' || description)) stored`.execute(db);
    await sql`create index tasks_search_vector_idx on tasks using gin (search_vector)`.execute(db);
    await sql`alter table tasks add column search_blocks tsvector
      generated always as (quickgig_search_blocks(title || ' ' || description, search_seq)) stored`.execute(db);
    await sql`create index tasks_search_blocks_idx on tasks using gin (search_blocks)`.execute(db);
  },
});
