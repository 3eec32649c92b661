import type { PayInput, Payment, PaymentsOverview } from "../../../contract/payments.ts";
import { apiJson } from "../../lib/api.ts";

export type { Payment, PaymentsOverview };

const paymentPath = (id: string) => `/api/payments/${encodeURIComponent(id)}`;

/** A payment, to its client or freelancer, or an admin (404 to anyone else). */
export function getPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  return apiJson<Payment>(paymentPath(id), { signal });
}

/** Test mode's checkout: pays by card; the payment as it now is (held: the bidder is hired). 402 says why a card failed. */
export function payByCard(id: string, card: PayInput["card"]): Promise<Payment> {
  return apiJson<Payment>(`${paymentPath(id)}/pay`, { method: "POST", body: { card } });
}

/** The reader's money from the ledger: figures as a client and as a freelancer, and their latest movements. */
export function getPaymentsOverview(signal?: AbortSignal): Promise<PaymentsOverview> {
  return apiJson<PaymentsOverview>("/api/me/payments", { signal });
}

/** Either party opens a dispute on a payment held or delivered: nothing moves until it ends. */
export function openDispute(id: string, reason: string): Promise<Payment> {
  return apiJson<Payment>(`${paymentPath(id)}/dispute`, { method: "POST", body: { reason } });
}

/** Either party proposes a split: `toFreelancer` dollars to the freelancer, the rest back to the client. */
export function proposeSplit(id: string, toFreelancer: number): Promise<Payment> {
  return apiJson<Payment>(`${paymentPath(id)}/dispute/proposals`, { method: "POST", body: { toFreelancer } });
}

/** The other party accepts a waiting proposal: the money moves at once and the dispute is settled. */
export function acceptProposal(id: string, proposalId: string): Promise<Payment> {
  return apiJson<Payment>(`${paymentPath(id)}/dispute/proposals/${encodeURIComponent(proposalId)}/accept`, {
    method: "POST",
  });
}

/** Pays out the reader's whole balance (test mode moves no real money); their money as it now is. 409 when there is nothing to pay out. */
export function payOutBalance(): Promise<PaymentsOverview> {
  return apiJson<PaymentsOverview>("/api/me/payouts", { method: "POST" });
}

/** Stripe's page where the reader sets up their payout account (payments through Stripe only). */
export function payoutSetupUrl(): Promise<{ url: string }> {
  return apiJson<{ url: string }>("/api/me/payout-account", { method: "POST" });
}
