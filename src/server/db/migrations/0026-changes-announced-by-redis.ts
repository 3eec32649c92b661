import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * Issue 46: with Redis (REDIS_URL), the processes tell one another of changes through Redis after
 * each commit, and no transaction calls pg_notify, whose commit takes one lock for the whole
 * instance. The trigger that announces changes to tasks and people's names (migration 0003) stays
 * silent on a connection that says so (`quickgig.announce` = 'redis', set by db/database.ts).
 */
export default ({ dialect }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== "postgres") return;
    await sql`create or replace function quickgig_announce_change() returns trigger language plpgsql as $$
      begin
        if current_setting('quickgig.announce', true) is distinct from 'redis' then
          perform pg_notify('quickgig_changes', tg_table_schema);
        end if;
        return null;
      end $$`.execute(db);
  },
});
