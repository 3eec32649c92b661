import { randomBytes } from "node:crypto";
import { TEST_CARDS } from "../../contract/payments.ts";

/**
 * The provider refused a call for good (the account cannot receive transfers, the charge is already
 * refunded, the request is invalid): trying again cannot help, so the call is marked failed.
 */
export class RefusedByProvider extends Error {}

/** A card as the checkout sent it: used for one charge, never stored or logged. */
export interface Card {
  number: string;
  expiry: string;
  cvc: string;
}

export type ChargeOutcome =
  | { ok: true; reference: string }
  | { ok: false; reason: "declined" | "insufficient-funds" | "unknown-card" };

/** A freelancer's account at the provider, set up on the provider's own pages, and transfers to it. */
export interface PayoutProvider {
  /** A new account for this person (the same key answers the same account). */
  createAccount(input: { key: string; userId: string; email: string }): Promise<string>;
  /** The provider's page where the person sets up (or finishes) their account, sending them back to `returnUrl`. */
  onboardingUrl(accountId: string, returnUrl: string): Promise<string>;
  /** Whether the account can receive payouts now. */
  isPayable(accountId: string): Promise<boolean>;
  /** Moves `cents` from the platform's balance to the account. */
  transfer(input: { key: string; accountId: string; cents: number; currency: string }): Promise<{ reference: string }>;
}

export interface HostedCheckoutInput {
  key: string;
  paymentId: string;
  cents: number;
  currency: string;
  /** What the client pays for, on the provider's page. */
  title: string;
  /** Where the provider sends the client back, paid or not. */
  successUrl: string;
  cancelUrl: string;
}

/**
 * What QuickGig asks of a card processor (decision 030). Every call carries an idempotency key:
 * the same key answers what it answered the first time and moves no money again.
 */
export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /**
   * A checkout on the provider's own page (Stripe), where the client enters their card: its address
   * and the provider's reference of it. Absent: the card is entered on QuickGig's test-mode page and
   * `charge` takes it.
   */
  hostedCheckout?(input: HostedCheckoutInput): Promise<{ url: string; reference: string }>;
  /** A hosted checkout as the provider has it now (reconciliation): paid, with its charge's reference, or not. */
  checkoutState?(reference: string): Promise<{ paid: true; charge: string } | { paid: false; expired: boolean }>;
  /** Payouts through the provider (Stripe Connect); absent in test mode, where a payout moves no real money. */
  payouts?: PayoutProvider;
  /** Charges the card `cents` of `currency`. */
  charge(input: { key: string; cents: number; currency: string; card: Card }): Promise<ChargeOutcome>;
  /** Gives `cents` of a charge back to its card. */
  refund(input: { key: string; reference: string; cents: number }): Promise<{ reference: string }>;
}

/**
 * Test mode, the default (no keys): a processor in this process that behaves as a card
 * processor's test mode does, with the well-known test cards (contract TEST_CARDS). No network, no
 * real money. Its idempotency keys are kept for the process's life; across processes, the payment's
 * own row decides who charges (payments/payments.ts claims it first).
 */
export class TestModeProvider implements PaymentProvider {
  readonly name = "test";
  private readonly answered = new Map<string, ChargeOutcome | { reference: string }>();

  async charge({ key, card }: { key: string; cents: number; currency: string; card: Card }): Promise<ChargeOutcome> {
    const earlier = this.answered.get(key);
    if (earlier && "ok" in earlier) return earlier;
    const behaviour = TEST_CARDS[card.number as keyof typeof TEST_CARDS] ?? "unknown-card";
    const outcome: ChargeOutcome =
      behaviour === "succeeded"
        ? { ok: true, reference: `test_ch_${randomBytes(9).toString("base64url")}` }
        : { ok: false, reason: behaviour };
    this.answered.set(key, outcome);
    return outcome;
  }

  async refund({ key }: { key: string; reference: string; cents: number }): Promise<{ reference: string }> {
    const earlier = this.answered.get(key);
    if (earlier && "reference" in earlier && !("ok" in earlier)) return earlier;
    const refund = { reference: `test_re_${randomBytes(9).toString("base64url")}` };
    this.answered.set(key, refund);
    return refund;
  }
}
