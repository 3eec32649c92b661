/* Payments' words and states, with no imports: the task schema (schemas.ts) names them too. */

/**
 * Where a payment stands. pending: the client is paying (the hire waits); charging: a card is being
 * charged; held: paid, QuickGig holds it, the task is assigned; delivered: held, the freelancer asked
 * for it and it is released by itself at releaseDueAt unless the client acts; released: paid to the freelancer
 * (less the fee); refunded: back to the client; abandoned: another checkout of the task replaced it;
 * disputed: held, a dispute is open (nothing moves until the parties agree or an admin decides);
 * split: a dispute ended, part to the freelancer (less the fee on it), the rest back to the client.
 */
export const PAYMENT_STATUSES = [
  "pending",
  "charging",
  "held",
  "delivered",
  "disputed",
  "released",
  "refunded",
  "abandoned",
  "split",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How the task page, My Posted Tasks and My Bids name a payment's state to its two parties. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Waiting for payment",
  charging: "Payment in progress",
  held: "Payment secured",
  delivered: "Payment requested",
  disputed: "Payment disputed",
  released: "Payment released",
  refunded: "Payment refunded",
  abandoned: "Payment not made",
  split: "Payment split",
};
