import type { FastifyBaseLogger } from "fastify";
import {
  DEMO_USER,
  DEMO_FREELANCERS as FREELANCERS,
  DEMO_OFFERS as OFFERS,
  DEMO_TASKS as TASKS,
} from "../../contract/demo-data.ts";
import type { AppDeps } from "../app-deps.ts";
import { placeBid } from "../bids/bid-repository.ts";
import { acceptBid, completeTask } from "../hiring/hiring.ts";
import { withoutNotices } from "../notifications/notifier.ts";
import { findTaskById, insertTask } from "../tasks/task-repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty database with a living marketplace: a demo client whose sign-in the README gives,
 * three freelancers with the same password, their tasks and a few bids.
 */
export async function seedDemoData(
  { database, auth }: Pick<AppDeps, "database" | "auth">,
  log: FastifyBaseLogger,
): Promise<void> {
  const { db } = database;
  const existing = await db.selectFrom("user").select("id").limit(1).executeTakeFirst();
  if (existing) return;

  const context = await auth.$context;
  const passwordHash = await context.password.hash(DEMO_USER.password);
  const userIds: string[] = [];
  for (const person of [DEMO_USER, ...FREELANCERS]) {
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

  const now = Date.now();
  for (const [index, task] of TASKS.entries()) {
    const postedAt = new Date(now - (TASKS.length - index) * 3 * 60 * 60 * 1000);
    const deadline = new Date(now + task.daysLeft * DAY_MS).toISOString().slice(0, 10);
    const ownerId = userIds[task.owner] as string;
    const taskId = await insertTask(db, ownerId, { ...task, deadline }, postedAt);
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
      await acceptBid(withoutNotices(db), await current(), hired);
      if (task.outcome === "completed") await completeTask(withoutNotices(db), await current());
    }
  }
  log.info({ users: userIds.length, tasks: TASKS.length }, `demo data added; sign in as ${DEMO_USER.email}`);
}

export { DEMO_USER };
