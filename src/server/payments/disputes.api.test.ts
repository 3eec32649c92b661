import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  describeNotification,
  type NotificationData,
  type NotificationKind,
  notificationLink,
} from "../../contract/notifications.ts";
import { DISPUTE_MESSAGES, type Payment, type PaymentStep } from "../../contract/payments.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { grantRole } from "../moderation/roles.ts";
import { callerOf, expectRefused } from "../test/answers.ts";
import { markEmailVerified, postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";
import { account } from "./accounts.ts";
import { escalateDue } from "./dispute-repository.ts";
import { DISPUTE_PROBLEMS } from "./disputes.ts";
import { balancesOf, unbalancedTransactions } from "./ledger.ts";
import { PAYMENT_PROBLEMS } from "./payments.ts";

/**
 * Disputes over held money (issue 44), on both databases: either party opens one, proposals and
 * their acceptance move the money at once, nothing else moves it meanwhile, an unsettled dispute
 * reaches the moderators' queue where an admin's split must add up, and a suspension puts a
 * party's held payments there.
 */
const ctx = setupTestApp({ PAYMENTS: "on", PLATFORM_FEE_PERCENT: "10", DISPUTE_DAYS: "7" });
let database: Database;
const call = callerOf(ctx);

const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

function ok(response: LightMyRequestResponse): Payment {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

let client: TestUser;
let maya: TestUser;
let onlooker: TestUser;
let admin: TestUser;
let moderator: TestUser;

/** A task of the client's with Maya hired at `amount` and paid for. */
async function hiredAndPaid(amount = 350, by = client, freelancer = maya) {
  const taskId = await postTask(ctx.app, by, { budget: amount });
  const offer = (await call(freelancer, "POST", "/api/bids", { taskId, amount })).json();
  const step: PaymentStep = (await call(by, "POST", `/api/tasks/${taskId}/accept`, { bidId: offer._id })).json();
  ok(await call(by, "POST", `/api/payments/${step.paymentId}/pay`, { card: GOOD_CARD }));
  return { taskId, paymentId: step.paymentId };
}

const dispute = (user: TestUser, paymentId: string, reason = "The logo was never delivered.") =>
  call(user, "POST", `/api/payments/${paymentId}/dispute`, { reason });
const propose = (user: TestUser, paymentId: string, toFreelancer: number) =>
  call(user, "POST", `/api/payments/${paymentId}/dispute/proposals`, { toFreelancer });
const acceptProposal = (user: TestUser, paymentId: string, proposalId: string) =>
  call(user, "POST", `/api/payments/${paymentId}/dispute/proposals/${proposalId}/accept`);
const decide = (user: TestUser, paymentId: string, toFreelancer: number, toClient: number) =>
  call(user, "POST", `/api/admin/disputes/${paymentId}`, {
    toFreelancer,
    toClient,
    rule: "honest",
    note: "Half the work was delivered, as the messages show.",
  });
const inAWeek = () => new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
const taskStatus = async (user: TestUser, taskId: string) => (await call(user, "GET", `/api/tasks/${taskId}`)).json();
const noticesOf = async (user: TestUser) =>
  ((await call(user, "GET", "/api/notifications?limit=50")).json() as Array<{ kind: string; data: object }>).filter(
    (notice) => notice.kind.startsWith("dispute-"),
  );

beforeAll(async () => {
  database = openDatabase(ctx.database.config);
  client = await signUp(ctx.app, { name: "Dispute Client" });
  maya = await signUp(ctx.app, { name: "Maya" });
  onlooker = await signUp(ctx.app, { name: "Onlooker" });
  admin = await signUp(ctx.app, { name: "Ada Admin" });
  moderator = await signUp(ctx.app, { name: "Mo Moderator" });
  await grantRole(database.db, admin.email, "admin", null);
  await grantRole(database.db, moderator.email, "moderator", null);
  for (const user of [client, maya]) await markEmailVerified(ctx, user.email);
});
afterAll(() => database.close());

describe("a dispute between the two parties", () => {
  it("is opened by either party on held money, blocks complete, cancel, give back and the request, and ends by an accepted proposal", async () => {
    const { taskId, paymentId } = await hiredAndPaid(350);
    expectRefused(await dispute(onlooker, paymentId), 404, PAYMENT_PROBLEMS.notFound);
    expectRefused(await call(client, "POST", `/api/payments/${paymentId}/dispute`, { reason: "  " }), 400);
    const opened = ok(await dispute(client, paymentId));
    expect(opened).toMatchObject({
      status: "disputed",
      dispute: { openedBy: "client", reason: "The logo was never delivered.", status: "open", escalatedAt: null },
    });
    expectRefused(await dispute(maya, paymentId), 409, DISPUTE_PROBLEMS.alreadyOpen);
    // Nothing moves the money while the dispute is open.
    expectRefused(await call(client, "POST", `/api/tasks/${taskId}/complete`), 409, DISPUTE_MESSAGES.open);
    expectRefused(await call(client, "POST", `/api/tasks/${taskId}/cancel`), 409, DISPUTE_MESSAGES.open);
    expectRefused(await call(maya, "POST", `/api/tasks/${taskId}/release`), 409, DISPUTE_MESSAGES.open);
    expectRefused(await call(maya, "POST", `/api/tasks/${taskId}/deliver`), 409, DISPUTE_MESSAGES.open);
    expect(await taskStatus(client, taskId)).toMatchObject({ status: "assigned", payment: { status: "disputed" } });
    expect((await noticesOf(maya))[0]).toMatchObject({
      kind: "dispute-opened",
      data: { taskId, paymentId, actorName: "Dispute Client", amount: 350 },
    });

    // Proposals: more than is held is refused; a newer one replaces the one waiting.
    expectRefused(
      await propose(maya, paymentId, 350.01),
      400,
      "The freelancer's part can be at most $350.00, the amount held.",
    );
    ok(await propose(maya, paymentId, 300));
    const countered = ok(await propose(client, paymentId, 200));
    expect(
      countered.dispute?.proposals.map((each) => [each.by, each.status, each.toFreelancer, each.toClient]),
    ).toEqual([
      ["freelancer", "replaced", 300, 50],
      ["client", "open", 200, 150],
    ]);
    const [replaced, waiting] = countered.dispute?.proposals ?? [];
    expectRefused(await acceptProposal(client, paymentId, waiting?._id ?? ""), 409, DISPUTE_MESSAGES.ownProposal);
    expectRefused(await acceptProposal(client, paymentId, replaced?._id ?? ""), 409, DISPUTE_MESSAGES.proposalGone);
    expectRefused(await acceptProposal(onlooker, paymentId, waiting?._id ?? ""), 404);
    expect((await noticesOf(maya))[0]).toMatchObject({
      kind: "dispute-proposal",
      data: { actorName: "Dispute Client", toFreelancer: 200, toClient: 150 },
    });

    const settled = ok(await acceptProposal(maya, paymentId, waiting?._id ?? ""));
    expect(settled).toMatchObject({
      status: "split",
      dispute: { status: "settled", outcome: { toFreelancer: 200, toClient: 150, rule: null } },
    });
    // The money moved: $200 less the 10 % fee to Maya, $20 in fees, $150 back to the card, the escrow empty.
    expect(await balancesOf(database.db, [account.earnings(maya.id), account.fees, account.escrow(taskId)])).toEqual(
      new Map([
        [account.earnings(maya.id), 18_000],
        [account.fees, expect.any(Number)],
        [account.escrow(taskId), 0],
      ]),
    );
    const flows = await database.db
      .selectFrom("ledger_entries")
      .innerJoin("ledger_transactions", "ledger_transactions.id", "ledger_entries.transaction_id")
      .select(["ledger_entries.account", "ledger_entries.cents"])
      .where("ledger_transactions.payment_id", "=", paymentId)
      .where("ledger_transactions.kind", "=", "split")
      .execute();
    expect(flows.map((flow) => [flow.account, Number(flow.cents)]).sort()).toEqual(
      [
        [account.escrow(taskId), -35_000],
        [account.earnings(maya.id), 18_000],
        [account.fees, 2_000],
        [account.card(client.id), 15_000],
      ].sort(),
    );
    // Both are emailed the split's receipt.
    for (const user of [client, maya]) {
      const emails = await database.db
        .selectFrom("outbox")
        .select("text_body")
        .where("recipient", "=", user.email)
        .where("text_body", "like", "%dispute%settled%")
        .execute();
      expect(emails).toHaveLength(1);
      for (const line of [
        "Amount: $350.00",
        "Split: to the freelancer: $200.00",
        "Platform fee (10 %) on the freelancer's part, paid by the freelancer: $20.00",
        "The freelancer receives: $180.00",
        "Back to the client: $150.00",
        "Status: Payment split",
      ]) {
        expect(emails[0]?.text_body).toContain(line);
      }
    }
    // The client's part goes back once the step has committed: one refund due, for $150.
    const due = await database.db
      .selectFrom("provider_calls")
      .select(["kind", "cents", "key"])
      .where("payment_id", "=", paymentId)
      .execute();
    expect(due.map((row) => [row.kind, Number(row.cents), row.key])).toEqual([
      ["refund", 15_000, `refund:${paymentId}`],
    ]);
    // The hire is over: the freelancer was paid something, so the task is completed.
    expect(await taskStatus(client, taskId)).toMatchObject({ status: "completed", payment: { status: "split" } });
    for (const party of [client, maya]) {
      expect((await noticesOf(party))[0]).toMatchObject({
        kind: "dispute-settled",
        data: { toFreelancer: 200, toClient: 150, fee: 20 },
      });
    }
    expectRefused(await propose(client, paymentId, 100), 409, DISPUTE_MESSAGES.notOpen);
    expect(await unbalancedTransactions(database.db)).toEqual([]);
  });

  it("cancels the task when everything goes back to the client, and refuses a dispute on money not held", async () => {
    const { taskId, paymentId } = await hiredAndPaid(120);
    ok(await call(maya, "POST", `/api/tasks/${taskId}/deliver`));
    ok(await dispute(maya, paymentId, "The client stopped answering."));
    const proposal = ok(await propose(client, paymentId, 0)).dispute?.proposals[0];
    ok(await acceptProposal(maya, paymentId, proposal?._id ?? ""));
    expect(await taskStatus(client, taskId)).toMatchObject({ status: "cancelled" });
    expect(await balancesOf(database.db, [account.escrow(taskId)])).toEqual(new Map([[account.escrow(taskId), 0]]));
    // Nothing paid to the freelancer: no fee.
    expect(ok(await call(client, "GET", `/api/payments/${paymentId}`))).toMatchObject({ status: "split", fee: 0 });
    // Released, refunded or split: there is nothing to dispute.
    expectRefused(await dispute(client, paymentId), 409, DISPUTE_MESSAGES.notHeld);
    const released = await hiredAndPaid(90);
    ok(await call(client, "POST", `/api/tasks/${released.taskId}/complete`));
    expectRefused(await dispute(maya, released.paymentId), 409, DISPUTE_MESSAGES.notHeld);
  });

  it("a completion and a dispute at once: exactly one wins", async () => {
    for (let round = 0; round < 4; round += 1) {
      const { taskId, paymentId } = await hiredAndPaid(200 + round);
      const [completed, disputed] = await Promise.all([
        call(client, "POST", `/api/tasks/${taskId}/complete`),
        dispute(maya, paymentId),
      ]);
      const status = ok(await call(client, "GET", `/api/payments/${paymentId}`)).status;
      if (completed.statusCode === 200) {
        expectRefused(disputed, 409, DISPUTE_MESSAGES.notHeld);
        expect(status).toBe("released");
      } else {
        expectRefused(completed, 409, DISPUTE_MESSAGES.open);
        expect(disputed.statusCode).toBe(200);
        expect(status).toBe("disputed");
      }
    }
    expect(await unbalancedTransactions(database.db)).toEqual([]);
  });

  it("two acceptances of one proposal at once: the money moves once", async () => {
    const { paymentId } = await hiredAndPaid(260);
    ok(await dispute(client, paymentId));
    const proposal = ok(await propose(client, paymentId, 130)).dispute?.proposals[0];
    const answers = await Promise.all([
      acceptProposal(maya, paymentId, proposal?._id ?? ""),
      acceptProposal(maya, paymentId, proposal?._id ?? ""),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const splits = await database.db
      .selectFrom("ledger_transactions")
      .select("id")
      .where("payment_id", "=", paymentId)
      .where("kind", "=", "split")
      .execute();
    expect(splits).toHaveLength(1);
  });
});

describe("the moderators' queue", () => {
  it("takes a dispute unsettled after DISPUTE_DAYS, where only an admin decides a split that adds up", async () => {
    const { taskId, paymentId } = await hiredAndPaid(350);
    ok(await dispute(maya, paymentId, "Paid work was refused without a reason."));
    const listed = async (user: TestUser) => (await call(user, "GET", "/api/admin/disputes")).json().disputes;
    // Still with its parties: not in the queue, and not for an admin to decide yet.
    expect((await listed(admin)).map((each: Payment) => each._id)).not.toContain(paymentId);
    expectRefused(await decide(admin, paymentId, 175, 175), 409, DISPUTE_MESSAGES.notEscalated);
    const waiting = ok(await propose(client, paymentId, 100)).dispute?.proposals[0];
    await escalateDue(database.db, inAWeek());
    expect((await listed(admin)).map((each: Payment) => each._id)).toContain(paymentId);
    // In the queue, an admin decides: the parties can no longer settle it between them.
    expectRefused(await acceptProposal(maya, paymentId, waiting?._id ?? ""), 409, DISPUTE_MESSAGES.withModerators);
    expectRefused(await propose(maya, paymentId, 300), 409, DISPUTE_MESSAGES.withModerators);
    // A moderator reads the queue's disputes; only an admin decides; the parties and everyone else are refused.
    const asModerator = (await call(moderator, "GET", "/api/admin/disputes")).json();
    expect(asModerator.canDecide).toBe(false);
    expect(asModerator.disputes.map((each: Payment) => each._id)).toContain(paymentId);
    expect((await call(admin, "GET", "/api/admin/disputes")).json().canDecide).toBe(true);
    expectRefused(await call(maya, "GET", "/api/admin/disputes"), 403);
    expectRefused(await decide(moderator, paymentId, 175, 175), 403);
    expectRefused(await decide(maya, paymentId, 175, 175), 403);
    expectRefused(
      await decide(admin, paymentId, 200, 100),
      400,
      "The split must add up to the $350.00 held: $200.00 + $100.00 is $300.00.",
    );
    expectRefused(await decide(admin, paymentId, 400, -50), 400);
    // An admin sees the payment as the parties do.
    expect(ok(await call(admin, "GET", `/api/payments/${paymentId}`)).dispute?.escalatedAt).not.toBeNull();

    const decided = ok(await decide(admin, paymentId, 250, 100));
    expect(decided).toMatchObject({
      status: "split",
      // The fee on the freelancer's part only: 10 % of $250.
      fee: 25,
      dispute: { status: "decided", outcome: { toFreelancer: 250, toClient: 100, rule: "honest" } },
    });
    expect(await taskStatus(client, taskId)).toMatchObject({ status: "completed" });
    expect((await listed(admin)).map((each: Payment) => each._id)).not.toContain(paymentId);
    for (const party of [client, maya]) {
      expect((await noticesOf(party))[0]).toMatchObject({
        kind: "dispute-decided",
        data: { paymentId, toFreelancer: 250, toClient: 100, rule: "honest" },
      });
    }
    // In words, and leading to the payment's page, where the dispute is read.
    const [told] = (await noticesOf(maya)) as Array<{ kind: NotificationKind; data: NotificationData }>;
    expect(told && describeNotification(told.kind, told.data)).toMatch(
      /^An admin decided the dispute over “.+”: \$250\.00 to the freelancer \(less the \$25\.00 platform fee\), \$100\.00 back to the client \(.+\)\.$/,
    );
    expect(told && notificationLink(told.kind, told.data)).toBe(`/payments/${paymentId}`);
    const audit = (await call(admin, "GET", "/api/admin/audit?action=decide-dispute")).json();
    expect(audit.entries[0]).toMatchObject({
      action: "decide-dispute",
      targetKind: "payment",
      targetId: paymentId,
      actor: { id: admin.id },
      rule: "honest",
      note: "$250.00 to the freelancer, $100.00 back to the client. Half the work was delivered, as the messages show.",
    });
    expectRefused(await decide(admin, paymentId, 250, 100), 409, DISPUTE_MESSAGES.notOpen);
    expect(await unbalancedTransactions(database.db)).toEqual([]);
  });

  it("refuses an admin who is a party to the dispute", async () => {
    const { paymentId } = await hiredAndPaid(80, admin, maya);
    ok(await dispute(maya, paymentId));
    await escalateDue(database.db, inAWeek());
    expectRefused(await decide(admin, paymentId, 40, 40), 403, DISPUTE_MESSAGES.ownCase);
  });

  it("a suspension of either party puts the money held for their hires in the queue", async () => {
    const worker = await signUp(ctx.app, { name: "Suspended Worker" });
    const held = await hiredAndPaid(150, client, worker);
    const disputedBefore = await hiredAndPaid(170, client, worker);
    ok(await dispute(client, disputedBefore.paymentId));
    const suspension = await call(admin, "POST", "/api/admin/decisions", {
      targetKind: "profile",
      targetId: worker.id,
      remove: false,
      sanction: "suspend",
      rule: "honest",
      note: "Took payments for work never done.",
    });
    expect(suspension.statusCode, suspension.body).toBe(200);
    const queue: Payment[] = (await call(admin, "GET", "/api/admin/disputes")).json().disputes;
    const queued = new Map(queue.map((each) => [each._id, each]));
    expect(queued.get(held.paymentId)).toMatchObject({
      status: "disputed",
      dispute: { openedBy: "moderators", reason: DISPUTE_PROBLEMS.suspended },
    });
    expect(queued.get(disputedBefore.paymentId)?.dispute).toMatchObject({ openedBy: "client" });
    expect(queued.get(disputedBefore.paymentId)?.dispute?.escalatedAt).not.toBeNull();
    // The client cannot complete (and so release to the suspended account) meanwhile.
    expectRefused(await call(client, "POST", `/api/tasks/${held.taskId}/complete`), 409, DISPUTE_MESSAGES.open);
    expect((await noticesOf(client)).map((notice) => notice.kind)).toContain("dispute-opened");
    ok(await decide(admin, held.paymentId, 0, 150));
    expect(await taskStatus(client, held.taskId)).toMatchObject({ status: "cancelled" });
  });
});
