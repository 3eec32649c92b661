import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * Where the client pays a payment still waiting (issue 44): the provider's own page (Stripe's hosted
 * Checkout), kept so that the task's "Pay now" leads back to it. Null for test mode, whose page is
 * QuickGig's own (/pay/{id}).
 */
export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("payments").addColumn("checkout_url", "text").execute();
  },
});
