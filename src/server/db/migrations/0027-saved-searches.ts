import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * Saved searches (issue 47): a person's searches of Browse Tasks, told of new tasks as they come or
 * daily. Budgets in integer cents, as tasks'. `key_word` is the search's longest word
 * (contract/alerts.ts, keyWordOf): a new task finds the searches it may match by the starts of its
 * own words, through its index, rather than every saved search being tried against it. Gone with
 * their owner.
 */
export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("saved_searches")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
      .addColumn("name", "text", (col) => col.notNull())
      .addColumn("q", "text", (col) => col.notNull())
      .addColumn("key_word", "text")
      .addColumn("category", "text")
      .addColumn("min_budget_cents", "bigint")
      .addColumn("max_budget_cents", "bigint")
      .addColumn("frequency", "text", (col) => col.notNull())
      .addColumn("paused_at", "text")
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .execute();
    // A person's searches, oldest first (their page, and the cap of 20 counted).
    await db.schema
      .createIndex("saved_searches_user_idx")
      .on("saved_searches")
      .columns(["user_id", "created_at"])
      .execute();
    // The searches a new task's words may match.
    await db.schema.createIndex("saved_searches_key_word_idx").on("saved_searches").columns(["key_word"]).execute();
  },
});
