import type { Kysely } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * Disputes over held money (issue 44, decision 030): either party opens one on a payment held for
 * a hire; both may propose a split, the other accepts it; not settled in DISPUTE_DAYS (or a party
 * suspended), it goes to the moderators' queue, where an admin decides the split. A payment has at
 * most one dispute (its primary key).
 */
export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("disputes")
      .addColumn("payment_id", "text", (col) => col.primaryKey().references("payments.id"))
      // client, freelancer, or moderators (a suspension of either party put it in the queue).
      .addColumn("opened_by", "text", (col) => col.notNull())
      .addColumn("reason", "text", (col) => col.notNull())
      .addColumn("opened_at", "text", (col) => col.notNull())
      // When it goes to the moderators' queue unless settled before.
      .addColumn("escalates_at", "text", (col) => col.notNull())
      .addColumn("escalated_at", "text")
      // open, settled (the parties agreed), decided (an admin split it).
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("ended_at", "text")
      // The split it ended with, in cents (both sum to the payment's amount).
      .addColumn("to_freelancer_cents", "bigint")
      .addColumn("to_client_cents", "bigint")
      // An admin's decision: who, under which house rule, and why.
      .addColumn("decided_by", "text")
      .addColumn("rule", "text")
      .addColumn("note", "text")
      .execute();
    // The timed job's question: which open disputes are due for the queue; and the queue itself.
    await db.schema.createIndex("disputes_escalates_idx").on("disputes").columns(["status", "escalates_at"]).execute();
    await db.schema
      .createTable("dispute_proposals")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("payment_id", "text", (col) => col.notNull().references("disputes.payment_id"))
      // client or freelancer.
      .addColumn("proposed_by", "text", (col) => col.notNull())
      .addColumn("to_freelancer_cents", "bigint", (col) => col.notNull())
      .addColumn("to_client_cents", "bigint", (col) => col.notNull())
      // open (the latest, waiting for the other party), replaced (a newer one came), accepted.
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("dispute_proposals_payment_idx")
      .on("dispute_proposals")
      .columns(["payment_id", "created_at"])
      .execute();
  },
});
