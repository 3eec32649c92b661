import Stripe from "stripe";
import {
  type Card,
  type ChargeOutcome,
  type HostedCheckoutInput,
  type PaymentProvider,
  type PayoutProvider,
  RefusedByProvider,
} from "./provider.ts";

/**
 * Stripe (decision 030), when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set: the client pays
 * on Stripe's hosted Checkout, so no card reaches QuickGig and the web app loads no payment script;
 * its webhook (`checkout.session.completed`, signed) tells QuickGig the payment is made, and a
 * reconciliation pass asks Stripe about a checkout whose webhook never came. Refunds go back to the
 * charge's PaymentIntent. Every call carries an idempotency key.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    /** The webhook endpoints' signing secrets: the platform's events, and connected accounts' (a second endpoint). */
    private readonly webhookSecrets: string | string[],
    apiUrl: string,
  ) {
    const url = new URL(apiUrl);
    this.stripe = new Stripe(secretKey, {
      host: url.hostname,
      port: url.port || (url.protocol === "http:" ? 80 : 443),
      protocol: url.protocol === "http:" ? "http" : "https",
      // One retry of a failed network call, with the same idempotency key: Stripe answers it once.
      maxNetworkRetries: 1,
      timeout: 20_000,
    });
  }

  /** Connect Express accounts for freelancers' payouts, and transfers to them. */
  readonly payouts: PayoutProvider = {
    createAccount: async ({ key, userId, email }) => {
      const created = await this.stripe.accounts.create(
        {
          // Express: Stripe's own onboarding and dashboard; the platform pays Stripe's fees and covers losses.
          controller: {
            stripe_dashboard: { type: "express" },
            fees: { payer: "application" },
            losses: { payments: "application" },
          },
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { userId },
        },
        { idempotencyKey: key },
      );
      return created.id;
    },
    onboardingUrl: async (accountId, returnUrl) => {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: returnUrl,
        refresh_url: returnUrl,
      });
      return link.url;
    },
    isPayable: async (accountId) => (await this.stripe.accounts.retrieve(accountId)).payouts_enabled === true,
    transfer: ({ key, accountId, cents, currency }) =>
      refusedForGood(async () => {
        const transfer = await this.stripe.transfers.create(
          { amount: cents, currency: currency.toLowerCase(), destination: accountId },
          { idempotencyKey: key },
        );
        return { reference: transfer.id };
      }),
  };

  async hostedCheckout(input: HostedCheckoutInput): Promise<{ url: string; reference: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.cents,
              product_data: { name: input.title },
            },
          },
        ],
        client_reference_id: input.paymentId,
        metadata: { paymentId: input.paymentId },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: input.key },
    );
    if (!session.url) throw new Error(`Stripe gave checkout ${session.id} no address`);
    return { url: session.url, reference: session.id };
  }

  async checkoutState(reference: string): Promise<{ paid: true; charge: string } | { paid: false; expired: boolean }> {
    const session = await this.stripe.checkout.sessions.retrieve(reference);
    return paidCheckout(session) ?? { paid: false, expired: session.status === "expired" };
  }

  /** The event, signed with one of the endpoints' secrets; the last refusal when none matches. */
  private verified(rawBody: Buffer, signature: string): Stripe.Event {
    const secrets = [this.webhookSecrets].flat();
    let refusal: unknown = new Error("No webhook secret is set");
    for (const secret of secrets) {
      try {
        return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
      } catch (error) {
        refusal = error;
      }
    }
    throw refusal;
  }

  /** Cards are taken on Stripe's page, never by QuickGig. */
  async charge(_input: { key: string; cents: number; currency: string; card: Card }): Promise<ChargeOutcome> {
    throw new Error("With Stripe, the card is entered on Stripe's own checkout page");
  }

  refund({ key, reference, cents }: { key: string; reference: string; cents: number }) {
    return refusedForGood(async () => {
      const refund = await this.stripe.refunds.create(
        { payment_intent: reference, amount: cents },
        { idempotencyKey: key },
      );
      return { reference: refund.id };
    });
  }

  /**
   * A webhook's event, its signature checked against the endpoint's secret (and its age, five
   * minutes at most, so a captured request cannot be replayed later): a paid checkout's payment
   * and charge, a payout account's state, or null for any other event. Throws when the signature
   * does not match.
   */
  eventOf(rawBody: Buffer, signature: string): WebhookEvent | null {
    const event = this.verified(rawBody, signature);
    if (event.type === "account.updated") {
      return { kind: "account", accountId: event.data.object.id, payable: event.data.object.payouts_enabled === true };
    }
    if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded") {
      return null;
    }
    const session = event.data.object;
    const paid = paidCheckout(session);
    const paymentId = session.metadata?.paymentId ?? session.client_reference_id;
    return paid && paymentId ? { kind: "paid", paymentId, charge: paid.charge } : null;
  }
}

/**
 * Stripe's refusals that no retry can change (a 4xx other than a conflict or too many requests) as
 * RefusedByProvider; a network failure or a 5xx stays an error worth trying again.
 */
async function refusedForGood<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429) {
      throw new RefusedByProvider((error as Error).message);
    }
    throw error;
  }
}

/** What a webhook tells QuickGig: a checkout paid, or a payout account's state. */
export type WebhookEvent =
  | { kind: "paid"; paymentId: string; charge: string }
  | { kind: "account"; accountId: string; payable: boolean };

/** A checkout session that is paid: its PaymentIntent, which refunds name. */
function paidCheckout(session: Stripe.Checkout.Session): { paid: true; charge: string } | null {
  if (session.payment_status !== "paid") return null;
  const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  return intent ? { paid: true, charge: intent } : null;
}
