import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";

/** The provider calls' SQL (migration 0019): refunds and payouts' transfers made once their step commits. */

export interface ProviderCall {
  id: string;
  kind: "refund" | "transfer";
  paymentId: string;
  key: string;
  reference: string;
  cents: number;
  attempts: number;
}

/**
 * A call due, in the step's transaction; the same key twice is one call. A refund names the
 * payment and its charge; a transfer (a payout) the payout's ledger transaction and the account.
 */
export async function insertCall(
  trx: Kysely<DB>,
  call: { kind: ProviderCall["kind"]; paymentId: string; key: string; reference: string; cents: number },
  now = new Date(),
): Promise<void> {
  await trx
    .insertInto("provider_calls")
    .values({
      id: createId(),
      payment_id: call.paymentId,
      kind: call.kind,
      key: call.key,
      reference: call.reference,
      cents: call.cents,
      status: "due",
      next_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
}

/** Calls due now, oldest first; only the one with `key` when given. */
export async function dueCalls(db: Kysely<DB>, now: Date, limit: number, key?: string): Promise<ProviderCall[]> {
  let query = db
    .selectFrom("provider_calls")
    .select(["id", "kind", "payment_id", "key", "reference", "cents", "attempts"])
    .where("status", "=", "due")
    .where("next_at", "<=", now.toISOString());
  if (key !== undefined) query = query.where("key", "=", key);
  const rows = await query.orderBy("next_at").limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as ProviderCall["kind"],
    paymentId: row.payment_id,
    key: row.key,
    reference: row.reference,
    cents: Number(row.cents),
    attempts: row.attempts,
  }));
}

/** Takes a due call for this process (its next_at becomes when it started); false when another took it first. */
export async function claimCall(db: Kysely<DB>, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("provider_calls")
    .set((eb) => ({ status: "running", attempts: eb("attempts", "+", 1), next_at: now.toISOString() }))
    .where("id", "=", id)
    .where("status", "=", "due")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Each of these moves only the call this process still runs (`attempts` as it claimed it). */
export async function finishCall(db: Kysely<DB>, call: ProviderCall, result: string, now = new Date()) {
  await db
    .updateTable("provider_calls")
    .set({ status: "done", result, done_at: now.toISOString(), last_error: null })
    .where("id", "=", call.id)
    .where("status", "=", "running")
    .where("attempts", "=", call.attempts + 1)
    .execute();
}

/** Due again at `nextAt`, with why it failed (never a secret: the provider's message). */
export async function retryCall(db: Kysely<DB>, call: ProviderCall, error: string, nextAt: Date): Promise<void> {
  await db
    .updateTable("provider_calls")
    .set({ status: "due", last_error: error.slice(0, 500), next_at: nextAt.toISOString() })
    .where("id", "=", call.id)
    .where("status", "=", "running")
    .where("attempts", "=", call.attempts + 1)
    .execute();
}

/** Refused for good by the provider: failed, never tried again; true when this process marked it. */
export async function failCall(db: Kysely<DB>, call: ProviderCall, error: string, now = new Date()) {
  const result = await db
    .updateTable("provider_calls")
    .set({ status: "failed", last_error: error.slice(0, 500), done_at: now.toISOString() })
    .where("id", "=", call.id)
    .where("status", "=", "running")
    .where("attempts", "=", call.attempts + 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Calls left running by a process that stopped mid-call: due again (the key makes the retry harmless). */
export async function releaseStuckCalls(db: Kysely<DB>, startedBefore: Date): Promise<void> {
  await db
    .updateTable("provider_calls")
    .set({ status: "due" })
    .where("status", "=", "running")
    .where("next_at", "<=", startedBefore.toISOString())
    .execute();
}
