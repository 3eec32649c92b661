import { type Kysely, sql } from "kysely";
import { AUDIT_LOG_APPEND_ONLY } from "./0015-moderation.ts";
import type { MigrationContext } from "./context.ts";

export default ({ dialect }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // SQLite's REPLACE (and INSERT OR REPLACE) deletes the row it conflicts with without firing the
    // DELETE trigger, so an entry could be rewritten under its own id or rowid (issue 42). An insert
    // that would meet an existing row is refused instead. On PostgreSQL an upsert's update fires the
    // UPDATE trigger, which already refuses it.
    if (dialect !== "sqlite") return;
    await sql`create trigger moderation_log_no_replace before insert on moderation_log
      when exists (select 1 from moderation_log where id = new.id or rowid = new.rowid)
      begin select raise(abort, ${sql.lit(AUDIT_LOG_APPEND_ONLY)}); end`.execute(db);
  },
});
