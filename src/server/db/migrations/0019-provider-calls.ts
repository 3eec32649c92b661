import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * Calls to the payment provider that move money after a step (issue 44, decision 030): a refund or
 * a payout's transfer is written here in the step's own transaction and made once it commits, by a
 * worker that retries while the provider cannot answer. So none is made for a step that rolled
 * back, nor lost when the provider is down: the ledger and the provider agree.
 */
export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("provider_calls")
      .addColumn("id", "text", (col) => col.primaryKey())
      // A refund's payment, or a payout's ledger transaction (a payout belongs to no payment).
      .addColumn("payment_id", "text", (col) => col.notNull())
      // refund or transfer.
      .addColumn("kind", "text", (col) => col.notNull())
      // The idempotency key: the provider answers a repeated call as the first and moves no money again.
      .addColumn("key", "text", (col) => col.notNull().unique())
      // The charge a refund goes back to (test mode's reference or Stripe's PaymentIntent), or the
      // payout account a transfer goes to.
      .addColumn("reference", "text", (col) => col.notNull())
      .addColumn("cents", "bigint", (col) => col.notNull())
      // due, running, done, failed (refused for good by the provider).
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("next_at", "text", (col) => col.notNull())
      .addColumn("last_error", "text")
      .addColumn("result", "text")
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("done_at", "text")
      .execute();
    await db.schema.createIndex("provider_calls_due_idx").on("provider_calls").columns(["status", "next_at"]).execute();
  },
});
