import type { Kysely } from "kysely";
import { formatBudget } from "../../contract/format.ts";
import type { DisputeDecisionInput, DisputeQueue, Payment } from "../../contract/payments.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import type { Transactor } from "../notifications/notifier.ts";
import { decideDispute, escalatedDisputes } from "../payments/disputes.ts";
import { type PaymentsDeps, paymentFor } from "../payments/payments.ts";
import { presentPayment } from "../payments/present-payment.ts";
import { appendLog } from "./moderation-repository.ts";
import { roleOf } from "./roles.ts";

/*
 * Payment disputes in the moderators' queue (issue 44): those the parties did not settle within
 * DISPUTE_DAYS, and those of a suspended party. An admin decides the split, naming a house rule,
 * in one transaction with the money's movement, the audit entry and both parties' notices.
 */

/** The disputes waiting for an admin, as the queue shows them to a moderator or an admin. */
export async function presentDisputeQueue(db: Kysely<DB>, viewerId: string): Promise<DisputeQueue> {
  const [payments, role] = await Promise.all([escalatedDisputes(db), roleOf(db, viewerId)]);
  return {
    disputes: await Promise.all(payments.map((payment) => presentPayment(db, payment, viewerId))),
    canDecide: role === "admin",
  };
}

/** An admin's split of a dispute, with its audit entry. */
export async function decidePaymentDispute(
  run: Transactor,
  payments: PaymentsDeps,
  viewer: Viewer,
  paymentId: string,
  input: DisputeDecisionInput,
): Promise<Payment> {
  const decided = await run.transaction(async (trx, notices) => {
    const payment = await decideDispute(trx, notices, paymentId, viewer.id, input);
    await appendLog(trx, {
      actor_id: viewer.id,
      actor_name: viewer.name,
      action: "decide-dispute",
      target_kind: "payment",
      target_id: payment.id,
      subject_id: null,
      subject_name: null,
      rule: input.rule,
      note: `${formatBudget(input.toFreelancer)} to the freelancer, ${formatBudget(input.toClient)} back to the client. ${input.note}`,
      sanction_id: null,
    });
    return payment;
  });
  // As it now is: split.
  return presentPayment(payments.db, await paymentFor(payments.db, decided.id, viewer.id, true), viewer.id);
}
