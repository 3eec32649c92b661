import type { Kysely } from "kysely";
import { MESSAGES } from "../../contract/messages.ts";
import { MODERATION_MESSAGES } from "../../contract/moderation-words.ts";
import {
  DISPUTE_MESSAGES,
  feeCents,
  PAYMENT_MESSAGES,
  PAYMENT_STATUS_LABELS,
  type PaymentStep,
  type PaymentsOverview,
  receiptMoneyLines,
} from "../../contract/payments.ts";
import { holdPersonRow } from "../accounts/session-repository.ts";
import { findBidById } from "../bids/bid-repository.ts";
import { type Dialect, isUniqueViolation } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { acceptInTransaction, type HiringMoney } from "../hiring/hiring.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Notices, Transactor } from "../notifications/notifier.ts";
import { findTaskById, holdTaskRow, type TaskRecord } from "../tasks/task-repository.ts";
import { account } from "./accounts.ts";
import { balancesOf, entriesOn, flowsOf, post } from "./ledger.ts";
import { hold, type PaymentParties, payout, refund, release } from "./movements.ts";
import {
  claimForCharge,
  findLivePayment,
  findPayment,
  heldFor,
  insertPendingPayment,
  MADE_STATUSES,
  movePayment,
  type PaymentRecord,
  pendingHostedCheckouts,
  releaseStuckCharges,
  taskTitlesOf,
} from "./payment-repository.ts";
import { findPayoutAccount, insertPayoutAccount, setPayable } from "./payout-account-repository.ts";
import type { Card, PaymentProvider } from "./provider.ts";
import { refundLater, runProviderCalls, transferLater } from "./provider-calls.ts";

export const PAYMENT_PROBLEMS = {
  notFound: "This payment does not exist.",
  replaced: "This checkout was replaced by another offer's: open the task to pay for the one you chose.",
  inProgress: "This payment is already being made. Wait a moment and open the task.",
  ended: "This payment is already settled.",
  changed: "This payment changed meanwhile. Open the task to see where it stands.",
  notMade: "The payment could not be made. Nothing was charged; try again.",
  nothingToPayOut: "There is nothing to pay out: your balance is $0.00.",
  noCheckout: "The payment page could not be opened. Nothing was charged; accept the offer again in a moment.",
  noPayoutAccount:
    "Set up your payout account first (Set up payouts): your earnings wait in your balance until it can receive them.",
  interrupted:
    "The payment was interrupted. If your card was charged, the hire completes by itself within minutes; otherwise pay again.",
  noPayoutSetup: "Stripe's page for your payout account could not be opened. Nothing changed; try again in a moment.",
  hosted:
    "This payment is made on the payment provider's own page, never here: accept the offer again from My Posted Tasks to open it.",
} as const;

export interface PaymentsDeps {
  run: Transactor;
  db: Kysely<DB>;
  provider: PaymentProvider;
  feePercent: number;
  currency: string;
  /** How long after the freelancer asks for the payment it is released by itself. */
  autoReleaseMs: number;
  /** How long the parties of a dispute have to agree before it goes to the moderators' queue. */
  disputeMs: number;
  /** Whether this person sees every payment (an admin: moderation's roles, given from app.ts). */
  seesAllPayments: (userId: string) => Promise<boolean>;
  dialect: Dialect;
  /** The web app's address: where a hosted checkout sends the client back. */
  webUrl: string;
}

const partiesOf = (payment: PaymentRecord): PaymentParties => ({
  id: payment.id,
  taskId: payment.taskId,
  clientId: payment.clientId,
  freelancerId: payment.freelancerId,
  cents: payment.cents,
});

const feePercentOf = (payment: PaymentRecord) => payment.feeBasisPoints / 100;

/**
 * The payment, to its client, or to its freelancer once made, or to an admin (`seesAll`); to anyone
 * else it does not exist.
 */
export async function paymentFor(
  db: Kysely<DB>,
  id: string,
  viewerId: string,
  seesAll = false,
): Promise<PaymentRecord> {
  const payment = await findPayment(db, id);
  const seen =
    (seesAll && payment !== undefined) ||
    payment?.clientId === viewerId ||
    (payment?.freelancerId === viewerId && MADE_STATUSES.includes(payment.status));
  if (!payment || !seen) throw new HttpProblem(404, PAYMENT_PROBLEMS.notFound);
  return payment;
}

/**
 * Money at the hire (decision 030), as hiring asks for it (`HiringMoney`): accepting opens a
 * checkout, paying hires, and a task's end releases or refunds what is held.
 */
export function hiringMoney(deps: PaymentsDeps): HiringMoney {
  return {
    checkout: (task, bidId, seenAmount) => openCheckout(deps, task, bidId, seenAmount),
    settle: (trx, notices, taskId, ending) => settle(trx, notices, taskId, ending),
    spentAndEarned: (db, userId) => spentAndEarned(db, userId),
  };
}

/**
 * The poster accepts an offer: the task's checkout for it, at the offer's amount as it is now. The
 * same offer accepted again (or a replayed request) answers the same checkout; another offer's
 * replaces a checkout not yet paid. Nothing is hired and nothing charged here.
 */
async function openCheckout(
  deps: PaymentsDeps,
  task: TaskRecord,
  bidId: string,
  seenAmount: number | undefined,
): Promise<PaymentStep> {
  const step = (paymentId: string) => ({ paymentId, checkoutUrl: `/pay/${paymentId}` });
  let opened: PaymentStep;
  try {
    opened = await deps.run.transaction((trx) => checkoutInTransaction(deps, trx, task, bidId, seenAmount, step));
  } catch (error) {
    // Another accept of this task opened its checkout at the same moment (the live payment's unique index).
    if (isUniqueViolation(error)) throw new HttpProblem(409, PAYMENT_PROBLEMS.inProgress);
    throw error;
  }
  return deps.provider.hostedCheckout ? hostedStep(deps, task, opened.paymentId) : opened;
}

/**
 * The provider's own checkout page for a payment (Stripe), opened after the payment's row commits:
 * the same payment's key answers the same page, so accepting the same offer again is the same
 * checkout. A provider that cannot open one leaves nothing half made: the payment is abandoned.
 */
async function hostedStep(deps: PaymentsDeps, task: TaskRecord, paymentId: string): Promise<PaymentStep> {
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || !deps.provider.hostedCheckout) throw new HttpProblem(409, PAYMENT_PROBLEMS.changed);
  const back = `${deps.webUrl}/task-details/${encodeURIComponent(task.id)}`;
  try {
    const checkout = await deps.provider.hostedCheckout({
      key: `checkout:${payment.id}`,
      paymentId: payment.id,
      cents: payment.cents,
      currency: payment.currency,
      title: payment.taskTitle,
      successUrl: `${back}?paid=1`,
      cancelUrl: back,
    });
    // Another offer's checkout replaced this one meanwhile: its page, if ever paid, is refunded (settleHostedCheckout).
    const page = { providerRef: checkout.reference, checkoutUrl: checkout.url };
    if ((await movePayment(deps.db, payment.id, ["pending"], "pending", page)) === 0) {
      throw new HttpProblem(409, PAYMENT_PROBLEMS.replaced);
    }
    return { paymentId: payment.id, checkoutUrl: checkout.url };
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    await movePayment(deps.db, payment.id, ["pending"], "abandoned", {
      lastError: PAYMENT_PROBLEMS.noCheckout,
      settled: true,
    });
    throw new HttpProblem(503, PAYMENT_PROBLEMS.noCheckout);
  }
}

async function checkoutInTransaction(
  deps: PaymentsDeps,
  trx: Kysely<DB>,
  task: TaskRecord,
  bidId: string,
  seenAmount: number | undefined,
  step: (paymentId: string) => PaymentStep,
): Promise<PaymentStep> {
  const bid = await findBidById(trx, bidId);
  if (!bid || bid.taskId !== task.id) throw new HttpProblem(404, MESSAGES.bidNotOnTask);
  if (bid.status !== "pending") throw new HttpProblem(409, MESSAGES.bidGone);
  if (seenAmount !== undefined && Math.round(seenAmount * 100) !== Math.round(bid.amount * 100)) {
    throw new HttpProblem(409, MESSAGES.offerChanged);
  }
  const cents = Math.round(bid.amount * 100);
  const live = await findLivePayment(trx, task.id);
  if (live?.status === "pending" && live.bidId === bid.id && live.cents === cents) return step(live.id);
  if (live && live.status !== "pending") throw new HttpProblem(409, PAYMENT_PROBLEMS.inProgress);
  if (live) await movePayment(trx, live.id, ["pending"], "abandoned", { settled: true });
  const id = await insertPendingPayment(trx, {
    taskId: task.id,
    taskTitle: task.title,
    bidId: bid.id,
    clientId: task.ownerId,
    freelancerId: bid.bidderId,
    cents,
    feeBasisPoints: Math.round(deps.feePercent * 100),
    currency: deps.currency,
    provider: deps.provider.name,
  });
  return step(id);
}

/**
 * Test mode's checkout: charges the card once, and when it is paid, hires in one transaction with
 * the payment held and its ledger entries. A declined card hires nobody (402 with the reason); a
 * hire that can no longer happen (the task taken, the offer withdrawn or changed meanwhile) gives
 * the money back at once and says why. A replay of a payment already made charges nothing.
 */
export async function payWithCard(deps: PaymentsDeps, paymentId: string, viewerId: string, card: Card) {
  const payment = await paymentFor(deps.db, paymentId, viewerId);
  if (payment.clientId !== viewerId) throw new HttpProblem(404, PAYMENT_PROBLEMS.notFound);
  // With a provider's own page (Stripe), a card never comes to QuickGig.
  if (deps.provider.hostedCheckout || payment.provider !== "test") throw new HttpProblem(409, PAYMENT_PROBLEMS.hosted);
  if (payment.status === "held" || payment.status === "released") return;
  // Nothing is charged for a hire that can no longer happen: the task taken, ended, removed or gone.
  const task = await findTaskById(deps.db, payment.taskId);
  if (task?.status !== "open") {
    await movePayment(deps.db, payment.id, ["pending"], "abandoned", { settled: true });
    throw new HttpProblem(409, refusalForTask(task?.status));
  }
  // Of two requests paying at once, one claims the payment; the other is told it is under way.
  const attempt = await claimForCharge(deps.db, payment.id);
  if (attempt === null) {
    const now = await findPayment(deps.db, payment.id);
    if (now?.status === "held") return;
    throw new HttpProblem(409, refusalFor(now?.status ?? "abandoned"));
  }
  let outcome: Awaited<ReturnType<PaymentsDeps["provider"]["charge"]>>;
  try {
    outcome = await deps.provider.charge({
      key: `charge:${payment.id}:${attempt}`,
      cents: payment.cents,
      currency: payment.currency,
      card,
    });
  } catch (error) {
    // The provider did not answer: the payment can be tried again (the same attempt's key charges once).
    await movePayment(deps.db, payment.id, ["charging"], "pending", { lastError: PAYMENT_PROBLEMS.notMade });
    throw error;
  }
  if (!outcome.ok) {
    const reason =
      outcome.reason === "declined"
        ? PAYMENT_MESSAGES.declined
        : outcome.reason === "insufficient-funds"
          ? PAYMENT_MESSAGES.insufficientFunds
          : PAYMENT_MESSAGES.unknownCard;
    await movePayment(deps.db, payment.id, ["charging"], "pending", { lastError: reason });
    throw new HttpProblem(402, reason);
  }
  await hireWithCharge(deps, payment, outcome.reference);
}

/**
 * A payment charged (by test mode's card form, or on the provider's page): hires in one transaction
 * with the payment held and its ledger entries. A hire that can no longer happen (the task taken,
 * the offer withdrawn or changed meanwhile) gives the money back at once and says why.
 */
async function hireWithCharge(deps: PaymentsDeps, payment: PaymentRecord, reference: string) {
  try {
    await deps.run.transaction(async (trx, notices) => {
      const task = await findTaskById(trx, payment.taskId);
      if (!task) throw new HttpProblem(409, MESSAGES.taskNotFound);
      await acceptInTransaction(trx, notices, task, payment.bidId, payment.cents / 100);
      const held = { providerRef: reference, lastError: null, held: true };
      if ((await movePayment(trx, payment.id, ["charging"], "held", held)) === 0) {
        throw new HttpProblem(409, PAYMENT_PROBLEMS.replaced);
      }
      await post(trx, hold(partiesOf(payment)));
      const paid = {
        taskId: payment.taskId,
        taskTitle: payment.taskTitle,
        amount: payment.cents / 100,
        paymentId: payment.id,
      };
      const receipt = receiptLines(payment, "held");
      notices.add(
        { userId: payment.clientId, kind: "payment-held", data: { ...paid, side: "client" }, receipt },
        { userId: payment.freelancerId, kind: "payment-held", data: { ...paid, side: "freelancer" }, receipt },
      );
    });
  } catch (error) {
    await giveBack(deps, payment, reference, error instanceof HttpProblem ? error.detail : MESSAGES.taskNotFound);
    throw error;
  }
}

/**
 * The provider says a hosted checkout is paid (its signed webhook, or the reconciliation pass): the
 * payment hires as a card paid on test mode's page does. Told twice (a replayed webhook, the webhook
 * and the pass at once), it hires once: the payment is claimed from pending first.
 */
export async function settleHostedCheckout(deps: PaymentsDeps, paymentId: string, charge: string): Promise<void> {
  const payment = await findPayment(deps.db, paymentId);
  // Paid on a page left open after another offer's checkout replaced it: nothing to hire, the money goes back.
  if (payment?.status === "abandoned") {
    await giveBack(deps, payment, charge, PAYMENT_PROBLEMS.replaced, "abandoned");
    return;
  }
  if (payment?.status !== "pending") return;
  if ((await claimForCharge(deps.db, payment.id)) === null) {
    // Replaced by another offer's checkout a moment ago: the money goes back.
    const now = await findPayment(deps.db, payment.id);
    if (now?.status === "abandoned") await giveBack(deps, now, charge, PAYMENT_PROBLEMS.replaced, "abandoned");
    return;
  }
  try {
    await hireWithCharge(deps, payment, charge);
  } catch (error) {
    // A hire that could no longer happen was given back (giveBack); the provider's call is answered.
    if (!(error instanceof HttpProblem)) throw error;
  }
}

/** How long a charge may stay under way before it is taken to be lost with its process. */
export const STUCK_CHARGE_MS = 10 * 60 * 1000;

/** Payments left charging by a process that stopped mid-charge: pending again (payment-repository.ts). */
export function releaseStuckPayments(deps: PaymentsDeps, now = new Date()): Promise<number> {
  return releaseStuckCharges(deps.db, new Date(now.getTime() - STUCK_CHARGE_MS), PAYMENT_PROBLEMS.interrupted);
}

/** How long a hosted checkout may wait for its webhook before the reconciliation pass asks the provider. */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;

/**
 * Hosted checkouts still pending a while after they opened: asks the provider about each, and one
 * that is paid hires (its webhook never came, or came while this process was down).
 */
export async function reconcileHostedCheckouts(deps: PaymentsDeps, now = new Date()): Promise<number> {
  if (!deps.provider.checkoutState) return 0;
  let settled = 0;
  for (const payment of await pendingHostedCheckouts(deps.db, new Date(now.getTime() - RECONCILE_AFTER_MS), 50)) {
    let state: Awaited<ReturnType<NonNullable<PaymentProvider["checkoutState"]>>>;
    try {
      state = await deps.provider.checkoutState(payment.providerRef ?? "");
    } catch {
      // One checkout the provider cannot answer for does not hold up the others; the next pass asks again.
      continue;
    }
    if (state.paid) {
      await settleHostedCheckout(deps, payment.id, state.charge);
      settled += 1;
    } else if (state.expired) {
      // The page expired unpaid: nothing was charged, and the pass stops asking about it.
      await movePayment(deps.db, payment.id, ["pending"], "abandoned", { settled: true });
    }
  }
  return settled;
}

/**
 * The charge of a hire that could not happen goes back to the card: recorded first (a hold and its
 * refund in the ledger, one after the other), then refunded at the provider once that commits, and
 * only if it moved the payment (a hire whose commit only looked failed keeps its money held).
 */
async function giveBack(
  deps: PaymentsDeps,
  payment: PaymentRecord,
  reference: string,
  why: string,
  from: PaymentRecord["status"] = "charging",
) {
  await deps.run.transaction(async (trx, notices) => {
    const changed = await movePayment(trx, payment.id, [from], "refunded", {
      providerRef: reference,
      lastError: why,
      settled: true,
    });
    if (changed === 0) return;
    const now = Date.now();
    await post(trx, hold(partiesOf(payment)), new Date(now));
    await post(trx, refund(partiesOf(payment)), new Date(now + 1));
    await refundLater(trx, { id: payment.id, providerRef: reference }, payment.cents);
    // Told, with the receipt: a hosted checkout's client is not on the page when its webhook comes.
    notices.add({
      userId: payment.clientId,
      kind: "payment-refunded",
      data: {
        taskId: payment.taskId,
        taskTitle: payment.taskTitle,
        paymentId: payment.id,
        amount: payment.cents / 100,
      },
      receipt: receiptLines(payment, "refunded"),
    });
  });
  // Made at once, not at the worker's next pass: the client was just charged for nothing.
  await runProviderCalls(deps.db, deps.provider, deps.currency, { key: `refund:${payment.id}` });
}

/** Why a task's checkout can no longer be paid. */
function refusalForTask(status: TaskRecord["status"] | undefined): string {
  if (status === undefined) return MESSAGES.taskNotFound;
  if (status === "assigned") return MESSAGES.taskTaken;
  if (status === "completed" || status === "cancelled") return MESSAGES.taskNotOpen[status];
  return MODERATION_MESSAGES.removedTask;
}

function refusalFor(status: string): string {
  if (status === "charging") return PAYMENT_PROBLEMS.inProgress;
  if (status === "abandoned") return PAYMENT_PROBLEMS.replaced;
  return PAYMENT_PROBLEMS.ended;
}

/**
 * In a hire step's transaction (the task row already moved, so held by it): completed releases what
 * is held to the freelancer less the fee; cancelled or given back refunds it; a checkout not yet
 * paid is abandoned.
 */
async function settle(
  trx: Kysely<DB>,
  notices: Notices,
  taskId: string,
  ending: "completed" | "cancelled" | "released",
): Promise<void> {
  const payment = await findLivePayment(trx, taskId);
  if (!payment) return;
  if (payment.status === "pending") {
    await movePayment(trx, payment.id, ["pending"], "abandoned", { settled: true });
    return;
  }
  // Nothing moves while a dispute is open: it ends in a split (disputes.ts), never by a step of the task.
  if (payment.status === "disputed") throw new HttpProblem(409, DISPUTE_MESSAGES.open);
  if (payment.status !== "held" && payment.status !== "delivered") return;
  // Delivered: the client completes or disputes; a cancel now would take back paid-for work.
  if (payment.status === "delivered" && ending === "cancelled") throw new HttpProblem(409, MESSAGES.deliveredNoCancel);
  // From the status read only: a request for the payment committed meanwhile makes this step lose.
  const from = [payment.status];
  const lost = () => new HttpProblem(409, PAYMENT_PROBLEMS.changed);
  // With the payment: the notice (and its email) leads to the receipt.
  const about = { taskId: payment.taskId, taskTitle: payment.taskTitle, paymentId: payment.id };
  if (ending === "completed") {
    if ((await movePayment(trx, payment.id, from, "released", { settled: true })) === 0) throw lost();
    await post(trx, release(partiesOf(payment), feePercentOf(payment)));
    const fee = feeCents(payment.cents, feePercentOf(payment));
    await payOutOnRelease(trx, payment.freelancerId, payment.cents - fee);
    notices.add({
      userId: payment.freelancerId,
      kind: "payment-released",
      data: { ...about, amount: (payment.cents - fee) / 100, fee: fee / 100 },
      receipt: receiptLines(payment, "released"),
    });
    return;
  }
  if ((await movePayment(trx, payment.id, from, "refunded", { settled: true })) === 0) throw lost();
  await post(trx, refund(partiesOf(payment)));
  notices.add({
    userId: payment.clientId,
    kind: "payment-refunded",
    data: { ...about, amount: payment.cents / 100 },
    receipt: receiptLines(payment, "refunded"),
  });
  // Made once this step commits (provider-calls.ts): a step rolled back refunds nothing.
  await refundLater(trx, payment, payment.cents);
}

/**
 * A payment's receipt as its emails carry it: its number, the money lines its page shows
 * (receiptMoneyLines) and where it stands. `toFreelancerCents`: all of it unless refunded or split.
 */
export function receiptLines(
  payment: Pick<PaymentRecord, "id" | "cents" | "feeBasisPoints">,
  status: "held" | "released" | "refunded" | "split",
  toFreelancerCents = status === "refunded" ? 0 : payment.cents,
): string[] {
  const money = receiptMoneyLines({
    cents: payment.cents,
    toFreelancerCents,
    feePercent: payment.feeBasisPoints / 100,
    split: status === "split",
  });
  return [
    `Receipt number: ${payment.id}`,
    ...money.map(([label, value]) => `${label}: ${value}`),
    `Status: ${PAYMENT_STATUS_LABELS[status]}`,
  ];
}

/**
 * Spent: what left the client's card and did not come back, and is no longer held (paid on to a
 * freelancer). Earned: what reached the freelancer's earnings, after fees.
 */
async function spentAndEarned(db: Kysely<DB>, userId: string): Promise<{ spent: number; earned: number }> {
  const [card, freelancer, held] = await Promise.all([
    flowsOf(db, account.card(userId)),
    freelancerFigures(db, userId),
    heldFor(db, userId),
  ]);
  return { spent: (card.outflow - card.inflow - held.asClient) / 100, earned: freelancer.earned / 100 };
}

/**
 * A freelancer's money in cents, as sums: what they have in their balance, what left for their bank
 * (a payout returned by the bank counts back), and so what they earned (the two together).
 */
async function freelancerFigures(db: Kysely<DB>, userId: string) {
  const balances = await balancesOf(db, [account.earnings(userId), account.payouts(userId)]);
  const balance = balances.get(account.earnings(userId)) ?? 0;
  const paidOut = balances.get(account.payouts(userId)) ?? 0;
  return { balance, paidOut, earned: balance + paidOut };
}

/** How many of a person's latest movements their statement lists (the CSV holds the same). */
export const STATEMENT_LINES = 500;

/** A person's money as the ledger has it: their figures as a client and as a freelancer, and their latest movements. */
export async function paymentsOverview(
  db: Kysely<DB>,
  userId: string,
  currency: string,
  payouts: PaymentsOverview["payouts"] = { provider: "test", ready: true },
): Promise<PaymentsOverview> {
  const mine = [account.card(userId), account.earnings(userId)];
  const [card, freelancer, held, entries] = await Promise.all([
    flowsOf(db, account.card(userId)),
    freelancerFigures(db, userId),
    heldFor(db, userId),
    entriesOn(db, mine, STATEMENT_LINES),
  ]);
  const titles = await taskTitlesOf(db, [...new Set(entries.flatMap((entry) => entry.paymentId ?? []))]);
  const dollars = (cents: number) => cents / 100;
  return {
    asClient: { paid: dollars(card.outflow), held: dollars(held.asClient), refunded: dollars(card.inflow) },
    asFreelancer: {
      held: dollars(held.asFreelancer),
      earned: dollars(freelancer.earned),
      paidOut: dollars(freelancer.paidOut),
      balance: dollars(freelancer.balance),
    },
    lines: entries.map((entry) => ({
      _id: entry.id,
      at: entry.at,
      kind: entry.kind,
      paymentId: entry.paymentId,
      taskId: entry.taskId,
      taskTitle: entry.paymentId ? (titles.get(entry.paymentId) ?? null) : null,
      amount: dollars(entry.cents),
      note: entry.note,
    })),
    currency,
    payouts,
  };
}

/**
 * A cell of a CSV file: quoted when it holds a comma, a quote or a line break, and a text a
 * spreadsheet would read as a formula (=, +, -, @, a tab or a return first) made plain text with a
 * leading apostrophe, as OWASP advises against CSV injection: a task's title is anyone's words.
 */
export function csvCell(value: string | { amount: number }): string {
  // An amount is a number, minus sign and all; only words can be a formula.
  let text = typeof value === "string" ? value : value.amount.toFixed(2);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The statement's lines as CSV, newest first, one header row. */
export function statementCsv(overview: PaymentsOverview): string {
  const rows = [
    ["Date", "Task", "What", `Amount (${overview.currency})`, "Payment"],
    ...overview.lines.map((line) => [
      line.at,
      line.taskTitle ?? "",
      line.note,
      { amount: line.amount },
      line.paymentId ?? "",
    ]),
  ];
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * The hired freelancer delivers and asks for the payment ("Request payment"): the client has the
 * auto-release time to complete the task or open a dispute, after which the timed job releases it
 * (auto-release.ts). Asking again changes nothing.
 */
export async function requestPayment(deps: PaymentsDeps, task: TaskRecord, freelancer: { id: string; name: string }) {
  if (task.assigneeId !== freelancer.id) throw new HttpProblem(403, MESSAGES.notAssignee);
  if (task.status !== "assigned") {
    throw new HttpProblem(409, task.status === "open" ? MESSAGES.notAssigned : MESSAGES.taskNotOpen[task.status]);
  }
  await deps.run.transaction(async (trx, notices) => {
    // The task's row first, as every step of a hire takes it: a cancel or a completion racing this waits.
    await holdTaskRow(trx, task.id);
    const now = await findTaskById(trx, task.id);
    if (now?.status !== "assigned" || now.assigneeId !== freelancer.id)
      throw new HttpProblem(409, MESSAGES.notAssignee);
    const payment = await findLivePayment(trx, task.id);
    if (payment?.status === "delivered") return;
    if (payment?.status === "disputed") throw new HttpProblem(409, DISPUTE_MESSAGES.open);
    if (payment?.status !== "held") throw new HttpProblem(409, MESSAGES.nothingHeld);
    const releaseDueAt = new Date(Date.now() + deps.autoReleaseMs);
    if ((await movePayment(trx, payment.id, ["held"], "delivered", { releaseDueAt })) === 0) {
      throw new HttpProblem(409, MESSAGES.nothingHeld);
    }
    notices.add({
      userId: payment.clientId,
      kind: "payment-requested",
      data: {
        taskId: task.id,
        taskTitle: payment.taskTitle,
        actorName: freelancer.name,
        amount: payment.cents / 100,
        releaseDueAt: releaseDueAt.toISOString(),
      },
    });
  });
}

/**
 * A freelancer pays out their whole balance (what they earned, less what was paid out before): one
 * payout movement in the ledger. Test mode moves no real money, so the provider is not asked. With
 * payouts at the provider (Stripe Connect), the person needs an account that can receive them
 * (409 otherwise: their money waits in their balance), and the transfer to it is made once the
 * movement commits (provider-calls.ts). The person's row is held for the transaction (PostgreSQL),
 * so two payouts at once never pay one balance twice.
 */
export async function payOutBalance(deps: PaymentsDeps, userId: string): Promise<number> {
  const state = await payoutState(deps, userId);
  if (!state.ready) throw new HttpProblem(409, PAYMENT_PROBLEMS.noPayoutAccount);
  const paid = await deps.db.transaction().execute(async (trx) => {
    await holdPersonRow(trx, userId, deps.dialect);
    const balance = (await balancesOf(trx, [account.earnings(userId)])).get(account.earnings(userId)) ?? 0;
    if (balance <= 0) throw new HttpProblem(409, PAYMENT_PROBLEMS.nothingToPayOut);
    const ledgerId = await post(trx, payout(userId, balance));
    if (state.accountId) await transferLater(trx, { ledgerId, accountId: state.accountId, cents: balance });
    return { amount: balance / 100, ledgerId };
  });
  // This payout's transfer at once (the worker retries it if the provider does not answer now).
  if (state.accountId) {
    await runProviderCalls(deps.db, deps.provider, deps.currency, { key: `payout:${paid.ledgerId}` }).catch(() => 0);
  }
  return paid.amount;
}

/**
 * At a release (or a dispute's split), in its transaction: a freelancer whose payout account can
 * receive payouts (Stripe Connect) is paid out what was just released, the transfer made once the
 * step commits; otherwise it waits in their balance for them to pay it out.
 */
export async function payOutOnRelease(trx: Kysely<DB>, freelancerId: string, cents: number): Promise<void> {
  if (cents <= 0) return;
  const connected = await findPayoutAccount(trx, freelancerId);
  if (!connected?.payable) return;
  const ledgerId = await post(trx, payout(freelancerId, cents));
  await transferLater(trx, { ledgerId, accountId: connected.accountId, cents });
}

/**
 * Whether a person can be paid out now: always in test mode; with the provider's payouts, once
 * their account there can receive them (asked again while it cannot, as they may have just
 * finished setting it up).
 */
export async function payoutState(
  deps: PaymentsDeps,
  userId: string,
): Promise<{ provider: "test" | "stripe"; ready: boolean; accountId: string | null }> {
  const payouts = deps.provider.payouts;
  if (!payouts) return { provider: deps.provider.name, ready: true, accountId: null };
  const found = await findPayoutAccount(deps.db, userId);
  if (!found) return { provider: deps.provider.name, ready: false, accountId: null };
  let ready = found.payable;
  if (!ready) {
    ready = await payouts.isPayable(found.accountId).catch(() => false);
    if (ready) await setPayable(deps.db, found.accountId, true);
  }
  return { provider: deps.provider.name, ready, accountId: found.accountId };
}

/**
 * The provider's page where a freelancer sets up their payout account (made the first time, with
 * their user id as its key so two clicks make one), sending them back to their payments.
 */
export async function payoutSetupUrl(deps: PaymentsDeps, user: { id: string; email: string }): Promise<string> {
  const payouts = deps.provider.payouts;
  // The route exists only with a provider that pays out (payment-routes.ts, Stripe).
  if (!payouts) throw new Error("This payment provider has no payout accounts");
  try {
    let found = await findPayoutAccount(deps.db, user.id);
    if (!found) {
      const accountId = await payouts.createAccount({ key: `account:${user.id}`, userId: user.id, email: user.email });
      await insertPayoutAccount(deps.db, { userId: user.id, provider: deps.provider.name, accountId });
      found = await findPayoutAccount(deps.db, user.id);
    }
    return await payouts.onboardingUrl(found?.accountId ?? "", `${deps.webUrl}/dashboard/payments`);
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw new HttpProblem(503, PAYMENT_PROBLEMS.noPayoutSetup);
  }
}

/** The provider says what a payout account can do now (its webhook). */
export function payoutAccountChanged(deps: PaymentsDeps, accountId: string, payable: boolean): Promise<void> {
  return setPayable(deps.db, accountId, payable);
}
