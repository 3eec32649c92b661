import { type Kysely, sql } from "kysely";
import { SEARCH_BLOCK } from "../search-constants.ts";
import type { MigrationContext } from "./context.ts";

export default ({ dialect }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // SQLite's search counts the newest matches of its FTS5 table, in the order tasks were posted (decision 017).
    if (dialect === "sqlite") return;
    // Every task numbered in the order it was posted, those already posted by when, and every
    // entry of its search_vector again with its block, `logo#97`, in a column and index of their
    // own (decision 018): in search_vector they would make it twice as long, too long for the
    // rows that a search walks to keep it uncompressed.
    await sql`create sequence tasks_search_seq`.execute(db);
    await sql`alter table tasks add column search_seq bigint`.execute(db);
    await sql`update tasks set search_seq = ordered.n
      from (select id, row_number() over (order by created_at, id) as n from tasks) as ordered
      where ordered.id = tasks.id`.execute(db);
    await sql`select setval('tasks_search_seq', coalesce((select max(search_seq) from tasks), 0) + 1, false)`.execute(
      db,
    );
    await sql`alter table tasks alter column search_seq set default nextval('tasks_search_seq'),
      alter column search_seq set not null`.execute(db);
    await sql`alter sequence tasks_search_seq owned by tasks.search_seq`.execute(db);
    await sql`create function quickgig_search_blocks(text, bigint) returns tsvector
      language sql immutable strict parallel safe as $$
        select array_to_tsvector(array(
          select entry || '#' || ($2 / ${sql.raw(String(SEARCH_BLOCK))})
          from unnest(tsvector_to_array(quickgig_search_vector($1))) as entry))
      $$`.execute(db);
    await sql`alter table tasks add column search_blocks tsvector
      generated always as (quickgig_search_blocks(title || ' ' || description, search_seq)) stored`.execute(db);
    await sql`create index tasks_search_blocks_idx on tasks using gin (search_blocks)`.execute(db);
  },
});
