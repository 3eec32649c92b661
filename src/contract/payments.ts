import { z } from "zod";
import { PAYMENT_STATUSES } from "./payment-words.ts";
import { PersonRefSchema } from "./reputation.ts";

export * from "./payment-words.ts";

/**
 * Money (issue 44): what the server and the web app both say and compute about payments. Amounts
 * are integer cents of one currency; the platform's fee is a percentage of what a freelancer is
 * paid, rounded half up to the cent, so that both sides see the same fee before paying and on
 * every receipt.
 */

/** The platform's fee on `cents` paid to a freelancer, at `percent` (10 for 10 %), rounded half up to the cent. */
export function feeCents(cents: number, percent: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount of cents: ${cents}`);
  // In hundredths of a percent, so that a fee like 7.5 % stays in whole numbers.
  const basisPoints = Math.round(percent * 100);
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/** What a payment of the provider's test mode answers for each of the well-known test cards. */
export const TEST_CARDS = {
  "4242424242424242": "succeeded",
  "4000000000000002": "declined",
  "4000000000009995": "insufficient-funds",
} as const;

export const PAYMENT_MESSAGES = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  unknownCard: "This card number is not one of test mode's cards: use 4242 4242 4242 4242.",
} as const;

const digitsOf = (value: string) => value.replace(/[\s-]/g, "");

/** POST /api/payments/{id}/pay (test mode's checkout): a card, never stored or logged. */
export const PayInputSchema = z.object({
  card: z.object({
    number: z
      .string({ error: "Card number must be text" })
      .refine((value) => /^\d{12,19}$/.test(digitsOf(value)), "Card number must be 12 to 19 digits")
      .transform(digitsOf),
    expiry: z
      .string({ error: "Expiry must be text" })
      .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, "Expiry must be a month and year, such as 12/34"),
    cvc: z.string({ error: "CVC must be text" }).regex(/^\d{3,4}$/, "CVC must be 3 or 4 digits"),
  }),
});
export type PayInput = z.infer<typeof PayInputSchema>;

/** What accepting an offer answers when the client must pay first: where to pay. */
export const PaymentStepSchema = z.object({
  paymentId: z.string(),
  checkoutUrl: z.string().describe("The checkout's address: test mode's page of the web app (/pay/{id})"),
});
export type PaymentStep = z.infer<typeof PaymentStepSchema>;

/** A payment as its two parties (and admins) see it: the checkout page and the receipt. */
export const PaymentSchema = z.object({
  _id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  task: z.object({ _id: z.string(), title: z.string() }),
  client: PersonRefSchema,
  freelancer: PersonRefSchema,
  amount: z.number().describe("The accepted offer, in the currency's units (dollars)"),
  fee: z.number().describe("The platform's fee on it, paid by the freelancer at release"),
  feePercent: z.number(),
  currency: z.string(),
  testMode: z.boolean().describe("Test mode: no real money moves"),
  lastError: z.string().nullable().describe("Why the last attempt failed, for the client"),
  createdAt: z.string(),
  heldAt: z.string().nullable(),
  releaseDueAt: z
    .string()
    .nullable()
    .describe("Delivered: when the payment is released by itself unless the client acts"),
  settledAt: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** One line of a person's statement: a movement of their own money, from the ledger. */
export const StatementLineSchema = z.object({
  _id: z.string().describe("The ledger entry"),
  at: z.string(),
  kind: z.enum(["hold", "release", "refund", "split", "payout"]),
  paymentId: z.string().nullable(),
  taskId: z.string().nullable(),
  taskTitle: z.string().nullable(),
  amount: z.number().describe("Dollars, signed from the reader's side: paid out of their card (−), to them (+)"),
  note: z.string(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

/**
 * GET /api/me/payments: the reader's money, every figure a sum of the ledger's entries. As a
 * client: what their card paid, what QuickGig holds of it, what came back. As a freelancer: what is
 * held for their work, what they earned (after fees), what was paid out, and what waits to be.
 */
export const PaymentsOverviewSchema = z.object({
  asClient: z.object({ paid: z.number(), held: z.number(), refunded: z.number() }),
  asFreelancer: z.object({ held: z.number(), earned: z.number(), paidOut: z.number(), balance: z.number() }),
  lines: z.array(StatementLineSchema).describe("Newest first"),
  currency: z.string(),
});
export type PaymentsOverview = z.infer<typeof PaymentsOverviewSchema>;
