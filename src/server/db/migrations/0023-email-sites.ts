import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * The address each person last used the site at (issue 45, decision 033): with PUBLIC_URL unset,
 * every email to them links there, the ones a timed job writes too, so that following a link does
 * not land them on another address where they are signed out.
 */
export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("email_sites")
      .addColumn("user_id", "text", (col) => col.primaryKey().references("user.id").onDelete("cascade"))
      .addColumn("origin", "text", (col) => col.notNull())
      .addColumn("seen_at", "text", (col) => col.notNull())
      .execute();
  },
});
