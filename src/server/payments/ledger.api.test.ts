import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feeCents } from "../../contract/payments.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { setupTestApp } from "../test/test-app.ts";
import { account, isHeld } from "./accounts.ts";
import { balanceOf, LedgerError, post, trialBalance, unbalancedTransactions } from "./ledger.ts";
import { hold, type PaymentParties, payout, refund, release, split } from "./movements.ts";

/**
 * The ledger's invariants over random sequences of hires, releases, refunds, splits and payouts,
 * on the database under test (SQLite and PostgreSQL both run this file): every transaction sums to
 * zero, no held account goes below zero, a task's escrow is back to zero once its payment is
 * settled, and the fees are exactly the percentage of what freelancers were paid, rounded half up.
 */
const ctx = setupTestApp();
let database: Database;
beforeAll(() => {
  database = openDatabase(ctx.database.config);
});
afterAll(() => database.close());

const FEE_PERCENT = 10;
const CLIENTS = ["c1", "c2"];
const FREELANCERS = ["f1", "f2", "f3"];

type Step =
  | { op: "hire"; task: number; client: number; freelancer: number; cents: number }
  | { op: "release" | "refund"; task: number }
  | { op: "split"; task: number; share: number }
  | { op: "payout"; freelancer: number; share: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("hire" as const),
    task: fc.nat(5),
    client: fc.nat(CLIENTS.length - 1),
    freelancer: fc.nat(FREELANCERS.length - 1),
    cents: fc.integer({ min: 1, max: 5_000_000 }),
  }),
  fc.record({ op: fc.constantFrom("release" as const, "refund" as const), task: fc.nat(5) }),
  fc.record({ op: fc.constant("split" as const), task: fc.nat(5), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    op: fc.constant("payout" as const),
    freelancer: fc.nat(FREELANCERS.length - 1),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
);

let run = 0;

describe("the payments ledger", () => {
  it("holds its invariants over any sequence of hires, releases, refunds, splits and payouts", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        // Each run on accounts of its own: the database keeps every earlier run's entries.
        run += 1;
        const id = (name: string) => `r${run}-${name}`;
        const held = new Map<number, PaymentParties>();
        const earned = new Map<string, number>();
        let fees = 0;
        const settle = (task: number, payment: PaymentParties, toFreelancer: number) => {
          const fee = feeCents(toFreelancer, FEE_PERCENT);
          fees += fee;
          earned.set(payment.freelancerId, (earned.get(payment.freelancerId) ?? 0) + toFreelancer - fee);
          held.delete(task);
        };
        for (const [index, next] of steps.entries()) {
          const { db } = database;
          if (next.op === "hire") {
            if (held.has(next.task)) continue;
            const payment = {
              id: id(`p${index}`),
              taskId: id(`t${next.task}`),
              clientId: id(CLIENTS[next.client] ?? ""),
              freelancerId: id(FREELANCERS[next.freelancer] ?? ""),
              cents: next.cents,
            };
            await db.transaction().execute((trx) => post(trx, hold(payment)));
            held.set(next.task, payment);
          } else if (next.op === "payout") {
            const freelancer = id(FREELANCERS[next.freelancer] ?? "");
            const cents = Math.floor((earned.get(freelancer) ?? 0) * next.share);
            if (cents === 0) continue;
            await db.transaction().execute((trx) => post(trx, payout(freelancer, cents)));
            earned.set(freelancer, (earned.get(freelancer) ?? 0) - cents);
          } else {
            const payment = held.get(next.task);
            if (!payment) continue;
            const toFreelancer =
              next.op === "split" ? Math.round(payment.cents * next.share) : next.op === "release" ? payment.cents : 0;
            const movement =
              next.op === "release"
                ? release(payment, FEE_PERCENT)
                : next.op === "refund"
                  ? refund(payment)
                  : split(payment, toFreelancer, FEE_PERCENT);
            await db.transaction().execute((trx) => post(trx, movement));
            settle(next.task, payment, toFreelancer);
          }
        }

        const { db } = database;
        expect(await unbalancedTransactions(db)).toEqual([]);
        const { accounts, total } = await trialBalance(db);
        expect(total).toBe(0);
        for (const [name, cents] of accounts) if (isHeld(name)) expect(cents, name).toBeGreaterThanOrEqual(0);
        for (let task = 0; task <= 5; task += 1) {
          expect(await balanceOf(db, account.escrow(id(`t${task}`)))).toBe(held.get(task)?.cents ?? 0);
        }
        for (const freelancer of FREELANCERS.map(id)) {
          expect(await balanceOf(db, account.earnings(freelancer))).toBe(earned.get(freelancer) ?? 0);
        }
        // The fees of this run: the platform's account grew by exactly them.
        const runFees = await db
          .selectFrom("ledger_entries")
          .innerJoin("ledger_transactions", "ledger_transactions.id", "ledger_entries.transaction_id")
          .select("ledger_entries.cents")
          .where("ledger_entries.account", "=", account.fees)
          .where("ledger_transactions.payment_id", "like", `r${run}-%`)
          .execute();
        expect(runFees.reduce((sum, row) => sum + Number(row.cents), 0)).toBe(fees);
      }),
      { numRuns: 30 },
    );
  });

  it("writes nothing of a movement that would overdraw a held account, or does not balance", async () => {
    const { db } = database;
    const before = await trialBalance(db);
    const payment = { id: "over-p", taskId: "over-t", clientId: "over-c", freelancerId: "over-f", cents: 10_000 };
    // Released before anything was held: the escrow would go below zero.
    await expect(db.transaction().execute((trx) => post(trx, release(payment, FEE_PERCENT)))).rejects.toThrow(
      LedgerError,
    );
    await db.transaction().execute((trx) => post(trx, hold(payment)));
    await db.transaction().execute((trx) => post(trx, release(payment, FEE_PERCENT)));
    // Paid out more than was earned (9,000 cents after the fee).
    await expect(db.transaction().execute((trx) => post(trx, payout("over-f", 9_001)))).rejects.toThrow(
      "earnings:over-f would hold -1 cents",
    );
    const unbalanced = {
      ...hold(payment),
      lines: [
        { account: "card:over-c", cents: -100, note: "Paid" },
        { account: "escrow:over-t", cents: 99, note: "Held" },
      ],
    };
    await expect(db.transaction().execute((trx) => post(trx, unbalanced))).rejects.toThrow("sum to -1 cents");
    await expect(db.transaction().execute((trx) => post(trx, { ...unbalanced, lines: [] }))).rejects.toThrow(
      "at least two entries",
    );
    const after = await trialBalance(db);
    expect(after.accounts.get("earnings:over-f")).toBe(9_000);
    expect(after.accounts.get("fees")).toBe((before.accounts.get("fees") ?? 0) + 1_000);
    expect(after.accounts.get("escrow:over-t")).toBe(0);
    expect(await unbalancedTransactions(db)).toEqual([]);
  });

  it("splits a dispute to the cent: the freelancer's part less the fee on it, the rest back to the card", () => {
    const payment = { id: "s-p", taskId: "s-t", clientId: "s-c", freelancerId: "s-f", cents: 35_000 };
    expect(split(payment, 20_000, FEE_PERCENT).lines).toEqual([
      { account: "escrow:s-t", cents: -35_000, note: "Held for the task" },
      { account: "earnings:s-f", cents: 18_000, note: "Paid for the work" },
      { account: "fees", cents: 2_000, note: "Platform fee (10 %)" },
      { account: "card:s-c", cents: 15_000, note: "Back to the card" },
    ]);
    expect(() => split(payment, 35_001, FEE_PERCENT)).toThrow(LedgerError);
    expect(() => split(payment, -1, FEE_PERCENT)).toThrow(LedgerError);
  });
});

describe("the platform's fee", () => {
  it("is the percentage of the amount, rounded half up to the cent", () => {
    expect(feeCents(35_000, 10)).toBe(3_500);
    expect(feeCents(5, 10)).toBe(1); // 0.5 cent: up
    expect(feeCents(4, 10)).toBe(0); // 0.4 cent: down
    expect(feeCents(1_999, 7.5)).toBe(150); // 149.925 cents
    expect(feeCents(0, 10)).toBe(0);
    expect(() => feeCents(10.5, 10)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 50 }), (cents, percent) => {
        const fee = feeCents(cents, percent);
        // Within half a cent of the exact fee, and never more than the amount.
        expect(Math.abs(fee - (cents * percent) / 100)).toBeLessThanOrEqual(0.5);
        expect(fee).toBeLessThanOrEqual(cents);
      }),
    );
  });
});
