import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { grantRole } from "../moderation/roles.ts";
import { setupTestApp, signUp } from "../test/test-app.ts";

/**
 * Every state change counts against the write limit (docs/security.md): each POST, PUT, PATCH and
 * DELETE of the OpenAPI document, tried past a limit of two a minute. A new write route is covered
 * by being registered; this test finds one that escapes.
 */
const ctx = setupTestApp({
  RATE_LIMIT_AUTH_PER_MINUTE: "2",
  RATE_LIMIT_ACCOUNT_PER_MINUTE: "2",
  RATE_LIMIT_WRITES_PER_MINUTE: "2",
});

/** Links used without signing in: limited per token (else per client address), like the sign-in attempts. */
const WITHOUT_SESSION = ["POST /api/email/unsubscribe", "POST /api/email/one-click-unsubscribe"];
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
      ]),
    );
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
