import { describe, expect, it } from "vitest";
import { setupTestApp, signUp } from "../test/test-app.ts";

/**
 * Every state change counts against the write limit (docs/security.md): each POST, PUT, PATCH and
 * DELETE of the OpenAPI document, tried past a limit of two a minute. A new write route is covered
 * by being registered; this test finds one that escapes.
 */
const ctx = setupTestApp({
  RATE_LIMIT_AUTH_PER_MINUTE: "2",
  RATE_LIMIT_ACCOUNT_PER_MINUTE: "100",
  RATE_LIMIT_WRITES_PER_MINUTE: "2",
});

/** Links used without signing in: limited per client address, like the sign-in attempts. */
const BY_ADDRESS = ["POST /api/email/unsubscribe", "POST /api/email/one-click-unsubscribe"];

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

  it("answers the third write a minute of every write operation with 429, valid or not", async () => {
    const operations = await writeOperations();
    const third: Record<string, number> = {};
    for (const operation of operations) {
      const [method = "", path = ""] = operation.split(" ");
      const address = freshAddress();
      const byAddress = BY_ADDRESS.includes(operation);
      // A person of their own for each operation, so that no two share a count.
      const user = byAddress ? undefined : await signUp(ctx.app, {}, { remoteAddress: freshAddress() });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await ctx.app.inject({
          method: method as "POST",
          url: path.replace("{id}", "no-such-id").replace("{bidderId}", "no-such-bidder"),
          remoteAddress: address,
          headers: user ? { cookie: user.cookie } : {},
          payload: {},
        });
        statuses.push(response.statusCode);
      }
      third[operation] = statuses[2] ?? 0;
      if (statuses[2] === 429) expect(statuses.slice(0, 2), operation).not.toContain(429);
    }
    expect(third).toEqual(Object.fromEntries(operations.map((operation) => [operation, 429])));
  });

  it("is kept per person: another person's writes go on", async () => {
    const busy = await signUp(ctx.app, {}, { remoteAddress: freshAddress() });
    const calm = await signUp(ctx.app, {}, { remoteAddress: freshAddress() });
    const readAll = (cookie: string) =>
      ctx.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: { cookie } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await readAll(busy.cookie)).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await readAll(calm.cookie)).statusCode).toBe(200);
  });
});
