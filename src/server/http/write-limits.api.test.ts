import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { grantRole } from "../moderation/roles.ts";
import { startStripeStandIn } from "../test/stripe-stand-in.ts";
import { setupTestApp, signUp } from "../test/test-app.ts";

/**
 * Every state change counts against the write limit (docs/security.md): each POST, PUT, PATCH and
 * DELETE of the OpenAPI document, tried past a limit of two a minute. A new write route is covered
 * by being registered; this test finds one that escapes. With payments on through Stripe (its local
 * stand-in), so that the money's writes and Stripe's own routes are among them.
 */
const standIn = await startStripeStandIn();
const WEBHOOK_SECRET = "whsec_quickgig_write_limits";
const ctx = setupTestApp({
  RATE_LIMIT_AUTH_PER_MINUTE: "2",
  RATE_LIMIT_ACCOUNT_PER_MINUTE: "2",
  RATE_LIMIT_WRITES_PER_MINUTE: "2",
  PAYMENTS: "on",
  STRIPE_SECRET_KEY: "sk_test_quickgig_local",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: standIn.url,
});
afterAll(() => standIn.close());

/**
 * Without signing in: links limited per token (else per client address), like the sign-in attempts;
 * Stripe's webhook, whose requests with no valid signature count per address.
 */
const WITHOUT_SESSION = [
  "POST /api/email/unsubscribe",
  "POST /api/email/one-click-unsubscribe",
  "POST /api/payments/stripe/webhook",
];
/** Marking things read: a budget of its own, three times the writes'. */
const READING = [
  "POST /api/notifications/{id}/read",
  "POST /api/notifications/read-all",
  "POST /api/tasks/{id}/threads/{bidderId}/read",
];
/** better-auth's own writes (not in the OpenAPI document): a person's changes, and checks of their password. */
const AUTH_WRITES = [
  "POST /api/auth/update-user",
  "POST /api/auth/change-password",
  "POST /api/auth/verify-password",
  "POST /api/auth/change-email",
  "POST /api/auth/revoke-other-sessions",
];

/** The moderators' writes: only a person with a role reaches them (403 before anything else otherwise). */
const isStaffWrite = (operation: string) => operation.includes(" /api/admin/");
let database: ReturnType<typeof openDatabase> | undefined;
afterAll(async () => database?.close());

let nextAddress = 1;
const freshAddress = () => `127.1.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

async function writeOperations(): Promise<string[]> {
  const document = (await ctx.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, object> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => ["post", "put", "patch", "delete"].includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe("the write limit", () => {
  it("covers the writes a security review found without one", async () => {
    expect(await writeOperations()).toEqual(
      expect.arrayContaining([
        "PUT /api/tasks/{id}",
        "POST /api/tasks/{id}/accept",
        "POST /api/tasks/{id}/complete",
        "POST /api/tasks/{id}/cancel",
        "POST /api/tasks/{id}/release",
        "PATCH /api/bids/{id}",
        "DELETE /api/bids/{id}",
        "PUT /api/questions/{id}/answer",
        "PATCH /api/questions/{id}",
        "PUT /api/me/notification-preferences",
        "POST /api/notifications/read-all",
        "POST /api/tasks/{id}/threads/{bidderId}/read",
        "POST /api/payments/{id}/pay",
        "POST /api/tasks/{id}/deliver",
        "POST /api/me/payouts",
        "POST /api/me/payout-account",
        "POST /api/payments/stripe/webhook",
      ]),
    );
  });

  it("never refuses Stripe's signed events for being many from one address", async () => {
    const address = freshAddress();
    const signer = new Stripe("sk_test_quickgig_local");
    const send = (signed: boolean) => {
      const payload = JSON.stringify({ id: `evt_${Math.random()}`, object: "event", type: "charge.updated", data: {} });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      return ctx.app.inject({
        method: "POST",
        url: "/api/payments/stripe/webhook",
        remoteAddress: address,
        headers: { "content-type": "application/json", ...(signed ? { "stripe-signature": signature } : {}) },
        payload,
      });
    };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(true)).statusCode);
    for (let i = 0; i < 3; i++) statuses.push((await send(false)).statusCode);
    statuses.push((await send(true)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 400, 400, 429, 200]);
  });

  it("answers the write past the limit of every write operation with 429, valid or not", async () => {
    const operations = [...(await writeOperations()), ...AUTH_WRITES];
    const past: Record<string, number> = {};
    for (const operation of operations) {
      const [method = "", path = ""] = operation.split(" ");
      const address = freshAddress();
      const withoutSession = WITHOUT_SESSION.includes(operation);
      const limit = READING.includes(operation) ? 6 : 2;
      // A person of their own for each operation, so that no two share a count.
      const user = withoutSession ? undefined : await signUp(ctx.app, {}, { remoteAddress: freshAddress() });
      if (user && isStaffWrite(operation)) {
        database ??= openDatabase(ctx.database.config);
        await grantRole(database.db, user.email, "admin", null);
      }
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i++) {
        const response = await ctx.app.inject({
          method: method as "POST",
          url: path.replace("{id}", "no-such-id").replace("{bidderId}", "no-such-bidder"),
          remoteAddress: address,
          headers: user ? { cookie: user.cookie } : {},
          payload: {},
        });
        statuses.push(response.statusCode);
      }
      past[operation] = statuses[limit] ?? 0;
      if (statuses[limit] === 429) expect(statuses.slice(0, limit), operation).not.toContain(429);
    }
    expect(past).toEqual(Object.fromEntries(operations.map((operation) => [operation, 429])));
  });

  it("is kept per person: another person's writes go on", async () => {
    const busy = await signUp(ctx.app, {}, { remoteAddress: freshAddress() });
    const calm = await signUp(ctx.app, {}, { remoteAddress: freshAddress() });
    const choose = (cookie: string) =>
      ctx.app.inject({
        method: "PUT",
        url: "/api/me/notification-preferences",
        headers: { cookie },
        payload: { "bid-new": "off" },
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await choose(busy.cookie)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await choose(calm.cookie)).statusCode).toBe(200);
  });
});
