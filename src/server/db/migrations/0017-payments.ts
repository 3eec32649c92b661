import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

export const LEDGER_APPEND_ONLY = "The payments ledger is append-only";

/**
 * Money (issue 44): a double-entry ledger that is only ever added to. A transaction is one movement
 * (a payment held, a release, a refund, a split, a payout); its entries move integer cents between
 * named accounts and sum to zero. A balance is the sum of an account's entries, never a stored
 * number. Nothing in either table is changed or deleted once written: the database refuses it.
 */
export default ({ dialect }: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    // A hire's payment: what the client pays for the accepted offer, and where it stands. Its money
    // is in the ledger below; this row is its state (payments/payment-repository.ts). No references:
    // a payment outlives a deleted task and its people, as receipts must.
    await db.schema
      .createTable("payments")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("task_id", "text", (col) => col.notNull())
      // The task's title when the checkout opened: a receipt reads the same once the task is gone.
      .addColumn("task_title", "text", (col) => col.notNull())
      .addColumn("bid_id", "text", (col) => col.notNull())
      .addColumn("client_id", "text", (col) => col.notNull())
      .addColumn("freelancer_id", "text", (col) => col.notNull())
      .addColumn("cents", "bigint", (col) => col.notNull())
      // The fee as shown before paying, in hundredths of a percent (1000: 10 %).
      .addColumn("fee_basis_points", "integer", (col) => col.notNull())
      .addColumn("currency", "text", (col) => col.notNull())
      // contract PAYMENT_STATUSES.
      .addColumn("status", "text", (col) => col.notNull())
      .addColumn("provider", "text", (col) => col.notNull())
      .addColumn("provider_ref", "text")
      .addColumn("last_error", "text")
      // Card charges tried: each its own idempotency key at the provider.
      .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .addColumn("held_at", "text")
      // The freelancer delivered and asked for the payment; released by itself at release_due_at.
      .addColumn("delivered_at", "text")
      .addColumn("release_due_at", "text")
      // When the client was reminded that the release is near (once).
      .addColumn("release_reminded_at", "text")
      .addColumn("settled_at", "text")
      .execute();
    // One payment at a time per task, from the checkout to its end: two accepts open one.
    await sql`create unique index payments_live_task_idx on payments (task_id)
      where status in ('pending', 'charging', 'held', 'delivered', 'disputed')`.execute(db);
    // The timed job's question: which delivered payments are due.
    await db.schema
      .createIndex("payments_release_due_idx")
      .on("payments")
      .columns(["status", "release_due_at"])
      .execute();
    await db.schema.createIndex("payments_client_idx").on("payments").columns(["client_id", "created_at"]).execute();
    await db.schema
      .createIndex("payments_freelancer_idx")
      .on("payments")
      .columns(["freelancer_id", "created_at"])
      .execute();

    await db.schema
      .createTable("ledger_transactions")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("at", "text", (col) => col.notNull())
      // payments/ledger.ts LEDGER_KINDS: hold, release, refund, split, payout.
      .addColumn("kind", "text", (col) => col.notNull())
      // The payment it belongs to (a payout belongs to none). No reference: the ledger outlives rows.
      .addColumn("payment_id", "text")
      .addColumn("task_id", "text")
      // What happened, in words a person can read on a statement.
      .addColumn("note", "text", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("ledger_transactions_payment_idx")
      .on("ledger_transactions")
      .columns(["payment_id", "at"])
      .execute();
    await db.schema
      .createTable("ledger_entries")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("transaction_id", "text", (col) => col.notNull().references("ledger_transactions.id"))
      // payments/accounts.ts: "card:<user>", "escrow:<task>", "earnings:<user>", "fees", "payouts:<user>".
      .addColumn("account", "text", (col) => col.notNull())
      // Signed integer cents: what the account received (+) or gave (−) in this transaction.
      .addColumn("cents", "bigint", (col) => col.notNull())
      .addColumn("note", "text", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("ledger_entries_account_idx")
      .on("ledger_entries")
      .columns(["account", "transaction_id"])
      .execute();
    await db.schema
      .createIndex("ledger_entries_transaction_idx")
      .on("ledger_entries")
      .columns(["transaction_id"])
      .execute();
    for (const table of ["ledger_transactions", "ledger_entries"]) await appendOnly(db, dialect, table);
  },
});

/** Updates, deletes, truncates and replacing inserts fail in the database itself, whoever asks. */
async function appendOnly(db: Kysely<unknown>, dialect: MigrationContext["dialect"], table: string) {
  if (dialect === "sqlite") {
    for (const event of ["update", "delete"]) {
      await sql`create trigger ${sql.id(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
        begin select raise(abort, ${sql.lit(LEDGER_APPEND_ONLY)}); end`.execute(db);
    }
    // REPLACE deletes the row it meets without firing the delete trigger (decision of issue 42).
    await sql`create trigger ${sql.id(`${table}_no_replace`)} before insert on ${sql.table(table)}
      when exists (select 1 from ${sql.table(table)} where id = new.id or rowid = new.rowid)
      begin select raise(abort, ${sql.lit(LEDGER_APPEND_ONLY)}); end`.execute(db);
    return;
  }
  await sql`create or replace function quickgig_ledger_append_only() returns trigger language plpgsql as $$
    begin raise exception ${sql.lit(LEDGER_APPEND_ONLY)}; end $$`.execute(db);
  await sql`create trigger ${sql.id(`${table}_no_change`)} before update or delete on ${sql.table(table)}
    for each row execute function quickgig_ledger_append_only()`.execute(db);
  await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
    for each statement execute function quickgig_ledger_append_only()`.execute(db);
}
