import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, it } from "vitest";
import { RULE_IDS } from "../../contract/moderation.ts";
import { openDatabase } from "../db/database.ts";
import { grantRole } from "../moderation/roles.ts";
import { expectWellFormed } from "../test/answers.ts";
import { PUBLIC_URL, postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";
import { escalateDue } from "./dispute-repository.ts";

/**
 * Fuzzing the money routes (issue 44) with payments on, signed in as a party, an admin or nobody,
 * with schema-shaped and junk input: never a 5xx, every refusal problem+json with a readable
 * detail, no stack trace. FUZZ_RUNS sets the cases per route (300 here by default).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const ctx = setupTestApp({ PAYMENTS: "on" });
let client: TestUser;
let freelancer: TestUser;
let admin: TestUser;
const ids = { pending: "", held: "", disputed: "", task: "" };

const CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

beforeAll(async () => {
  client = await signUp(ctx.app);
  freelancer = await signUp(ctx.app);
  admin = await signUp(ctx.app);
  const database = openDatabase(ctx.database.config);
  try {
    await grantRole(database.db, admin.email, "admin", null);
    const as = (who: TestUser, url: string, payload: object = {}) =>
      ctx.app.inject({ method: "POST", url, headers: { cookie: who.cookie }, payload });
    const checkout = async (pay: boolean) => {
      const taskId = await postTask(ctx.app, client);
      const offer = (await as(freelancer, "/api/bids", { taskId })).json();
      const step = (await as(client, `/api/tasks/${taskId}/accept`, { bidId: offer._id })).json();
      if (pay) await as(client, `/api/payments/${step.paymentId}/pay`, { card: CARD });
      return { taskId, paymentId: step.paymentId as string };
    };
    ids.pending = (await checkout(false)).paymentId;
    const held = await checkout(true);
    ids.held = held.paymentId;
    ids.task = held.taskId;
    ids.disputed = (await checkout(true)).paymentId;
    await as(client, `/api/payments/${ids.disputed}/dispute`, { reason: "Never delivered" });
    await as(freelancer, `/api/payments/${ids.disputed}/dispute/proposals`, { toFreelancer: 1 });
    await escalateDue(database.db, new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
  } finally {
    await database.close();
  }
});

function send(method: "GET" | "POST", url: string, who: TestUser | null, payload?: unknown) {
  const headers: Record<string, string> = { origin: PUBLIC_URL };
  if (who) headers.cookie = who.cookie;
  if (payload === undefined) return ctx.app.inject({ method, url, headers });
  headers["content-type"] = "application/json";
  return ctx.app.inject({ method, url, headers, payload: JSON.stringify(payload) ?? "null" });
}

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const junk = fc.oneof(fc.jsonValue(), fc.string(), fc.constant(null));
const money = fc.oneof(fc.double({ noNaN: false }), fc.integer(), fc.string(), fc.constant(-1), fc.constant(1e12));
const who = fc.constantFrom("none", "client", "freelancer", "admin").map((name) => () => {
  if (name === "none") return null;
  return name === "client" ? client : name === "freelancer" ? freelancer : admin;
});
/** A payment's id in a path: one of the real ones, or anything. */
const paymentId = fc
  .oneof(
    fc.constantFrom("PENDING", "HELD", "DISPUTED"),
    fc.string({ maxLength: 80 }),
    fc.constantFrom("%00", "..", "a".repeat(65)),
  )
  .map((value) =>
    encodeURIComponent(
      value === "PENDING" ? ids.pending : value === "HELD" ? ids.held : value === "DISPUTED" ? ids.disputed : value,
    ),
  );

const routes: Array<[string, fc.Arbitrary<() => Promise<LightMyRequestResponse>>]> = [
  [
    "GET /api/payments/:id",
    fc.tuple(paymentId, who).map(
      ([id, w]) =>
        () =>
          send("GET", `/api/payments/${id}`, w()),
    ),
  ],
  [
    "POST /api/payments/:id/pay",
    fc
      .tuple(
        paymentId,
        fc.oneof(
          fc.record({
            card: maybe(fc.record({ number: maybe(fc.string()), expiry: maybe(fc.string()), cvc: maybe(fc.string()) })),
          }),
          junk,
        ),
        who,
      )
      .map(
        ([id, body, w]) =>
          () =>
            send("POST", `/api/payments/${id}/pay`, w(), body),
      ),
  ],
  [
    "POST /api/payments/:id/dispute",
    fc.tuple(paymentId, fc.oneof(fc.record({ reason: maybe(fc.string({ maxLength: 2100 })) }), junk), who).map(
      ([id, body, w]) =>
        () =>
          send("POST", `/api/payments/${id}/dispute`, w(), body),
    ),
  ],
  [
    "POST /api/payments/:id/dispute/proposals",
    fc.tuple(paymentId, fc.oneof(fc.record({ toFreelancer: maybe(money) }), junk), who).map(
      ([id, body, w]) =>
        () =>
          send("POST", `/api/payments/${id}/dispute/proposals`, w(), body),
    ),
  ],
  [
    "POST /api/payments/:id/dispute/proposals/:proposalId/accept",
    fc.tuple(paymentId, fc.string({ maxLength: 70 }), who).map(
      ([id, proposal, w]) =>
        () =>
          send("POST", `/api/payments/${id}/dispute/proposals/${encodeURIComponent(proposal)}/accept`, w()),
    ),
  ],
  [
    "POST /api/admin/disputes/:id",
    fc
      .tuple(
        paymentId,
        fc.oneof(
          fc.record(
            {
              toFreelancer: maybe(money),
              toClient: maybe(money),
              rule: maybe(fc.constantFrom(...RULE_IDS, "made-up")),
              note: maybe(fc.string({ maxLength: 1100 })),
            },
            { requiredKeys: [] },
          ),
          junk,
        ),
        who,
      )
      .map(
        ([id, body, w]) =>
          () =>
            send("POST", `/api/admin/disputes/${id}`, w(), body),
      ),
  ],
  [
    "GET /api/admin/disputes, GET /api/me/payments(.csv), POST /api/me/payouts",
    fc.tuple(fc.constantFrom("/api/admin/disputes", "/api/me/payments", "/api/me/payments.csv", "payout"), who).map(
      ([path, w]) =>
        () =>
          path === "payout" ? send("POST", "/api/me/payouts", w(), {}) : send("GET", path, w()),
    ),
  ],
  [
    "POST /api/tasks/:id/deliver",
    fc.tuple(fc.oneof(fc.constant("TASK"), fc.string({ maxLength: 70 })), who).map(
      ([id, w]) =>
        () =>
          send("POST", `/api/tasks/${encodeURIComponent(id === "TASK" ? ids.task : id)}/deliver`, w(), {}),
    ),
  ],
];

describe("fuzzing the money routes", () => {
  for (const [name, request] of routes) {
    it(`${name}: ${RUNS} cases, no 5xx, every error problem+json`, async () => {
      await fc.assert(
        fc.asyncProperty(request, async (run) => expectWellFormed(await run())),
        { numRuns: RUNS },
      );
    }, 120_000);
  }
});
