import type { Kysely } from "kysely";
import { ANONYMOUS_NAME } from "../../contract/limits.ts";
import { type Dispute, feeCents, type Payment } from "../../contract/payments.ts";
import type { DB } from "../db/schema.ts";
import { findPerson } from "../profiles/profile-repository.ts";
import { presentDispute } from "./disputes.ts";
import type { PaymentRecord } from "./payment-repository.ts";

/**
 * What the freelancer is (or will be) paid before the fee, in cents: nothing once refunded, the
 * agreed or decided part once split, the whole amount otherwise.
 */
function paidToFreelancer(payment: PaymentRecord, dispute: Dispute | null): number {
  if (payment.status === "refunded") return 0;
  if (payment.status === "split" && dispute?.outcome) return Math.round(dispute.outcome.toFreelancer * 100);
  return payment.cents;
}

/** A payment as its two parties (and admins) read it: its task, the people, the amount and the fee in the currency's units. */
export async function presentPayment(db: Kysely<DB>, payment: PaymentRecord, viewerId: string): Promise<Payment> {
  const [client, freelancer, dispute] = await Promise.all([
    findPerson(db, payment.clientId),
    findPerson(db, payment.freelancerId),
    presentDispute(db, payment.id),
  ]);
  const person = (id: string, found: typeof client) => ({
    id,
    name: found?.name || ANONYMOUS_NAME,
    image: found?.image ?? null,
  });
  const feePercent = payment.feeBasisPoints / 100;
  return {
    _id: payment.id,
    status: payment.status,
    task: { _id: payment.taskId, title: payment.taskTitle },
    client: person(payment.clientId, client),
    freelancer: person(payment.freelancerId, freelancer),
    amount: payment.cents / 100,
    fee: feeCents(paidToFreelancer(payment, dispute), feePercent) / 100,
    feePercent,
    currency: payment.currency,
    testMode: payment.provider === "test",
    // Why a card failed is the client's to read.
    lastError: payment.clientId === viewerId ? payment.lastError : null,
    createdAt: payment.createdAt,
    heldAt: payment.heldAt,
    releaseDueAt: payment.status === "delivered" ? payment.releaseDueAt : null,
    settledAt: payment.settledAt,
    // Where its client pays while it waits: test mode's page, or the provider's.
    checkoutUrl:
      payment.status !== "pending" || payment.clientId !== viewerId
        ? null
        : payment.provider === "test"
          ? `/pay/${payment.id}`
          : payment.checkoutUrl,
    dispute,
  };
}
