import type { PayInput, Payment, PaymentsOverview } from "../../../contract/payments.ts";
import { apiJson } from "../../lib/api.ts";

export type { Payment, PaymentsOverview };

/** A payment, to its client or freelancer (404 to anyone else). */
export function getPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  return apiJson<Payment>(`/api/payments/${encodeURIComponent(id)}`, { signal });
}

/** Test mode's checkout: pays by card; the payment as it now is (held: the bidder is hired). 402 says why a card failed. */
export function payByCard(id: string, card: PayInput["card"]): Promise<Payment> {
  return apiJson<Payment>(`/api/payments/${encodeURIComponent(id)}/pay`, { method: "POST", body: { card } });
}

/** The reader's money from the ledger: figures as a client and as a freelancer, and their latest movements. */
export function getPaymentsOverview(signal?: AbortSignal): Promise<PaymentsOverview> {
  return apiJson<PaymentsOverview>("/api/me/payments", { signal });
}
