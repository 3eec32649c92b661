import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.ts";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import { type NotificationData, type NotificationKind, notificationLink } from "../../contract/notifications.ts";
import { PAYMENT_MESSAGES, type Payment, type PaymentStep } from "../../contract/payments.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { grantRole } from "../moderation/roles.ts";
import { callerOf, expectRefused } from "../test/answers.ts";
import { markEmailVerified, postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";
import { account } from "./accounts.ts";
import { balancesOf, unbalancedTransactions } from "./ledger.ts";
import { PAYMENT_PROBLEMS, type PaymentsDeps, releaseStuckPayments, STUCK_CHARGE_MS } from "./payments.ts";

/**
 * Money at the hire (issue 44), test mode, on both databases: accepting opens a checkout, only a
 * payment hires, a declined card hires nobody, and a task's end releases or refunds what is held.
 */
const ctx = setupTestApp({ PAYMENTS: "on", PLATFORM_FEE_PERCENT: "10" });
let database: Database;
const call = callerOf(ctx);

const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
const POOR_CARD = { ...GOOD_CARD, number: "4000000000009995" };

async function bid(user: TestUser, taskId: string, amount: number) {
  const response = await call(user, "POST", "/api/bids", { taskId, amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; amount: number };
}

async function accept(taskId: string, bidId: string, amount?: number): Promise<PaymentStep> {
  const response = await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId, ...(amount ? { amount } : {}) });
  expect(response.statusCode, response.body).toBe(202);
  return response.json();
}

const pay = (paymentId: string, card = GOOD_CARD, user = poster) =>
  call(user, "POST", `/api/payments/${paymentId}/pay`, { card });
const task = async (user: TestUser, id: string) => (await call(user, "GET", `/api/tasks/${id}`)).json();
const payment = async (user: TestUser, id: string): Promise<Payment> =>
  (await call(user, "GET", `/api/payments/${id}`)).json();
const balances = (...accounts: string[]) => balancesOf(database.db, accounts);

/** A task of the poster's with Maya's offer at `amount`, hired and paid for. */
async function hiredAndPaid(amount = 350) {
  const taskId = await postTask(ctx.app, poster, { budget: amount });
  const offer = await bid(maya, taskId, amount);
  const { paymentId } = await accept(taskId, offer._id, amount);
  expect((await pay(paymentId)).statusCode).toBe(200);
  return { taskId, paymentId, offer };
}

let poster: TestUser;
let maya: TestUser;
let lucas: TestUser;
let onlooker: TestUser;

beforeAll(async () => {
  database = openDatabase(ctx.database.config);
  poster = await signUp(ctx.app, { name: "Poster" });
  maya = await signUp(ctx.app, { name: "Maya" });
  lucas = await signUp(ctx.app, { name: "Lucas" });
  onlooker = await signUp(ctx.app, { name: "Onlooker" });
});
afterAll(() => database.close());

describe("paying at the hire", () => {
  it("tells a signed-in reader the platform fee on a task's page before they bid; a visitor's page is the same for all", async () => {
    const taskId = await postTask(ctx.app, poster, { budget: 400 });
    expect((await task(maya, taskId)).platformFeePercent).toBe(10);
    expect((await task(poster, taskId)).platformFeePercent).toBe(10);
    expect((await call(null, "GET", `/api/tasks/${taskId}`)).json()).not.toHaveProperty("platformFeePercent");
  });

  it("opens a checkout when the poster accepts, hiring nobody until the payment is made", async () => {
    const taskId = await postTask(ctx.app, poster, { budget: 400 });
    const offer = await bid(maya, taskId, 350);
    await bid(lucas, taskId, 300);
    const step = await accept(taskId, offer._id, 350);
    expect(step.checkoutUrl).toBe(`/pay/${step.paymentId}`);
    expect(await task(poster, taskId)).toMatchObject({ status: "open", payment: { status: "pending" } });
    // The bidder learns of a payment once it is made.
    expect((await task(maya, taskId)).payment).toBeUndefined();
    const shown = await payment(poster, step.paymentId);
    expect(shown).toMatchObject({
      status: "pending",
      task: { _id: taskId },
      client: { id: poster.id, name: "Poster" },
      freelancer: { id: maya.id, name: "Maya" },
      amount: 350,
      fee: 35,
      feePercent: 10,
      currency: "USD",
      testMode: true,
      lastError: null,
      checkoutUrl: `/pay/${step.paymentId}`,
    });
    // A checkout under way is the client's: the bidder learns of a payment once it is made.
    expectRefused(await call(maya, "GET", `/api/payments/${step.paymentId}`), 404, PAYMENT_PROBLEMS.notFound);
    expectRefused(await call(onlooker, "GET", `/api/payments/${step.paymentId}`), 404, PAYMENT_PROBLEMS.notFound);
    expectRefused(await call(null, "GET", `/api/payments/${step.paymentId}`), 401);
    // Accepting the same offer again (or a replay) is the same checkout.
    expect((await accept(taskId, offer._id, 350)).paymentId).toBe(step.paymentId);
  });

  it("hires nobody when the card is declined, and says why; then hires with a card that pays", async () => {
    const taskId = await postTask(ctx.app, poster, { budget: 400 });
    const offer = await bid(maya, taskId, 350);
    const other = await bid(lucas, taskId, 300);
    const { paymentId } = await accept(taskId, offer._id);
    expectRefused(await pay(paymentId, DECLINED_CARD), 402, PAYMENT_MESSAGES.declined);
    expectRefused(await pay(paymentId, POOR_CARD), 402, PAYMENT_MESSAGES.insufficientFunds);
    expect(await task(poster, taskId)).toMatchObject({ status: "open" });
    expect((await payment(poster, paymentId)).lastError).toBe(PAYMENT_MESSAGES.insufficientFunds);
    expect(await balances(account.escrow(taskId))).toEqual(new Map([[account.escrow(taskId), 0]]));

    const paid = await pay(paymentId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: "held", lastError: null });
    expect(await task(poster, taskId)).toMatchObject({
      status: "assigned",
      assigneeId: maya.id,
      agreedAmount: 350,
      payment: { _id: paymentId, status: "held" },
    });
    expect((await task(maya, taskId)).payment).toEqual({ _id: paymentId, status: "held" });
    // Made, the freelancer reads it, without the client's card troubles.
    expect(await payment(maya, paymentId)).toMatchObject({ status: "held", lastError: null });
    const offers = (await call(poster, "GET", `/api/bids?taskId=${taskId}`)).json() as Array<{
      _id: string;
      status: string;
    }>;
    expect(offers.find((one) => one._id === other._id)?.status).toBe("declined");
    expect(await balances(account.escrow(taskId), account.card(poster.id))).toEqual(
      new Map([
        [account.escrow(taskId), 35_000],
        [account.card(poster.id), expect.any(Number)],
      ]),
    );
    // My Bids: the hired freelancer sees the payment held for the work; the declined bidder sees none.
    const myBidOn = async (user: TestUser) =>
      (
        (await call(user, "GET", "/api/my-bids?limit=50")).json() as Array<{ task: { _id: string; payment?: object } }>
      ).find((mine) => mine.task._id === taskId);
    expect((await myBidOn(maya))?.task.payment).toEqual({ _id: paymentId, status: "held" });
    expect((await myBidOn(lucas))?.task.payment).toBeUndefined();
    // A replayed payment charges nothing more.
    expect((await pay(paymentId)).json()).toMatchObject({ status: "held" });
    expect((await balances(account.escrow(taskId))).get(account.escrow(taskId))).toBe(35_000);
  });

  it("refuses the card of anyone but the client, and a checkout another offer replaced", async () => {
    const taskId = await postTask(ctx.app, poster);
    const first = await bid(maya, taskId, 200);
    const second = await bid(lucas, taskId, 180);
    const replaced = await accept(taskId, first._id);
    const chosen = await accept(taskId, second._id);
    expect(chosen.paymentId).not.toBe(replaced.paymentId);
    expect((await payment(poster, replaced.paymentId)).status).toBe("abandoned");
    expectRefused(await pay(replaced.paymentId), 409, PAYMENT_PROBLEMS.replaced);
    expectRefused(await pay(chosen.paymentId, GOOD_CARD, lucas), 404, PAYMENT_PROBLEMS.notFound);
    expectRefused(await pay(chosen.paymentId, { ...GOOD_CARD, number: "4242" }), 400);
    expect(await task(poster, taskId)).toMatchObject({ status: "open" });
  });

  it("gives the money back at once when the offer changed between the checkout and the payment", async () => {
    const taskId = await postTask(ctx.app, poster);
    const offer = await bid(maya, taskId, 200);
    const { paymentId } = await accept(taskId, offer._id, 200);
    expect((await call(maya, "PATCH", `/api/bids/${offer._id}`, { amount: 260 })).statusCode).toBe(200);
    expectRefused(await pay(paymentId), 409, MESSAGES.offerChanged);
    expect(await payment(poster, paymentId)).toMatchObject({ status: "refunded", lastError: MESSAGES.offerChanged });
    expect(await task(poster, taskId)).toMatchObject({ status: "open" });
    // In the ledger: held and given back, nothing left in the task's escrow.
    expect((await balances(account.escrow(taskId))).get(account.escrow(taskId))).toBe(0);
    const kinds = await database.db
      .selectFrom("ledger_transactions")
      .select("kind")
      .where("payment_id", "=", paymentId)
      .orderBy("at")
      .execute();
    expect(kinds.map((row) => row.kind).sort()).toEqual(["hold", "refund"]);
    // The client is told it went back, as one who paid on Stripe's page and left would need.
    const notices = (await call(poster, "GET", "/api/notifications?limit=50")).json() as Array<{
      kind: string;
      data: { paymentId?: string; amount?: number };
    }>;
    expect(notices.filter((notice) => notice.data.paymentId === paymentId)).toEqual([
      expect.objectContaining({ kind: "payment-refunded", data: expect.objectContaining({ amount: 200 }) }),
    ]);
  });
});

describe("the end of a hire", () => {
  it("releases the payment to the freelancer, less the fee, when the client completes", async () => {
    const { taskId, paymentId } = await hiredAndPaid(350);
    const completed = await call(poster, "POST", `/api/tasks/${taskId}/complete`);
    expect(completed.json()).toMatchObject({ status: "completed", payment: { status: "released" } });
    expect((await payment(maya, paymentId)).settledAt).not.toBeNull();
    const after = await balances(account.escrow(taskId), account.earnings(maya.id));
    expect(after.get(account.escrow(taskId))).toBe(0);
    expect(after.get(account.earnings(maya.id))).toBeGreaterThanOrEqual(31_500);
    const entries = await database.db
      .selectFrom("ledger_entries")
      .innerJoin("ledger_transactions", "ledger_transactions.id", "ledger_entries.transaction_id")
      .select(["ledger_entries.account", "ledger_entries.cents"])
      .where("ledger_transactions.payment_id", "=", paymentId)
      .where("ledger_transactions.kind", "=", "release")
      .execute();
    expect(new Map(entries.map((entry) => [entry.account, Number(entry.cents)]))).toEqual(
      new Map([
        [account.escrow(taskId), -35_000],
        [account.earnings(maya.id), 31_500],
        [account.fees, 3_500],
      ]),
    );
  });

  it("refunds the client in full when they cancel, or when the freelancer gives the task back", async () => {
    const cancelled = await hiredAndPaid(120);
    expect((await call(poster, "POST", `/api/tasks/${cancelled.taskId}/cancel`)).json()).toMatchObject({
      status: "cancelled",
      payment: { status: "refunded" },
    });
    expect((await balances(account.escrow(cancelled.taskId))).get(account.escrow(cancelled.taskId))).toBe(0);

    const given = await hiredAndPaid(90);
    expect((await call(maya, "POST", `/api/tasks/${given.taskId}/release`)).statusCode).toBe(200);
    expect(await payment(poster, given.paymentId)).toMatchObject({ status: "refunded" });
    expect(await task(poster, given.taskId)).toMatchObject({ status: "open", payment: { status: "refunded" } });
    // Hiring again means paying again.
    const again = await bid(lucas, given.taskId, 95);
    const next = await accept(given.taskId, again._id);
    expect(next.paymentId).not.toBe(given.paymentId);
    expect(await unbalancedTransactions(database.db)).toEqual([]);
  });

  it("abandons a checkout not paid when the task is cancelled", async () => {
    const taskId = await postTask(ctx.app, poster);
    const offer = await bid(maya, taskId, 100);
    const { paymentId } = await accept(taskId, offer._id);
    await call(poster, "POST", `/api/tasks/${taskId}/cancel`);
    expect((await payment(poster, paymentId)).status).toBe("abandoned");
    expectRefused(await pay(paymentId), 409, MESSAGES.taskNotOpen.cancelled);
  });
});

describe("races", () => {
  it("two accepts of different offers at once leave one checkout; two payments at once charge once", async () => {
    const taskId = await postTask(ctx.app, poster);
    const first = await bid(maya, taskId, 200);
    const second = await bid(lucas, taskId, 210);
    const accepts = await Promise.all([
      call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: first._id }),
      call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: second._id }),
    ]);
    for (const response of accepts) expect([202, 409], response.body).toContain(response.statusCode);
    const live = await database.db
      .selectFrom("payments")
      .select(["id", "status"])
      .where("task_id", "=", taskId)
      .where("status", "=", "pending")
      .execute();
    expect(live).toHaveLength(1);
    const paymentId = live[0]?.id ?? "";

    const paid = await Promise.all([pay(paymentId), pay(paymentId), pay(paymentId)]);
    expect(paid.filter((response) => response.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const response of paid) {
      if (response.statusCode !== 200) expectRefused(response, 409, PAYMENT_PROBLEMS.inProgress);
    }
    const holds = await database.db
      .selectFrom("ledger_transactions")
      .select("id")
      .where("payment_id", "=", paymentId)
      .where("kind", "=", "hold")
      .execute();
    expect(holds).toHaveLength(1);
    expect(await task(poster, taskId)).toMatchObject({ status: "assigned" });
  });

  it("a complete and a cancel at once: one wins, and the money moves once", async () => {
    const { taskId, paymentId } = await hiredAndPaid(300);
    const [complete, cancel] = await Promise.all([
      call(poster, "POST", `/api/tasks/${taskId}/complete`),
      call(poster, "POST", `/api/tasks/${taskId}/cancel`),
    ]);
    expect([complete.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
    const ends = await database.db
      .selectFrom("ledger_transactions")
      .select("kind")
      .where("payment_id", "=", paymentId)
      .where("kind", "in", ["release", "refund"])
      .execute();
    expect(ends).toHaveLength(1);
    expect((await balances(account.escrow(taskId))).get(account.escrow(taskId))).toBe(0);
  });
});

describe("what each side reads of their money", () => {
  it("sums the ledger for the client and the freelancer, line by line, and as CSV with formulas made text", async () => {
    const client = await signUp(ctx.app, { name: "Statement Client" });
    const worker = await signUp(ctx.app, { name: "Statement Freelancer" });
    const paymentOf = new Map<string, string>();
    const payFor = async (title: string, amount: number) => {
      const taskId = await postTask(ctx.app, client, { title, budget: amount });
      const offer = await bid(worker, taskId, amount);
      const step = (await call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: offer._id })).json();
      expect((await pay(step.paymentId, GOOD_CARD, client)).statusCode).toBe(200);
      paymentOf.set(title, step.paymentId);
      return taskId;
    };
    const done = await payFor('=HYPERLINK("http://evil.example")', 200);
    await call(client, "POST", `/api/tasks/${done}/complete`);
    const refunded = await payFor("Refunded, with a comma", 80.5);
    await call(client, "POST", `/api/tasks/${refunded}/cancel`);
    await payFor("Still held", 120);

    const overview = (await call(client, "GET", "/api/me/payments")).json();
    expect(overview).toMatchObject({
      asClient: { paid: 400.5, held: 120, refunded: 80.5 },
      asFreelancer: { held: 0, earned: 0, paidOut: 0, balance: 0 },
      currency: "USD",
    });
    expect(overview.lines.map((line: { amount: number; note: string }) => [line.amount, line.note])).toEqual([
      [-120, "Paid by card"],
      [80.5, "Back to the card"],
      [-80.5, "Paid by card"],
      [-200, "Paid by card"],
    ]);
    expect((await call(worker, "GET", "/api/me/payments")).json()).toMatchObject({
      asClient: { paid: 0, held: 0, refunded: 0 },
      asFreelancer: { held: 120, earned: 180, paidOut: 0, balance: 180 },
      lines: [{ amount: 180, note: "Paid for the work", kind: "release", taskId: done }],
    });
    expectRefused(await call(null, "GET", "/api/me/payments"), 401);
    // The dashboard's figures are the ledger's: spent is what was paid on, earned is after the fee.
    expect((await call(client, "GET", "/api/me/summary")).json()).toMatchObject({ spent: 200 });
    expect((await call(worker, "GET", "/api/me/summary")).json()).toMatchObject({ earned: 180 });

    const csv = await call(client, "GET", "/api/me/payments.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="quickgig-payments.csv"');
    const rows = csv.body.trimEnd().split("\r\n");
    expect(rows[0]).toBe("Date,Task,What,Amount (USD),Payment");
    expect(rows).toHaveLength(5);
    expect(rows[2]).toMatch(/^[^,]+,"Refunded, with a comma",Back to the card,80\.50,/);
    // The payment's id is there, made text too when its random first character is a minus sign.
    const refundId = paymentOf.get("Refunded, with a comma") ?? "";
    expect(rows[2]?.split(",").at(-1)).toBe(refundId.startsWith("-") ? `'${refundId}` : refundId);
    // A title a spreadsheet would run as a formula is text.
    expect(rows[4]).toMatch(/^[^,]+,"'=HYPERLINK\(""http:\/\/evil\.example""\)",Paid by card,-200\.00,/);
  });
});

describe("a process that stops mid-charge", () => {
  it("leaves no payment charging for good: pending again after a while, and payable", async () => {
    const taskId = await postTask(ctx.app, poster, { budget: 140 });
    const offer = await bid(maya, taskId, 140);
    const { paymentId } = await accept(taskId, offer._id, 140);
    // As a process that claimed the payment and stopped before the hire committed.
    const longAgo = new Date(Date.now() - STUCK_CHARGE_MS - 60_000).toISOString();
    await database.db
      .updateTable("payments")
      .set({ status: "charging", updated_at: longAgo })
      .where("id", "=", paymentId)
      .execute();
    expectRefused(await pay(paymentId), 409, PAYMENT_PROBLEMS.inProgress);
    const deps = { db: database.db } as PaymentsDeps;
    expect(await releaseStuckPayments(deps)).toBe(1);
    expect(await payment(poster, paymentId)).toMatchObject({
      status: "pending",
      lastError: PAYMENT_PROBLEMS.interrupted,
    });
    expect((await pay(paymentId)).statusCode).toBe(200);
    expect(await task(poster, taskId)).toMatchObject({ status: "assigned", payment: { status: "held" } });
  });

  it("leaves a charge under way alone", async () => {
    const taskId = await postTask(ctx.app, poster, { budget: 130 });
    const offer = await bid(maya, taskId, 130);
    const { paymentId } = await accept(taskId, offer._id, 130);
    await database.db.updateTable("payments").set({ status: "charging" }).where("id", "=", paymentId).execute();
    expect(await releaseStuckPayments({ db: database.db } as PaymentsDeps)).toBe(0);
    expect((await payment(poster, paymentId)).status).toBe("charging");
  });
});

describe("paying out", () => {
  it("pays out a freelancer's whole balance once, even when asked twice at once, and shows it on their statement", async () => {
    const earner = await signUp(ctx.app, { name: "Earner" });
    expectRefused(await call(earner, "POST", "/api/me/payouts"), 409, PAYMENT_PROBLEMS.nothingToPayOut);
    for (const amount of [200, 150]) {
      const taskId = await postTask(ctx.app, poster, { budget: amount });
      const offer = await bid(earner, taskId, amount);
      const { paymentId } = await accept(taskId, offer._id, amount);
      expect((await pay(paymentId)).statusCode).toBe(200);
      expect((await call(poster, "POST", `/api/tasks/${taskId}/complete`)).statusCode).toBe(200);
    }
    const answers = await Promise.all([
      call(earner, "POST", "/api/me/payouts"),
      call(earner, "POST", "/api/me/payouts"),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const overview = (await call(earner, "GET", "/api/me/payments")).json();
    // $350 earned less the 10 % fee: $315, all of it paid out.
    expect(overview.asFreelancer).toMatchObject({ earned: 315, paidOut: 315, balance: 0 });
    expect(overview.lines[0]).toMatchObject({ kind: "payout", amount: -315, note: "Paid out" });
    expect(await balances(account.earnings(earner.id), account.payouts(earner.id))).toEqual(
      new Map([
        [account.earnings(earner.id), 0],
        [account.payouts(earner.id), 31_500],
      ]),
    );
    expect(await unbalancedTransactions(database.db)).toEqual([]);
  });
});

describe("who is told", () => {
  it("tells both sides the payment is secured, the freelancer what is released after the fee, the client what is refunded", async () => {
    const kindsOf = async (user: TestUser) =>
      ((await call(user, "GET", "/api/notifications?limit=50")).json() as Array<{ kind: string; data: object }>).filter(
        (notice) => notice.kind.startsWith("payment-"),
      );
    const client = await signUp(ctx.app, { name: "Told Client" });
    const worker = await signUp(ctx.app, { name: "Told Freelancer" });
    for (const user of [client, worker]) await markEmailVerified(ctx, user.email);
    const hire = async (title: string) => {
      const taskId = await postTask(ctx.app, client, { title, budget: 350 });
      const offer = await bid(worker, taskId, 350);
      const step = (await call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: offer._id })).json();
      expect((await pay(step.paymentId, GOOD_CARD, client)).statusCode).toBe(200);
      return taskId;
    };
    const done = await hire("Told done");
    expect(await kindsOf(client)).toEqual([
      expect.objectContaining({ kind: "payment-held", data: expect.objectContaining({ side: "client", amount: 350 }) }),
    ]);
    // The notice, and its email, lead to the payment's receipt.
    const [held] = (await kindsOf(client)) as Array<{ kind: NotificationKind; data: NotificationData }>;
    expect(held && notificationLink(held.kind, held.data)).toMatch(/^\/payments\/[\w-]+$/);
    expect(await kindsOf(worker)).toEqual([
      expect.objectContaining({
        kind: "payment-held",
        data: expect.objectContaining({ side: "freelancer", amount: 350 }),
      }),
    ]);
    await call(client, "POST", `/api/tasks/${done}/complete`);
    expect((await kindsOf(worker))[0]).toMatchObject({
      kind: "payment-released",
      data: { taskId: done, taskTitle: "Told done", amount: 315, fee: 35 },
    });
    const cancelled = await hire("Told cancelled");
    await call(client, "POST", `/api/tasks/${cancelled}/cancel`);
    expect((await kindsOf(client))[0]).toMatchObject({
      kind: "payment-refunded",
      data: { taskId: cancelled, amount: 350 },
    });

    // Each email carries the receipt: the amount, the fee on it and what the freelancer is paid.
    const emailsTo = async (user: TestUser) =>
      (
        await database.db
          .selectFrom("outbox")
          .select("text_body")
          .where("recipient", "=", user.email)
          .orderBy("id")
          .execute()
      ).map((row) => row.text_body);
    const toClient = await emailsTo(client);
    const heldForClient = toClient.find((text) => text.includes("You paid $350.00 for “Told done”."));
    const refundedToClient = toClient.find((text) => text.includes("is refunded to your card"));
    for (const line of [
      /Receipt number: [\w-]+/,
      "Amount: $350.00",
      "Platform fee (10 %), paid by the freelancer: $35.00",
      "The freelancer receives: $315.00",
      "Status: Payment secured",
    ]) {
      expect(heldForClient).toMatch(line);
    }
    for (const line of [
      "Amount: $350.00",
      "Platform fee (10 %), paid by the freelancer: $0.00",
      "The freelancer receives: $0.00",
      "Back to the client: $350.00",
      "Status: Payment refunded",
    ]) {
      expect(refundedToClient).toContain(line);
    }
    const toWorker = await emailsTo(worker);
    const heldForWorker = toWorker.find((text) =>
      text.includes("Payment secured: the client paid $350.00 for “Told done”,"),
    );
    expect(heldForWorker).toContain("The freelancer receives: $315.00");
    const released = toWorker.find((text) => text.includes("Payment released"));
    for (const line of [
      "Amount: $350.00",
      "Platform fee (10 %), paid by the freelancer: $35.00",
      "The freelancer receives: $315.00",
      "Status: Payment released",
    ]) {
      expect(released).toContain(line);
    }
  });
});

describe("what can no longer be paid, and what races", () => {
  it("charges nothing for a task a moderator removed while its checkout waited", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Removed while paying" });
    const offer = await bid(maya, taskId, 150);
    const { paymentId } = await accept(taskId, offer._id);
    const moderator = await signUp(ctx.app, { name: "Paying Moderator" });
    await grantRole(database.db, moderator.email, "moderator", null);
    const removal = await call(moderator, "POST", "/api/admin/decisions", {
      targetKind: "task",
      targetId: taskId,
      remove: true,
      sanction: "none",
      rule: "honest",
      note: "Not a real task.",
    });
    expect(removal.statusCode, removal.body).toBe(200);
    expectRefused(await pay(paymentId), 409, MODERATION_MESSAGES.removedTask);
    expect((await payment(poster, paymentId)).status).toBe("abandoned");
    const moved = await database.db
      .selectFrom("ledger_transactions")
      .select("id")
      .where("payment_id", "=", paymentId)
      .execute();
    expect(moved).toEqual([]);
  });

  it("a request for the payment and a cancel at once: one wins, and a delivered payment is never refunded", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { taskId, paymentId } = await hiredAndPaid(100 + round);
      const [delivered, cancelled] = await Promise.all([
        call(maya, "POST", `/api/tasks/${taskId}/deliver`),
        call(poster, "POST", `/api/tasks/${taskId}/cancel`),
      ]);
      const status = (await payment(poster, paymentId)).status;
      if (cancelled.statusCode === 200) {
        expect(status).toBe("refunded");
        expect(delivered.statusCode).toBe(409);
      } else {
        expectRefused(cancelled, 409);
        expect(delivered.statusCode).toBe(200);
        expect(status).toBe("delivered");
      }
    }
    expect(await unbalancedTransactions(database.db)).toEqual([]);
  });
});
