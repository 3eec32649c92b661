import { z } from "zod";
import { formatBudget } from "./format.ts";
import { MODERATION_LIMITS, RULE_IDS } from "./moderation-words.ts";
import { PAYMENT_STATUSES } from "./payment-words.ts";
import { PersonRefSchema } from "./reputation.ts";
import { hasAtMostTwoDecimals, IdSchema, requiredText } from "./schemas.ts";

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

/**
 * The money lines of a payment's receipt, as its page and its emails both write them: the amount, a
 * split's part for the freelancer, the platform's fee on what the freelancer is paid (all of it
 * unless refunded or split), what they receive, and what went back to the client. In cents.
 */
export function receiptMoneyLines({
  cents,
  toFreelancerCents,
  feePercent,
  split,
}: {
  cents: number;
  toFreelancerCents: number;
  feePercent: number;
  split: boolean;
}): Array<[string, string]> {
  const fee = feeCents(toFreelancerCents, feePercent);
  const back = cents - toFreelancerCents;
  const money = (amount: number) => formatBudget(amount / 100);
  const lines: Array<[string, string]> = [["Amount", money(cents)]];
  if (split) lines.push(["Split: to the freelancer", money(toFreelancerCents)]);
  lines.push(
    [`Platform fee (${feePercent} %)${split ? " on the freelancer's part" : ""}, paid by the freelancer`, money(fee)],
    ["The freelancer receives", money(toFreelancerCents - fee)],
  );
  if (back > 0) lines.push(["Back to the client", money(back)]);
  return lines;
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

export const PaymentIdParamsSchema = z.object({ id: IdSchema("Payment id") });

/** Who opened a dispute, or proposed a split: one of the two parties, or the moderators (a suspension). */
export const DISPUTE_SIDES = ["client", "freelancer", "moderators"] as const;
export type DisputeSide = (typeof DISPUTE_SIDES)[number];

export const DISPUTE_LIMITS = { reasonMax: 2_000 } as const;

/** What the dispute's routes answer when they refuse; the same sentences on the web app. */
export const DISPUTE_MESSAGES = {
  /** Complete, cancel, give back, request the payment or release while a dispute is open: 409. */
  open: "A dispute is open on this task's payment: it ends when you both agree on a split or an admin decides. Open the payment to see where it stands.",
  notHeld: "Only a payment QuickGig holds can be disputed: this one is not (yet, or any more).",
  notOpen: "This dispute has ended.",
  ownProposal: "This is your own proposal: the other party accepts it, or proposes another.",
  proposalGone: "This proposal was replaced by a newer one: read it before you accept.",
  notEscalated: "This dispute is still with its two parties: an admin decides only once it reaches the queue.",
  ownCase: "You cannot decide this dispute: you are one of its parties. Another admin will decide it.",
  withModerators: "This dispute is with QuickGig's moderators now: an admin decides the split, and you are both told.",
} as const;

/** A split of a disputed payment, in dollars: what goes to the freelancer (before the fee) and back to the client. */
export const SplitSchema = z.object({
  toFreelancer: z.number().describe("Dollars to the freelancer, before the platform's fee on them"),
  toClient: z.number().describe("Dollars back to the client's card"),
});
export type Split = z.infer<typeof SplitSchema>;

/** POST /api/payments/{id}/dispute: either party, on a payment held or delivered. */
export const DisputeInputSchema = z.object({ reason: requiredText("Reason", DISPUTE_LIMITS.reasonMax) });

const dollarsSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .refine(Number.isFinite, `${field} must be a number`)
    .refine((value) => value >= 0, `${field} cannot be below 0`)
    .refine(hasAtMostTwoDecimals, `${field} can have at most two decimals`);

/** POST /api/payments/{id}/dispute/proposals: the part for the freelancer; the rest goes back to the client. */
export const ProposalInputSchema = z.object({ toFreelancer: dollarsSchema("The freelancer's part") });

/** POST /api/admin/disputes/{id}: an admin's split, which must add up to the amount held exactly. */
export const DisputeDecisionInputSchema = z.object({
  toFreelancer: dollarsSchema("The freelancer's part"),
  toClient: dollarsSchema("The client's part"),
  rule: z.enum(RULE_IDS, { error: "Choose the house rule the decision rests on" }),
  note: requiredText("Note", MODERATION_LIMITS.moderatorNoteMax),
});
export type DisputeDecisionInput = z.infer<typeof DisputeDecisionInputSchema>;

export const ProposalSchema = SplitSchema.extend({
  _id: z.string(),
  by: z.enum(["client", "freelancer"]),
  status: z.enum(["open", "replaced", "accepted"]),
  createdAt: z.string(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** A payment's dispute, as both parties and admins read it: why, the proposals, and how it ended. */
export const DisputeSchema = z.object({
  openedBy: z.enum(DISPUTE_SIDES),
  reason: z.string(),
  openedAt: z.string(),
  escalatesAt: z.string().describe("When it goes to the moderators' queue unless the parties agree before"),
  escalatedAt: z.string().nullable().describe("In the moderators' queue since"),
  status: z.enum(["open", "settled", "decided"]),
  proposals: z.array(ProposalSchema).describe("Oldest first"),
  outcome: SplitSchema.extend({
    at: z.string(),
    rule: z.string().nullable().describe("An admin's decision: the house rule it rests on"),
    note: z.string().nullable(),
  }).nullable(),
});
export type Dispute = z.infer<typeof DisputeSchema>;

/** A payment as its two parties (and admins) see it: the checkout page and the receipt. */
export const PaymentSchema = z.object({
  _id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  task: z.object({ _id: z.string(), title: z.string() }),
  client: PersonRefSchema,
  freelancer: PersonRefSchema,
  amount: z.number().describe("The accepted offer, in the currency's units (dollars)"),
  fee: z
    .number()
    .describe(
      "The platform's fee, paid by the freelancer on what they are paid: the whole amount, the part a dispute gave them, or nothing once refunded",
    ),
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
  checkoutUrl: z
    .string()
    .nullable()
    .describe("Waiting: where its client pays (test mode's /pay/{id}, or the provider's own page); null otherwise"),
  dispute: DisputeSchema.nullable(),
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
  payouts: z
    .object({ provider: z.enum(["test", "stripe"]), ready: z.boolean() })
    .describe("Whether the reader can be paid out now: always in test mode; with Stripe, once their account is set up"),
});
export type PaymentsOverview = z.infer<typeof PaymentsOverviewSchema>;

/**
 * GET /api/admin/disputes: the disputes in the moderators' queue, the longest waiting first; every
 * moderator reads them, only an admin decides (`canDecide`).
 */
export const DisputeQueueSchema = z.object({
  disputes: z.array(PaymentSchema),
  canDecide: z.boolean().describe("Whether the reader may decide them: an admin"),
});
export type DisputeQueue = z.infer<typeof DisputeQueueSchema>;

/** POST /api/me/payout-account: the provider's page where the reader sets up their payout account. */
export const PayoutSetupSchema = z.object({ url: z.string() });
