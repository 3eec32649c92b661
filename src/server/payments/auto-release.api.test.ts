import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.ts";
import { type Database, openDatabase } from "../db/database.ts";
import type { Notice } from "../notifications/notifier.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";
import { releaseDuePayments, remindBeforeRelease } from "./auto-release.ts";
import { hiringMoney, type PaymentsDeps } from "./payments.ts";
import { TestModeProvider } from "./provider.ts";

/**
 * Delivered, then released by itself (issue 44): the freelancer asks for the payment, the client can
 * no longer cancel, and once the release is due the timed job completes the task and pays, once
 * however many processes run it. The app's own timer runs here with a release time of 1.7 s.
 */
const ctx = setupTestApp({ PAYMENTS: "on", AUTO_RELEASE_DAYS: "0.00002" });
let database: Database;
let client: TestUser;
let worker: TestUser;
const CARD = { number: "4242424242424242", expiry: "12/34", cvc: "123" };
const silentLog = { info() {}, error() {} } as unknown as Parameters<typeof releaseDuePayments>[2];

function call(user: TestUser, method: "GET" | "POST", url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
}

async function hiredAndPaid(title: string) {
  const taskId = await postTask(ctx.app, client, { title, budget: 200 });
  const offer = (await call(worker, "POST", "/api/bids", { taskId, amount: 200 })).json();
  const { paymentId } = (await call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: offer._id })).json();
  expect((await call(client, "POST", `/api/payments/${paymentId}/pay`, { card: CARD })).statusCode).toBe(200);
  return { taskId, paymentId };
}

const paymentOf = async (taskId: string) => (await call(client, "GET", `/api/tasks/${taskId}`)).json().payment;
const releasesOf = (paymentId: string) =>
  database.db
    .selectFrom("ledger_transactions")
    .select("id")
    .where("payment_id", "=", paymentId)
    .where("kind", "=", "release")
    .execute();

/** What each process would tell, kept here. */
const told: Notice[] = [];
const processes: Database[] = [];
/**
 * Another process of the app on the same database: its own provider and deps, and on PostgreSQL its
 * own pool of connections. SQLite's app runs as one process, and a second connection here would
 * wait for the lock synchronously, holding up the very thread that would release it.
 */
function processOf(): PaymentsDeps {
  const own = database.dialect === "postgres" ? openDatabase(ctx.database.config) : database;
  if (own !== database) processes.push(own);
  return {
    run: {
      transaction: (work) =>
        own.db.transaction().execute((trx) => work(trx, { add: (...notices) => told.push(...notices) })),
    },
    db: own.db,
    provider: new TestModeProvider(),
    feePercent: 10,
    currency: "USD",
    autoReleaseMs: 1,
    disputeMs: 1,
    seesAllPayments: async () => false,
    dialect: own.dialect,
    webUrl: "http://localhost:3000",
  };
}

beforeAll(async () => {
  database = openDatabase(ctx.database.config);
  client = await signUp(ctx.app, { name: "Release Client" });
  worker = await signUp(ctx.app, { name: "Release Freelancer" });
});
afterAll(async () => {
  await Promise.all([database, ...processes].map((open) => open.close()));
});

describe("delivered, then released by itself", () => {
  it("lets only the hired freelancer ask, tells the client the date, and stops the client cancelling", async () => {
    const { taskId } = await hiredAndPaid("Delivered logo");
    const stranger = await signUp(ctx.app, { name: "Release Stranger" });
    expect((await call(stranger, "POST", `/api/tasks/${taskId}/deliver`)).statusCode).toBe(403);
    const before = Date.now();
    const delivered = await call(worker, "POST", `/api/tasks/${taskId}/deliver`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const { payment } = delivered.json();
    expect(payment.status).toBe("delivered");
    expect(Date.parse(payment.releaseDueAt)).toBeGreaterThanOrEqual(before + 1_700);
    // Asking again changes nothing.
    expect((await call(worker, "POST", `/api/tasks/${taskId}/deliver`)).json().payment).toEqual(payment);
    const notices = (await call(client, "GET", "/api/notifications")).json() as Array<{ kind: string; data: object }>;
    expect(notices.find((notice) => notice.kind === "payment-requested")?.data).toMatchObject({
      taskId,
      actorName: "Release Freelancer",
      amount: 200,
      releaseDueAt: payment.releaseDueAt,
    });
    const cancel = await call(client, "POST", `/api/tasks/${taskId}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().detail).toBe(MESSAGES.deliveredNoCancel);
    expect((await call(client, "GET", `/api/tasks/${taskId}`)).json().status).toBe("assigned");
  });

  it("refuses to ask for a payment on a task that is not hired", async () => {
    const taskId = await postTask(ctx.app, client);
    const asked = await call(worker, "POST", `/api/tasks/${taskId}/deliver`);
    expect(asked.statusCode).toBe(403);
  });

  it("is released by the app's own timer once due, the task completed as if the client had", async () => {
    const { taskId } = await hiredAndPaid("Released by itself");
    await call(worker, "POST", `/api/tasks/${taskId}/deliver`);
    // A visitor's read of the task, kept by the response cache.
    const visitorSees = async () => (await ctx.app.inject({ url: `/api/tasks/${taskId}` })).json().status;
    expect(await visitorSees()).toBe("assigned");
    await expect.poll(async () => (await paymentOf(taskId))?.status, { timeout: 20_000 }).toBe("released");
    expect((await call(client, "GET", `/api/tasks/${taskId}`)).json().status).toBe("completed");
    // The timed job's write emptied the cache: the visitor reads it completed too.
    expect(await visitorSees()).toBe("completed");
    // Reminded once before it went (half the release time ahead here; a day ahead by default).
    const notices = (await call(client, "GET", "/api/notifications?limit=50")).json() as Array<{
      kind: string;
      data: { taskId: string; actorName?: string };
    }>;
    const reminders = notices.filter(
      (notice) => notice.kind === "payment-release-soon" && notice.data.taskId === taskId,
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.data.actorName).toBe("Release Freelancer");
  });

  it("releases a due payment once when two processes run the job at the same moment", async () => {
    const { taskId, paymentId } = await hiredAndPaid("Released once");
    await call(worker, "POST", `/api/tasks/${taskId}/deliver`);
    const [first, second] = [processOf(), processOf()];
    const later = new Date(Date.now() + 60_000);
    await Promise.all([remindBeforeRelease(first, later), remindBeforeRelease(second, later)]);
    const reminded = told.filter((notice) => notice.kind === "payment-release-soon" && notice.data.taskId === taskId);
    expect(reminded).toHaveLength(1);
    await Promise.all([
      releaseDuePayments(first, hiringMoney(first), silentLog, later),
      releaseDuePayments(second, hiringMoney(second), silentLog, later),
    ]);
    expect(await releasesOf(paymentId)).toHaveLength(1);
    expect((await paymentOf(taskId)).status).toBe("released");
  });

  it("a release falling due as the client disputes: exactly one wins, whichever commits first", async () => {
    const job = processOf();
    const release = () => releaseDuePayments(job, hiringMoney(job), silentLog, new Date(Date.now() + 60_000));
    const disputeOf = (paymentId: string) =>
      call(client, "POST", `/api/payments/${paymentId}/dispute`, { reason: "The files do not open." });
    const delivered = async (title: string) => {
      const hire = await hiredAndPaid(title);
      await call(worker, "POST", `/api/tasks/${hire.taskId}/deliver`);
      return hire;
    };
    const expectDisputed = async ({ taskId, paymentId }: { taskId: string; paymentId: string }) => {
      expect((await paymentOf(taskId)).status).toBe("disputed");
      expect(await releasesOf(paymentId)).toHaveLength(0);
      expect((await call(client, "GET", `/api/tasks/${taskId}`)).json().status).toBe("assigned");
    };
    const expectReleased = async ({ taskId, paymentId }: { taskId: string; paymentId: string }) => {
      expect((await paymentOf(taskId)).status).toBe("released");
      expect(await releasesOf(paymentId)).toHaveLength(1);
    };
    // The dispute first: the job passes it by.
    const disputedFirst = await delivered("Disputed, then due");
    expect((await disputeOf(disputedFirst.paymentId)).statusCode).toBe(200);
    await release();
    await expectDisputed(disputedFirst);
    // The release first: the dispute comes too late.
    const releasedFirst = await delivered("Due, then disputed");
    await release();
    expect((await disputeOf(releasedFirst.paymentId)).statusCode).toBe(409);
    await expectReleased(releasedFirst);
    // At the same moment: one or the other, never both.
    for (let round = 0; round < 4; round += 1) {
      const hire = await delivered(`Released or disputed ${round}`);
      const [, disputed] = await Promise.all([release(), disputeOf(hire.paymentId)]);
      if (disputed.statusCode === 200) await expectDisputed(hire);
      else {
        expect(disputed.statusCode, disputed.body).toBe(409);
        await expectReleased(hire);
      }
    }
  });
});
