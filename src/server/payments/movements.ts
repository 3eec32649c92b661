import { feeCents } from "../../contract/payments.ts";
import { account } from "./accounts.ts";
import { LedgerError, type Line, type Movement } from "./ledger.ts";

/** A hire's payment, as the ledger needs it: whose money, for whose work, on which task, how much. */
export interface PaymentParties {
  id: string;
  taskId: string;
  clientId: string;
  freelancerId: string;
  /** The accepted offer's amount, in cents. */
  cents: number;
}

/** The entries that move something, in order (an amount of zero moves nothing and is left out). */
const moving = (...lines: Line[]) => lines.filter((line) => line.cents !== 0);

const about = (payment: PaymentParties) => ({ paymentId: payment.id, taskId: payment.taskId });

/** The client pays the offer's amount: held by QuickGig for the task. */
export function hold(payment: PaymentParties): Movement {
  return {
    kind: "hold",
    ...about(payment),
    note: "Payment secured",
    lines: moving(
      { account: account.card(payment.clientId), cents: -payment.cents, note: "Paid by card" },
      { account: account.escrow(payment.taskId), cents: payment.cents, note: "Held for the task" },
    ),
  };
}

/** The part `toFreelancer` of the held amount to the freelancer less the fee, the rest back to the client. */
function settle(payment: PaymentParties, toFreelancer: number, feePercent: number): Line[] {
  if (!Number.isSafeInteger(toFreelancer) || toFreelancer < 0 || toFreelancer > payment.cents) {
    throw new LedgerError(`A split gives between 0 and ${payment.cents} cents to the freelancer, not ${toFreelancer}`);
  }
  const fee = feeCents(toFreelancer, feePercent);
  return moving(
    { account: account.escrow(payment.taskId), cents: -payment.cents, note: "Held for the task" },
    { account: account.earnings(payment.freelancerId), cents: toFreelancer - fee, note: "Paid for the work" },
    { account: account.fees, cents: fee, note: `Platform fee (${feePercent} %)` },
    { account: account.card(payment.clientId), cents: payment.cents - toFreelancer, note: "Back to the card" },
  );
}

/** The work is done: the whole amount to the freelancer, less the platform's fee. */
export function release(payment: PaymentParties, feePercent: number): Movement {
  return {
    kind: "release",
    ...about(payment),
    note: "Payment released",
    lines: settle(payment, payment.cents, feePercent),
  };
}

/** Cancelled before delivery, or given back: the whole amount back to the client's card. */
export function refund(payment: PaymentParties): Movement {
  return { kind: "refund", ...about(payment), note: "Payment refunded", lines: settle(payment, 0, 0) };
}

/** A dispute ends in a split: `toFreelancer` cents to the freelancer (less the fee on it), the rest back. */
export function split(payment: PaymentParties, toFreelancer: number, feePercent: number): Movement {
  return {
    kind: "split",
    ...about(payment),
    note: "Dispute settled",
    lines: settle(payment, toFreelancer, feePercent),
  };
}

/** What a freelancer earned leaves for their bank. */
export function payout(freelancerId: string, cents: number): Movement {
  return {
    kind: "payout",
    paymentId: null,
    taskId: null,
    note: "Paid out",
    lines: [
      { account: account.earnings(freelancerId), cents: -cents, note: "Paid out" },
      { account: account.payouts(freelancerId), cents, note: "To the bank" },
    ],
  };
}

/** A payout's transfer the provider refused for good: the amount back in the freelancer's balance. */
export function payoutReturned(freelancerId: string, cents: number): Movement {
  return {
    kind: "payout",
    paymentId: null,
    taskId: null,
    note: "Payout returned",
    lines: [
      { account: account.payouts(freelancerId), cents: -cents, note: "Not received by the bank account" },
      { account: account.earnings(freelancerId), cents, note: "Payout returned" },
    ],
  };
}
