import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * A freelancer's account at the payment provider for their payouts (issue 44): with Stripe, a
 * Connect Express account they finish setting up on Stripe's pages; their earnings wait in the
 * ledger until it can receive transfers.
 */
export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("payout_accounts")
      .addColumn("user_id", "text", (col) => col.primaryKey())
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("account_id", "text", (col) => col.notNull().unique())
      // 1 once the provider says the account can receive payouts.
      .addColumn("payouts_enabled", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .execute();
  },
});
