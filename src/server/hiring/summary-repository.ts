import { type Kysely, sql } from "kysely";
import {
  BID_STATUSES,
  type BidStatus,
  type DashboardSummary,
  TASK_STATUSES,
  type TaskStatus,
} from "../../contract/index.ts";
import type { DB } from "../db/schema.ts";
import { REMOVED_TASK_STATUS } from "../tasks/task-repository.ts";

const ACTIVITY_LIMIT = 6;

function byStatus<S extends string>(statuses: readonly S[], rows: Array<{ status: string; total: number | string }>) {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as S] = Number(row.total);
  return counts;
}

/**
 * A person's own figures: their tasks and bids by status, what they spent and earned, their latest
 * doings. A task a moderator removed is in none of them (its status is none of TASK_STATUSES).
 */
export async function summarize(db: Kysely<DB>, userId: string): Promise<DashboardSummary> {
  const [tasks, bids, spent, work, posted, bidOn, hired] = await Promise.all([
    db
      .selectFrom("tasks")
      .select((eb) => ["status", eb.fn.countAll<number>().as("total")])
      .where("owner_id", "=", userId)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("bids")
      .select((eb) => ["status", eb.fn.countAll<number>().as("total")])
      .where("bidder_id", "=", userId)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("tasks")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("agreed_cents"), sql<number>`0`).as("cents"))
      .where("owner_id", "=", userId)
      .where("status", "=", "completed")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("tasks")
      .select((eb) => [
        "status",
        eb.fn.countAll<number>().as("total"),
        eb.fn.coalesce(eb.fn.sum<number>("agreed_cents"), sql<number>`0`).as("cents"),
      ])
      .where("assignee_id", "=", userId)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("tasks")
      .select(["id", "title", "created_at as time", "status", "budget_cents as cents"])
      .where("owner_id", "=", userId)
      .where("status", "<>", REMOVED_TASK_STATUS)
      .orderBy("created_at", "desc")
      .limit(ACTIVITY_LIMIT)
      .execute(),
    db
      .selectFrom("bids")
      .innerJoin("tasks", "tasks.id", "bids.task_id")
      .select(["tasks.id", "tasks.title", "bids.bid_time as time", "bids.status", "bids.amount_cents as cents"])
      .where("bids.bidder_id", "=", userId)
      .where("tasks.status", "<>", REMOVED_TASK_STATUS)
      .orderBy("bids.bid_time", "desc")
      .limit(ACTIVITY_LIMIT)
      .execute(),
    db
      .selectFrom("tasks")
      .select(["id", "title", "updated_at as time", "status", "agreed_cents as cents"])
      .where("assignee_id", "=", userId)
      .where("status", "<>", REMOVED_TASK_STATUS)
      .orderBy("updated_at", "desc")
      .limit(ACTIVITY_LIMIT)
      .execute(),
  ]);
  const completed = work.find((row) => row.status === "completed");
  const activity = [
    ...posted.map((row) => ({ kind: "posted" as const, ...row })),
    ...bidOn.map((row) => ({ kind: "bid" as const, ...row })),
    ...hired.map((row) => ({ kind: "hired" as const, ...row })),
  ]
    .sort((a, b) => b.time.localeCompare(a.time))
    .slice(0, ACTIVITY_LIMIT)
    .map((item) => ({
      kind: item.kind,
      taskId: item.id,
      title: item.title,
      time: item.time,
      status: item.status,
      ...(item.cents !== null ? { amount: Number(item.cents) / 100 } : {}),
    }));
  return {
    tasks: byStatus<TaskStatus>(TASK_STATUSES, tasks),
    bids: byStatus<BidStatus>(BID_STATUSES, bids),
    spent: Number(spent.cents) / 100,
    earned: Number(completed?.cents ?? 0) / 100,
    working: Number(work.find((row) => row.status === "assigned")?.total ?? 0),
    completedJobs: Number(completed?.total ?? 0),
    activity,
  };
}
