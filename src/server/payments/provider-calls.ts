import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { PaymentProvider } from "./provider.ts";
import {
  claimCall,
  dueCalls,
  finishCall,
  insertCall,
  type ProviderCall,
  releaseStuckCalls,
  retryCall,
} from "./provider-call-repository.ts";

/*
 * Refunds and payouts' transfers made after their step commits (decision 030): a step that moves
 * money at the provider writes the call as due in its own transaction, and this worker makes it,
 * with the step's idempotency key, retrying until the provider answers. A step that rolls back leaves no refund behind; a provider
 * that is down delays the refund, never loses it.
 */

/** The refund of `cents` of a payment's charge, due once the caller's transaction commits. */
export function refundLater(
  trx: Kysely<DB>,
  payment: { id: string; providerRef: string | null },
  cents: number,
): Promise<void> {
  return insertCall(trx, {
    kind: "refund",
    paymentId: payment.id,
    key: `refund:${payment.id}`,
    reference: payment.providerRef ?? "",
    cents,
  });
}

/** A payout's transfer to the person's account, due once the caller's transaction (its ledger movement) commits. */
export function transferLater(trx: Kysely<DB>, payout: { ledgerId: string; accountId: string; cents: number }) {
  return insertCall(trx, {
    kind: "transfer",
    // A payout belongs to no payment: its ledger transaction names it.
    paymentId: payout.ledgerId,
    key: `payout:${payout.ledgerId}`,
    reference: payout.accountId,
    cents: payout.cents,
  });
}

/** One call, as its kind asks the provider. */
async function make(provider: PaymentProvider, call: ProviderCall, currency: string): Promise<{ reference: string }> {
  if (call.kind === "refund") return provider.refund({ key: call.key, reference: call.reference, cents: call.cents });
  if (!provider.payouts) throw new Error("This provider makes no transfers");
  return provider.payouts.transfer({ key: call.key, accountId: call.reference, cents: call.cents, currency });
}

/** How long before a failed call is tried again: a minute, doubling, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60 * 1000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** A call left running this long is taken to be lost with its process. */
const STUCK_MS = 10 * 60 * 1000;

/** Makes the refunds and transfers due now; how many the provider answered. */
export async function runProviderCalls(
  db: Kysely<DB>,
  provider: PaymentProvider,
  currency: string,
  now = new Date(),
): Promise<number> {
  await releaseStuckCalls(db, new Date(now.getTime() - STUCK_MS));
  let made = 0;
  for (const call of await dueCalls(db, now, 50)) {
    if (!(await claimCall(db, call.id))) continue;
    try {
      const answer = await make(provider, call, currency);
      await finishCall(db, call.id, answer.reference);
      made += 1;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      await retryCall(db, call.id, why, new Date(Date.now() + retryDelayMs(call.attempts + 1)));
    }
  }
  return made;
}
