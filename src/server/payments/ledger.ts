import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";
import { isHeld } from "./accounts.ts";

/** What a ledger transaction records: money held at a hire, released, refunded, split, paid out. */
export const LEDGER_KINDS = ["hold", "release", "refund", "split", "payout"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One entry: what an account receives (+) or gives (−), in integer cents. */
export interface Line {
  account: string;
  cents: number;
  note: string;
}

/** One movement of money, written as one ledger transaction. */
export interface Movement {
  kind: LedgerKind;
  paymentId: string | null;
  taskId: string | null;
  note: string;
  lines: Line[];
}

/** A movement that cannot be written: unbalanced, not in cents, or taking a held account below zero. */
export class LedgerError extends Error {}

/** Each amount a whole number of cents and not zero, at least two of them, summing to zero. */
export function checkBalanced(lines: Line[]): void {
  if (lines.length < 2) throw new LedgerError("A movement needs at least two entries");
  for (const line of lines) {
    if (!Number.isSafeInteger(line.cents) || line.cents === 0) {
      throw new LedgerError(`Not a non-zero amount of cents for ${line.account}: ${line.cents}`);
    }
  }
  const sum = lines.reduce((total, line) => total + line.cents, 0);
  if (sum !== 0) throw new LedgerError(`The entries sum to ${sum} cents, not zero`);
}

/**
 * Writes the movement in the caller's transaction: one ledger transaction and its entries. An
 * account held for someone (escrow, earnings, fees) that it would take below zero refuses it
 * (LedgerError): the caller rolls back. The caller holds the row of what the money belongs to (the
 * payment) for the transaction, so that two movements of it never pass this check together.
 */
export async function post(trx: Kysely<DB>, movement: Movement, at = new Date()): Promise<string> {
  checkBalanced(movement.lines);
  const id = createId();
  await trx
    .insertInto("ledger_transactions")
    .values({
      id,
      at: at.toISOString(),
      kind: movement.kind,
      payment_id: movement.paymentId,
      task_id: movement.taskId,
      note: movement.note,
    })
    .execute();
  await trx
    .insertInto("ledger_entries")
    .values(movement.lines.map((line) => ({ id: createId(), transaction_id: id, ...line })))
    .execute();
  const drawn = movement.lines.filter((line) => line.cents < 0 && isHeld(line.account)).map((line) => line.account);
  for (const [name, cents] of await balancesOf(trx, drawn)) {
    if (cents < 0) throw new LedgerError(`${name} would hold ${cents} cents`);
  }
  return id;
}

/** The balance of each account named: the sum of its entries (0 for one with none). */
export async function balancesOf(db: Kysely<DB>, accounts: string[]): Promise<Map<string, number>> {
  const balances = new Map(accounts.map((name) => [name, 0]));
  if (accounts.length === 0) return balances;
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["account", sql<string | number>`sum(cents)`.as("cents")])
    .where("account", "in", accounts)
    .groupBy("account")
    .execute();
  for (const row of rows) balances.set(row.account, Number(row.cents));
  return balances;
}

export async function balanceOf(db: Kysely<DB>, account: string): Promise<number> {
  return (await balancesOf(db, [account])).get(account) ?? 0;
}

/** Every account's balance and the sum of all entries: what a reconciliation reads. */
export async function trialBalance(db: Kysely<DB>): Promise<{ accounts: Map<string, number>; total: number }> {
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["account", sql<string | number>`sum(cents)`.as("cents")])
    .groupBy("account")
    .execute();
  const accounts = new Map(rows.map((row) => [row.account, Number(row.cents)]));
  return { accounts, total: [...accounts.values()].reduce((sum, cents) => sum + cents, 0) };
}

/** Each transaction whose entries do not sum to zero (none, unless someone wrote around `post`). */
export async function unbalancedTransactions(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom("ledger_entries")
    .select("transaction_id")
    .groupBy("transaction_id")
    .having(sql`sum(cents)`, "!=", 0)
    .execute();
  return rows.map((row) => row.transaction_id);
}

/** One entry on an account, with its transaction's when, what and whose payment. */
export interface EntryLine {
  id: string;
  account: string;
  cents: number;
  note: string;
  at: string;
  kind: LedgerKind;
  paymentId: string | null;
  taskId: string | null;
}

/** The entries on these accounts, newest first (at most `limit`). */
export async function entriesOn(db: Kysely<DB>, accounts: string[], limit: number): Promise<EntryLine[]> {
  if (accounts.length === 0) return [];
  const rows = await db
    .selectFrom("ledger_entries")
    .innerJoin("ledger_transactions", "ledger_transactions.id", "ledger_entries.transaction_id")
    .select([
      "ledger_entries.id",
      "ledger_entries.account",
      "ledger_entries.cents",
      "ledger_entries.note",
      "ledger_transactions.at",
      "ledger_transactions.kind",
      "ledger_transactions.payment_id",
      "ledger_transactions.task_id",
    ])
    .where("ledger_entries.account", "in", accounts)
    .orderBy("ledger_transactions.at", "desc")
    .orderBy("ledger_entries.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    account: row.account,
    cents: Number(row.cents),
    note: row.note,
    at: row.at,
    kind: row.kind as LedgerKind,
    paymentId: row.payment_id,
    taskId: row.task_id,
  }));
}

/** The sums of the positive and of the negative entries on an account. */
export async function flowsOf(db: Kysely<DB>, account: string): Promise<{ inflow: number; outflow: number }> {
  const row = await db
    .selectFrom("ledger_entries")
    .select([
      sql<string | number>`coalesce(sum(case when cents > 0 then cents else 0 end), 0)`.as("inflow"),
      sql<string | number>`coalesce(sum(case when cents < 0 then -cents else 0 end), 0)`.as("outflow"),
    ])
    .where("account", "=", account)
    .executeTakeFirst();
  return { inflow: Number(row?.inflow ?? 0), outflow: Number(row?.outflow ?? 0) };
}
