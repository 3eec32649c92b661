import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { post } from "./ledger.ts";
import { payoutReturned } from "./movements.ts";
import { findAccountOwner } from "./payout-account-repository.ts";
import { type PaymentProvider, RefusedByProvider } from "./provider.ts";
import {
  claimCall,
  dueCalls,
  failCall,
  finishCall,
  insertCall,
  type ProviderCall,
  releaseStuckCalls,
  retryCall,
} from "./provider-call-repository.ts";

/*
 * Refunds and payouts' transfers made after their step commits (decision 030): a step that moves
 * money at the provider writes the call as due in its own transaction, and this worker makes it,
 * with the step's idempotency key, retrying while the provider cannot answer (Stripe keeps a key's
 * answer for a day, so a retry within it may repeat an error). A step that rolls back leaves no
 * call behind; a provider that is down delays a call, never loses it; one it refuses for good is
 * marked failed for the operators, and a refused transfer's amount is back in the balance.
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
  if (!provider.payouts) throw new RefusedByProvider("This payment provider makes no transfers");
  return provider.payouts.transfer({ key: call.key, accountId: call.reference, cents: call.cents, currency });
}

/** How long before a failed call is tried again: a minute, doubling, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60 * 1000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** A call left running this long is taken to be lost with its process. */
const STUCK_MS = 10 * 60 * 1000;

/**
 * Makes the refunds and transfers due now (only the one with `key` when given: the call a request
 * just wrote); how many the provider answered. A call the provider refuses for good is marked
 * failed and logged for the operators; a refused transfer's amount goes back into the freelancer's
 * balance, so the ledger never says paid out what no bank account received.
 */
export async function runProviderCalls(
  db: Kysely<DB>,
  provider: PaymentProvider,
  currency: string,
  options: { now?: Date; key?: string; log?: FastifyBaseLogger } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  await releaseStuckCalls(db, new Date(now.getTime() - STUCK_MS));
  let made = 0;
  for (const call of await dueCalls(db, now, 50, options.key)) {
    if (!(await claimCall(db, call.id))) continue;
    try {
      const answer = await make(provider, call, currency);
      await finishCall(db, call, answer.reference);
      made += 1;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      if (error instanceof RefusedByProvider) {
        await refused(db, call, why);
        options.log?.error(
          { callId: call.id, kind: call.kind, paymentId: call.paymentId, why },
          "provider refused a call",
        );
      } else {
        await retryCall(db, call, why, new Date(Date.now() + retryDelayMs(call.attempts + 1)));
      }
    }
  }
  return made;
}

/** A call refused for good: failed, and a transfer's amount back in its freelancer's balance, at once. */
async function refused(db: Kysely<DB>, call: ProviderCall, why: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await failCall(trx, call, why))) return;
    if (call.kind !== "transfer") return;
    const owner = await findAccountOwner(trx, call.reference);
    if (owner) await post(trx, payoutReturned(owner, call.cents));
  });
}
