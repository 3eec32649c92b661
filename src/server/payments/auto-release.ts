import type { FastifyBaseLogger } from "fastify";
import { completeTask, type HiringMoney } from "../hiring/hiring.ts";
import { HttpProblem } from "../http/problem.ts";
import { findPerson } from "../profiles/profile-repository.ts";
import { findTaskById } from "../tasks/task-repository.ts";
import { escalateDue } from "./dispute-repository.ts";
import { dueForRelease, dueForReminder, findLivePayment, markReminded } from "./payment-repository.ts";
import { type PaymentsDeps, reconcileHostedCheckouts, releaseStuckPayments } from "./payments.ts";
import { runProviderCalls } from "./provider-calls.ts";

/** How many due payments one pass releases; the next pass takes the rest. */
const PER_PASS = 50;

/**
 * The timed job of delivered payments (issue 44): once a payment's release is due and the client has
 * neither completed the task nor disputed, the task is completed and the payment released, as if
 * the client had. Each release is the task's conditional move from assigned to completed, so of
 * several processes (or the client's click at the same moment) exactly one does it; the others are
 * told the task moved and go on.
 */
/** How long before an automatic release the client is reminded: a day, or half the release time when that is shorter. */
export const reminderLeadMs = (autoReleaseMs: number) => Math.min(24 * 60 * 60 * 1000, autoReleaseMs / 2);

/** Reminds each client whose requested payment is released within the lead, once (across processes too). */
export async function remindBeforeRelease(deps: PaymentsDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() + reminderLeadMs(deps.autoReleaseMs));
  let reminded = 0;
  for (const payment of await dueForReminder(deps.db, before, PER_PASS)) {
    const freelancer = await findPerson(deps.db, payment.freelancerId);
    await deps.run.transaction(async (trx, notices) => {
      if (!(await markReminded(trx, payment.id, now))) return;
      reminded += 1;
      notices.add({
        userId: payment.clientId,
        kind: "payment-release-soon",
        data: {
          taskId: payment.taskId,
          taskTitle: payment.taskTitle,
          actorName: freelancer?.name ?? "",
          amount: payment.cents / 100,
          releaseDueAt: payment.releaseDueAt ?? undefined,
        },
      });
    });
  }
  return reminded;
}

export async function releaseDuePayments(
  deps: PaymentsDeps,
  money: HiringMoney,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  let released = 0;
  for (const payment of await dueForRelease(deps.db, now, PER_PASS)) {
    const task = await findTaskById(deps.db, payment.taskId);
    if (task?.status !== "assigned") continue;
    // Still this payment, delivered: not one of a hire made since the list was read.
    const live = await findLivePayment(deps.db, task.id);
    if (live?.id !== payment.id || live.status !== "delivered") continue;
    try {
      await completeTask(deps.run, task, money);
      released += 1;
      log.info({ paymentId: payment.id, taskId: task.id }, "payment released by itself");
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
    }
  }
  return released;
}

/**
 * Runs the job every `intervalMs` (a tenth of the release time, between half a second and a
 * minute) until stopped: first the reminders, then the releases, then the disputes whose time with
 * their parties is over go to the moderators' queue (one conditional update: once, whatever the
 * number of processes), then payments left charging by a stopped process are pending again, then
 * the provider is asked about hosted checkouts whose webhook never came,
 * then the refunds due since their steps committed are made (provider-calls.ts).
 */
export function startAutoRelease(deps: PaymentsDeps, money: HiringMoney, log: FastifyBaseLogger): () => void {
  const intervalMs = Math.min(60_000, Math.max(500, Math.round(deps.autoReleaseMs / 10)));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Each step on its own: one that fails (a payment that throws, the provider down) holds up none of the others.
    const steps: Array<[string, () => Promise<unknown>]> = [
      ["reminding before releases", () => remindBeforeRelease(deps)],
      ["releasing due payments", () => releaseDuePayments(deps, money, log)],
      ["escalating disputes", () => escalateDue(deps.db)],
      ["releasing stuck charges", () => releaseStuckPayments(deps)],
      ["reconciling checkouts", () => reconcileHostedCheckouts(deps)],
      ["making provider calls", () => runProviderCalls(deps.db, deps.provider, deps.currency, { log })],
    ];
    (async () => {
      for (const [what, step] of steps) {
        await step().catch((error: unknown) => log.error({ err: error }, `${what} failed`));
      }
    })().finally(() => {
      running = false;
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
