import type { FastifyBaseLogger } from "fastify";
import {
  DEMO_ADMIN,
  DEMO_PEOPLE,
  DEMO_REPORTED_QUESTION,
  DEMO_SAVED_SEARCHES,
  DEMO_USER,
  type DemoReview,
  DEMO_OFFERS as OFFERS,
  DEMO_PROFILES as PROFILES,
  DEMO_TASKS as TASKS,
} from "../../contract/demo-data.ts";
import type { ReviewInput } from "../../contract/reputation.ts";
import type { Viewer } from "../accounts/session.ts";
import { saveSearch } from "../alerts/saved-searches.ts";
import type { AppDeps } from "../app-deps.ts";
import { placeBid } from "../bids/bid-repository.ts";
import { acceptBid, completeTask } from "../hiring/hiring.ts";
import { createReport } from "../moderation/reports.ts";
import { grantRole } from "../moderation/roles.ts";
import { type Transactor, withoutNotices } from "../notifications/notifier.ts";
import { escalateNow } from "../payments/dispute-repository.ts";
import { openDispute, proposeSplit } from "../payments/disputes.ts";
import { hiringMoney, type PaymentsDeps, payWithCard, requestPayment } from "../payments/payments.ts";
import { updateAbout } from "../profiles/profiles.ts";
import { insertQuestion } from "../questions/question-repository.ts";
import { answerReview, writeReview } from "../reviews/reviews.ts";
import { findTaskById, insertTask } from "../tasks/task-repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Test mode's card that pays (contract TEST_CARDS). */
const DEMO_CARD = { number: "4242424242424242", expiry: "12/34", cvc: "123" };

const reviewInput = ({ rating, text, aspects }: DemoReview): ReviewInput => ({ rating, text, ...aspects });

/**
 * Fills an empty database with a living marketplace: a demo client whose sign-in the README gives,
 * three freelancers and the specification's eight sample freelancers with the same password, what each says of themselves, their tasks, a few bids
 * and hires, and the finished tasks' reviews (published where both sides wrote one); an admin, and a
 * question two of them reported waiting in the moderators' queue.
 */
export async function seedDemoData(
  { database, auth, config, reportables }: Pick<AppDeps, "database" | "auth" | "config" | "reportables">,
  log: FastifyBaseLogger,
  payments: PaymentsDeps | null = null,
): Promise<void> {
  const { db } = database;
  const existing = await db.selectFrom("user").select("id").limit(1).executeTakeFirst();
  if (existing) return;

  const context = await auth.$context;
  const passwordHash = await context.password.hash(DEMO_USER.password);
  const userIds: string[] = [];
  const everyone = DEMO_PEOPLE;
  for (const person of everyone) {
    const user = await context.internalAdapter.createUser(
      { name: person.name, email: person.email, emailVerified: true },
      { method: "email-password" },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: passwordHash,
    });
    userIds.push(user.id);
  }
  const people: Viewer[] = everyone.map((person, index) => ({
    id: userIds[index] as string,
    name: person.name,
    email: person.email,
    image: null,
  }));
  for (const [index, about] of PROFILES.entries()) await updateAbout(db, userIds[index] as string, about);
  const quiet: Transactor = withoutNotices(db);

  // Before the tasks: those they find are queued and matched as they would be (issue 47).
  for (const { owner, ...search } of DEMO_SAVED_SEARCHES) await saveSearch(database, userIds[owner] as string, search);

  const now = Date.now();
  const taskIds: string[] = [];
  for (const [index, task] of TASKS.entries()) {
    const postedAt = new Date(now - (TASKS.length - index) * 3 * 60 * 60 * 1000);
    const deadline = new Date(now + task.daysLeft * DAY_MS).toISOString().slice(0, 10);
    const ownerId = userIds[task.owner] as string;
    const taskId = await insertTask(db, ownerId, { ...task, deadline }, postedAt);
    taskIds.push(taskId);
    const bidIds: string[] = [];
    for (const bidder of task.bidders) {
      const offer = OFFERS[bidder] ?? OFFERS[0];
      const placed = await placeBid(
        db,
        taskId,
        userIds[bidder] as string,
        { amount: Math.round(task.budget * offer.share), days: offer.days, message: offer.message },
        new Date(postedAt.getTime() + (bidder + 1) * 60 * 60 * 1000),
      );
      bidIds.push(placed.id);
    }
    const hired = bidIds[0];
    if (task.outcome && hired) {
      const current = async () => {
        const found = await findTaskById(db, taskId);
        if (!found) throw new Error(`demo task ${taskId} is missing`);
        return found;
      };
      // With payments on, as a client would: the checkout, paid with test mode's card, hires.
      const money = payments && { ...payments, run: quiet };
      if (money) {
        const { paymentId } = await hiringMoney(money).checkout(await current(), hired, undefined);
        await payWithCard(money, paymentId, ownerId, DEMO_CARD);
        const freelancer = people[task.bidders[0] ?? -1] as Viewer;
        if (task.payment === "delivered") await requestPayment(money, await current(), freelancer);
        if (typeof task.payment === "object") {
          // A dispute the parties did not settle: in the demo admin's queue.
          await openDispute(money, paymentId, people[task.owner] as Viewer, task.payment.dispute);
          await proposeSplit(money, paymentId, freelancer, task.payment.proposal);
          await escalateNow(db, paymentId);
        }
      } else {
        await acceptBid(quiet, await current(), hired);
      }
      if (task.outcome === "completed") await completeTask(quiet, await current(), money && hiringMoney(money));
    }
    const client = people[task.owner] as Viewer;
    const freelancer = people[task.bidders[0] ?? -1];
    const windowMs = config.reviews.windowMs;
    const clientReview = task.reviews?.client
      ? await writeReview(quiet, db, taskId, client, reviewInput(task.reviews.client), windowMs)
      : undefined;
    if (task.reviews?.freelancer && freelancer) {
      await writeReview(quiet, db, taskId, freelancer, reviewInput(task.reviews.freelancer), windowMs);
    }
    // Both written, both published: the freelancer answers the client's review.
    if (task.reviews?.answer && clientReview && freelancer) {
      await answerReview(db, clientReview._id, freelancer, task.reviews.answer);
    }
  }
  await seedModeration(db, reportables, people, taskIds);
  log.info({ users: userIds.length, tasks: TASKS.length }, `demo data added; sign in as ${DEMO_USER.email}`);
}

/** The demo admin, and a question asking to be paid outside QuickGig that two people reported. */
async function seedModeration(
  db: AppDeps["database"]["db"],
  reportables: AppDeps["reportables"],
  people: Viewer[],
  taskIds: string[],
) {
  await grantRole(db, DEMO_ADMIN.email, "admin", null);
  const asker = people.find((person) => person.email === DEMO_REPORTED_QUESTION.asker.email) as Viewer;
  const questionId = await insertQuestion(
    db,
    taskIds[DEMO_REPORTED_QUESTION.task] as string,
    asker.id,
    DEMO_REPORTED_QUESTION.body,
  );
  for (const report of DEMO_REPORTED_QUESTION.reports) {
    await createReport(db, reportables, people[report.by] as Viewer, {
      targetKind: "question",
      targetId: questionId,
      reason: report.reason,
    });
  }
}

export { DEMO_USER };
