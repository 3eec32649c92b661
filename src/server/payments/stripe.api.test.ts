import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentStep } from "../../contract/payments.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { startStripeStandIn } from "../test/stripe-stand-in.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";
import { account } from "./accounts.ts";
import { balancesOf, unbalancedTransactions } from "./ledger.ts";
import { PAYMENT_PROBLEMS, type PaymentsDeps, RECONCILE_AFTER_MS, reconcileHostedCheckouts } from "./payments.ts";
import { runProviderCalls } from "./provider-calls.ts";
import { StripeProvider } from "./stripe-provider.ts";

/**
 * Stripe (issue 44, decision 030) through the official SDK, pointed at a local stand-in of its API
 * (test/stripe-stand-in.ts); webhooks signed by the SDK's own test helper. Both databases.
 */
const standIn = await startStripeStandIn();
const SECRET = "whsec_quickgig_local_test";
const CONNECT_SECRET = "whsec_quickgig_local_connect";
const ctx = setupTestApp({
  PAYMENTS: "on",
  STRIPE_SECRET_KEY: "sk_test_quickgig_local",
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
  STRIPE_API_URL: standIn.url,
});
let database: Database;
let client: TestUser;
let maya: TestUser;
const signer = new Stripe("sk_test_quickgig_local");

beforeAll(async () => {
  database = openDatabase(ctx.database.config);
  client = await signUp(ctx.app, { name: "Stripe Client" });
  maya = await signUp(ctx.app, { name: "Maya" });
});
afterAll(async () => {
  await database.close();
  await standIn.close();
});

const call = (user: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

/** A task of the client's with Maya's offer accepted: the hosted checkout opened, not paid. */
async function accepted(amount = 350) {
  const taskId = await postTask(ctx.app, client, { budget: amount });
  const offer = (await call(maya, "POST", "/api/bids", { taskId, amount })).json();
  const response = await call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: offer._id });
  expect(response.statusCode, response.body).toBe(202);
  return { taskId, offerId: offer._id as string, step: response.json() as PaymentStep };
}

/** Stripe's webhook for a checkout paid, signed with `secret`. */
function webhook(sessionId: string, secret = SECRET) {
  return signedEvent("checkout.session.completed", standIn.sessions.get(sessionId), secret);
}

function signedEvent(type: string, object: unknown, secret = SECRET) {
  const payload = JSON.stringify({ id: `evt_${type}_${Date.now()}`, object: "event", type, data: { object } });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return ctx.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}

const sessionOf = (paymentId: string) =>
  [...standIn.sessions.values()].find((session) => (session.metadata as { paymentId: string }).paymentId === paymentId);

describe("the API reference with payments on", () => {
  it("publishes every call of the money, each with its summary and its problems", async () => {
    const document = (await ctx.app.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    };
    const money = [
      "/api/admin/disputes",
      "/api/admin/disputes/{id}",
      "/api/me/payments",
      "/api/me/payments.csv",
      "/api/me/payout-account",
      "/api/me/payouts",
      "/api/payments/stripe/webhook",
      "/api/payments/{id}",
      "/api/payments/{id}/dispute",
      "/api/payments/{id}/dispute/proposals",
      "/api/payments/{id}/dispute/proposals/{proposalId}/accept",
      "/api/payments/{id}/pay",
      "/api/tasks/{id}/deliver",
    ];
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(money));
    for (const path of money) {
      for (const [method, operation] of Object.entries(document.paths[path] ?? {})) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(
          Object.keys(operation.responses).some((status) => status.startsWith("4")),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });
});

describe("Stripe's hosted checkout", () => {
  it("opens Stripe's page for the offer's amount, the same page for the same offer accepted again", async () => {
    const { taskId, offerId, step } = await accepted(350);
    const session = sessionOf(step.paymentId);
    expect(step.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${session?.id}`);
    expect(session).toMatchObject({
      amount_total: 35_000,
      currency: "usd",
      client_reference_id: step.paymentId,
      success_url: `http://localhost:3000/task-details/${taskId}?paid=1`,
      cancel_url: `http://localhost:3000/task-details/${taskId}`,
    });
    const created = standIn.requests.filter((request) => request.path === "/v1/checkout/sessions");
    expect(created.at(-1)?.idempotencyKey).toBe(`checkout:${step.paymentId}`);
    const again = await call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: offerId });
    expect(again.json()).toEqual(step);
    // Nothing is hired until Stripe says it is paid; test mode's card form refuses a card.
    expect((await call(client, "GET", `/api/tasks/${taskId}`)).json()).toMatchObject({ status: "open" });
    const card = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
    const posted = await call(client, "POST", `/api/payments/${step.paymentId}/pay`, { card });
    expect(posted.statusCode, posted.body).toBe(409);
    expect(posted.json().detail).toBe(PAYMENT_PROBLEMS.hosted);
    // The checkout page leads back to Stripe's page, for the client only.
    expect((await call(client, "GET", `/api/payments/${step.paymentId}`)).json()).toMatchObject({
      status: "pending",
      testMode: false,
      checkoutUrl: step.checkoutUrl,
    });
  });

  it("hires on the signed webhook, once however often it comes; refuses an unsigned or forged one", async () => {
    const { taskId, step } = await accepted(280);
    const sessionId = String(sessionOf(step.paymentId)?.id);
    const intent = standIn.pay(sessionId);
    const unsigned = await ctx.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.headers["content-type"]).toContain("application/problem+json");
    expect((await webhook(sessionId, "whsec_someone_else")).statusCode).toBe(400);
    expect((await call(client, "GET", `/api/tasks/${taskId}`)).json()).toMatchObject({ status: "open" });

    const answers = await Promise.all([webhook(sessionId), webhook(sessionId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await webhook(sessionId)).statusCode).toBe(200);
    expect((await call(client, "GET", `/api/tasks/${taskId}`)).json()).toMatchObject({
      status: "assigned",
      payment: { status: "held" },
    });
    const holds = await database.db
      .selectFrom("ledger_transactions")
      .select("id")
      .where("payment_id", "=", step.paymentId)
      .where("kind", "=", "hold")
      .execute();
    expect(holds).toHaveLength(1);
    expect(await balancesOf(database.db, [account.escrow(taskId)])).toEqual(
      new Map([[account.escrow(taskId), 28_000]]),
    );

    // Cancelled before delivery: the whole charge goes back to its PaymentIntent, once the cancel
    // has committed, and still when Stripe is down at first.
    const refundsOf = () =>
      standIn.requests
        .filter((request) => request.path === "/v1/refunds" && request.body.get("payment_intent") === intent)
        .map((request) => [request.body.get("amount"), request.idempotencyKey]);
    expect((await call(client, "POST", `/api/tasks/${taskId}/cancel`)).statusCode).toBe(200);
    expect(refundsOf()).toEqual([]);
    const provider = new StripeProvider("sk_test_quickgig_local", SECRET, standIn.url);
    standIn.failRefunds(2);
    expect(await runProviderCalls(database.db, provider, "USD")).toBe(0);
    const waiting = await database.db
      .selectFrom("provider_calls")
      .select(["status", "last_error"])
      .where("payment_id", "=", step.paymentId)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe("due");
    expect(waiting.last_error).toContain("Stripe is resting");
    // Due again a minute later; then Stripe answers.
    expect(await runProviderCalls(database.db, provider, "USD", { now: new Date(Date.now() + 61_000) })).toBe(1);
    expect(await runProviderCalls(database.db, provider, "USD", { now: new Date(Date.now() + 3_600_000) })).toBe(0);
    expect(refundsOf().at(-1)).toEqual(["28000", `refund:${step.paymentId}`]);
  });

  it("gives the money back for a checkout paid after another offer's replaced it, and hires nobody by it", async () => {
    const taskId = await postTask(ctx.app, client, { budget: 400 });
    const first = (await call(maya, "POST", "/api/bids", { taskId, amount: 300 })).json();
    const lucas = await signUp(ctx.app, { name: "Lucas" });
    const second = (await call(lucas, "POST", "/api/bids", { taskId, amount: 250 })).json();
    const replaced: PaymentStep = (
      await call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: first._id })
    ).json();
    await call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: second._id });
    // The first page, still open in another tab, is paid.
    const intent = standIn.pay(String(sessionOf(replaced.paymentId)?.id));
    expect((await webhook(String(sessionOf(replaced.paymentId)?.id))).statusCode).toBe(200);
    expect((await call(client, "GET", `/api/tasks/${taskId}`)).json()).toMatchObject({ status: "open" });
    expect((await call(client, "GET", `/api/payments/${replaced.paymentId}`)).json()).toMatchObject({
      status: "refunded",
    });
    const refunds = standIn.requests.filter((request) => request.path === "/v1/refunds");
    expect(refunds.map((request) => [request.body.get("payment_intent"), request.body.get("amount")])).toContainEqual([
      intent,
      "30000",
    ]);
    expect(await unbalancedTransactions(database.db)).toEqual([]);
  });

  it("pays a freelancer out through a Connect account once Stripe says it can receive payouts", async () => {
    const earner = await signUp(ctx.app, { name: "Connected Earner" });
    const taskId = await postTask(ctx.app, client, { budget: 200 });
    const offer = (await call(earner, "POST", "/api/bids", { taskId, amount: 200 })).json();
    const step: PaymentStep = (await call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: offer._id })).json();
    const sessionId = String(sessionOf(step.paymentId)?.id);
    standIn.pay(sessionId);
    expect((await webhook(sessionId)).statusCode).toBe(200);
    expect((await call(client, "POST", `/api/tasks/${taskId}/complete`)).statusCode).toBe(200);

    // $180 earned after the fee waits in the balance: no account yet.
    const before = (await call(earner, "GET", "/api/me/payments")).json();
    expect(before).toMatchObject({ asFreelancer: { balance: 180 }, payouts: { provider: "stripe", ready: false } });
    const refused = await call(earner, "POST", "/api/me/payouts");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(PAYMENT_PROBLEMS.noPayoutAccount);

    // Set up on Stripe's page; asked twice, one account.
    const setup = (await call(earner, "POST", "/api/me/payout-account")).json();
    const again = (await call(earner, "POST", "/api/me/payout-account")).json();
    const accountId = String(setup.url).split("/").at(-1) ?? "";
    expect(setup.url).toBe(`https://connect.stripe.test/setup/${accountId}`);
    expect(again.url).toBe(setup.url);
    expect([...standIn.accounts.values()].filter((made) => made.email === earner.email)).toHaveLength(1);

    // Stripe says the account can receive payouts: the payout goes through as a transfer, once.
    expect(
      (await signedEvent("account.updated", { id: accountId, object: "account", payouts_enabled: true })).statusCode,
    ).toBe(200);
    expect((await call(earner, "GET", "/api/me/payments")).json().payouts).toEqual({ provider: "stripe", ready: true });
    const paid = await call(earner, "POST", "/api/me/payouts");
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().asFreelancer).toMatchObject({ paidOut: 180, balance: 0 });
    const transfers = standIn.requests.filter((request) => request.path === "/v1/transfers");
    expect(transfers.map((request) => [request.body.get("destination"), request.body.get("amount")])).toEqual([
      [accountId, "18000"],
    ]);
    expect(transfers[0]?.idempotencyKey).toMatch(/^payout:/);

    // From now on each release is paid out at once, its transfer made once the completion commits.
    const next = await postTask(ctx.app, client, { budget: 100 });
    const nextOffer = (await call(earner, "POST", "/api/bids", { taskId: next, amount: 100 })).json();
    const nextStep: PaymentStep = (
      await call(client, "POST", `/api/tasks/${next}/accept`, { bidId: nextOffer._id })
    ).json();
    const nextSession = String(sessionOf(nextStep.paymentId)?.id);
    standIn.pay(nextSession);
    expect((await webhook(nextSession)).statusCode).toBe(200);
    expect((await call(client, "POST", `/api/tasks/${next}/complete`)).statusCode).toBe(200);
    expect((await call(earner, "GET", "/api/me/payments")).json().asFreelancer).toMatchObject({
      earned: 270,
      paidOut: 270,
      balance: 0,
    });
    await runProviderCalls(database.db, new StripeProvider("sk_test_quickgig_local", SECRET, standIn.url), "USD");
    const after = standIn.requests.filter((request) => request.path === "/v1/transfers");
    expect(after.map((request) => [request.body.get("destination"), request.body.get("amount")])).toEqual([
      [accountId, "18000"],
      [accountId, "9000"],
    ]);

    // A transfer Stripe refuses for good: failed, not retried, and the amount back in the balance.
    const third = await postTask(ctx.app, client, { budget: 50 });
    const thirdOffer = (await call(earner, "POST", "/api/bids", { taskId: third, amount: 50 })).json();
    const thirdStep: PaymentStep = (
      await call(client, "POST", `/api/tasks/${third}/accept`, { bidId: thirdOffer._id })
    ).json();
    const thirdSession = String(sessionOf(thirdStep.paymentId)?.id);
    standIn.pay(thirdSession);
    expect((await webhook(thirdSession)).statusCode).toBe(200);
    expect((await call(client, "POST", `/api/tasks/${third}/complete`)).statusCode).toBe(200);
    standIn.refuseTransfers(1);
    const stripe = new StripeProvider("sk_test_quickgig_local", SECRET, standIn.url);
    expect(await runProviderCalls(database.db, stripe, "USD")).toBe(0);
    expect(await runProviderCalls(database.db, stripe, "USD", { now: new Date(Date.now() + 7_200_000) })).toBe(0);
    const failed = await database.db
      .selectFrom("provider_calls")
      .select(["status", "last_error"])
      .where("status", "=", "failed")
      .execute();
    expect(failed).toEqual([{ status: "failed", last_error: "The destination cannot receive transfers" }]);
    expect((await call(earner, "GET", "/api/me/payments")).json().asFreelancer).toMatchObject({
      earned: 315,
      paidOut: 270,
      balance: 45,
    });
    expect(await unbalancedTransactions(database.db)).toEqual([]);
  });

  it("hires through the reconciliation pass when the webhook never came, and lets an expired page go", async () => {
    const { taskId, step } = await accepted(190);
    standIn.pay(String(sessionOf(step.paymentId)?.id));
    const unpaid = await accepted(120);
    standIn.expire(String(sessionOf(unpaid.step.paymentId)?.id));
    const deps: PaymentsDeps = {
      run: {
        transaction: (work) => database.db.transaction().execute((trx) => work(trx, { add: () => {} })),
      },
      db: database.db,
      provider: new StripeProvider("sk_test_quickgig_local", SECRET, standIn.url),
      feePercent: 10,
      currency: "USD",
      autoReleaseMs: 60_000,
      disputeMs: 60_000,
      seesAllPayments: async () => false,
      dialect: database.dialect,
      webUrl: "http://localhost:3000",
    };
    // Too early: the webhook may still come.
    expect(await reconcileHostedCheckouts(deps)).toBe(0);
    const later = new Date(Date.now() + RECONCILE_AFTER_MS + 1_000);
    expect(await reconcileHostedCheckouts(deps, later)).toBeGreaterThanOrEqual(1);
    expect((await call(client, "GET", `/api/tasks/${taskId}`)).json()).toMatchObject({
      status: "assigned",
      payment: { status: "held" },
    });
    // Expired unpaid: abandoned, nothing charged; the task waits for the client to accept again.
    expect((await call(client, "GET", `/api/payments/${unpaid.step.paymentId}`)).json()).toMatchObject({
      status: "abandoned",
    });
    expect((await call(client, "GET", `/api/tasks/${unpaid.taskId}`)).json()).toMatchObject({ status: "open" });
  });
});
