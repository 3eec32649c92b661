import type { Kysely } from "kysely";
import type { Dialect } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { REMOVED_TASK_STATUS } from "../tasks/task-repository.ts";

/** Task alerts (migration 0028), SQL only. */

/** How an alert reached its person: by email at once, in the app waiting for a digest, or in the app only. */
export type AlertDelivery = "email" | "digest" | "app";

/**
 * Takes up to `limit` tasks off the queue, oldest first, in the caller's transaction: they are gone
 * for good when it commits and back when it rolls back. On PostgreSQL another process skips the
 * rows this one holds, so two processes never take the same row. A task queued twice (posted, then
 * edited) comes twice. Tasks a pass failed on come after the others, and alone, so that a task that
 * fails again holds up no other.
 */
export async function claimQueuedTasks(
  trx: Kysely<DB>,
  dialect: Dialect,
  limit: number,
): Promise<Array<{ id: number; task_id: string }>> {
  const oldest = trx
    .selectFrom("alert_queue")
    .select(["id", "task_id", "attempts"])
    .orderBy("attempts")
    .orderBy("id")
    .limit(limit);
  const rows = await (dialect === "postgres" ? oldest.forUpdate().skipLocked() : oldest).execute();
  const first = rows[0];
  if (!first) return [];
  const taken = Number(first.attempts) > 0 ? [first] : rows.filter((row) => Number(row.attempts) === 0);
  const ids = taken.map((row) => Number(row.id));
  await trx.deleteFrom("alert_queue").where("id", "in", ids).execute();
  return taken.map((row) => ({ id: Number(row.id), task_id: row.task_id }));
}

/**
 * Queued tasks a pass failed on (and that its rollback left queued): each counts a try, and those
 * tried `giveUpAfter` times leave the queue. Answers the tasks given up.
 */
export async function setAsideFailed(db: Kysely<DB>, ids: number[], giveUpAfter: number): Promise<string[]> {
  await db
    .updateTable("alert_queue")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "in", ids)
    .execute();
  const dropped = await db
    .deleteFrom("alert_queue")
    .where("id", "in", ids)
    .where("attempts", ">=", giveUpAfter)
    .returning("task_id")
    .execute();
  return dropped.map((row) => row.task_id);
}

/** Keeps each search's match once (a task edited to match again is not a second one). */
export async function recordMatches(
  trx: Kysely<DB>,
  matches: Array<{ saved_search_id: string; task_id: string; matched_at: string }>,
): Promise<void> {
  for (let start = 0; start < matches.length; start += 500) {
    await trx
      .insertInto("saved_search_matches")
      .values(matches.slice(start, start + 500))
      .onConflict((oc) => oc.columns(["saved_search_id", "task_id"]).doNothing())
      .execute();
  }
}

/** What a task alert to a person depends on: whether they may be told, how, and how often lately. */
export interface AlertPerson {
  /** Limited or suspended now: told of no new work. */
  silenced: boolean;
  /** Their channel for task alerts, where they chose one. */
  channel: string | null;
  /** Task alerts emailed to them at once since the moment asked about (0 when none was). */
  emailed: number;
}

/**
 * These people, as their task alerts need them, in one read. With `lock` (PostgreSQL), their rows
 * are held, in one order so that two processes cannot wait on each other, until the transaction
 * ends: their emails of the last hour are counted by one process at a time. The lock is not one on
 * their key, so requests that write rows naming them (their bids, their notices) do not wait on it.
 */
export async function readAlertPeople(
  trx: Kysely<DB>,
  userIds: string[],
  { emailedSince, lock }: { emailedSince?: string; lock: boolean },
): Promise<Map<string, AlertPerson>> {
  if (userIds.length === 0) return new Map();
  const query = trx
    .selectFrom("user")
    .select((eb) => [
      "user.id",
      eb
        .exists(
          eb
            .selectFrom("sanctions")
            .select("sanctions.id")
            .whereRef("sanctions.user_id", "=", "user.id")
            .where("sanctions.kind", "in", ["limit", "suspend"])
            .where("sanctions.lifted_at", "is", null),
        )
        .as("silenced"),
      eb
        .selectFrom("notification_preferences")
        .select("notification_preferences.channel")
        .whereRef("notification_preferences.user_id", "=", "user.id")
        .where("notification_preferences.kind", "=", "task-alert")
        .as("channel"),
      // Counted only when asked (the digest does not need it).
      emailedSince === undefined
        ? eb.val(0).as("emailed")
        : eb
            .selectFrom("task_alerts")
            .select((inner) => inner.fn.countAll<number>().as("count"))
            .whereRef("task_alerts.user_id", "=", "user.id")
            .where("task_alerts.delivery", "=", "email")
            .where("task_alerts.created_at", ">=", emailedSince)
            .as("emailed"),
    ])
    .where("user.id", "in", userIds)
    .orderBy("user.id");
  const rows = await (lock ? query.forNoKeyUpdate() : query).execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { silenced: Boolean(row.silenced), channel: row.channel ?? null, emailed: Number(row.emailed ?? 0) },
    ]),
  );
}

/** The key of one person's alert of one task: each goes once. */
export const alertKey = (userId: string, taskId: string) => `${userId} ${taskId}`;

/** Of these tasks, whom each was told of already (alertKey). */
export async function alertsOf(trx: Kysely<DB>, taskIds: string[]): Promise<Set<string>> {
  if (taskIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom("task_alerts")
    .select(["user_id", "task_id"])
    .where("task_id", "in", taskIds)
    .execute();
  return new Set(rows.map((row) => alertKey(row.user_id, row.task_id)));
}

/**
 * Keeps that each person was told of a task; answers the alerts it is new for (alertKey). One
 * already kept (by another process, say) is left out: the key (person, task) makes each go once.
 */
export async function insertAlerts(
  trx: Kysely<DB>,
  alerts: Array<{
    user_id: string;
    task_id: string;
    saved_search_id: string;
    delivery: AlertDelivery;
    created_at: string;
  }>,
): Promise<Set<string>> {
  const kept = new Set<string>();
  for (let start = 0; start < alerts.length; start += 500) {
    const rows = await trx
      .insertInto("task_alerts")
      .values(alerts.slice(start, start + 500).map((alert) => ({ ...alert, digested_at: null })))
      .onConflict((oc) => oc.columns(["user_id", "task_id"]).doNothing())
      .returning(["user_id", "task_id"])
      .execute();
    for (const row of rows) kept.add(alertKey(row.user_id, row.task_id));
  }
  return kept;
}

/** The saved searches with alerts waiting for a digest from before `cutoff`, and whose they are. */
export async function digestsDue(
  db: Kysely<DB>,
  cutoff: string,
  limit: number,
): Promise<Array<{ user_id: string; saved_search_id: string }>> {
  const rows = await db
    .selectFrom("task_alerts")
    .select(["user_id", "saved_search_id"])
    .distinct()
    .where("delivery", "=", "digest")
    .where("digested_at", "is", null)
    .where("created_at", "<", cutoff)
    .where("saved_search_id", "is not", null)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, saved_search_id: row.saved_search_id as string }));
}

/**
 * Takes one search's alerts waiting for a digest from before `cutoff`, in the caller's transaction:
 * one conditional update, so that of several processes exactly one takes each.
 */
export async function takeWaitingAlerts(
  trx: Kysely<DB>,
  userId: string,
  searchId: string,
  cutoff: string,
  now: string,
): Promise<Array<{ task_id: string; created_at: string }>> {
  return trx
    .updateTable("task_alerts")
    .set({ digested_at: now })
    .where("user_id", "=", userId)
    .where("saved_search_id", "=", searchId)
    .where("delivery", "=", "digest")
    .where("digested_at", "is", null)
    .where("created_at", "<", cutoff)
    .returning(["task_id", "created_at"])
    .execute();
}

/** Whom an email goes to: their name, address and whether they confirmed it. */
export function recipientOf(db: Kysely<DB>, userId: string) {
  return db.selectFrom("user").select(["name", "email", "emailVerified"]).where("id", "=", userId).executeTakeFirst();
}

/** What a saved search found lately: its newest match of a task still to be seen, and its matches since `since`. */
export interface MatchActivity {
  lastMatch: { taskId: string; title: string; at: string } | null;
  matchesSince: number;
}

/** Each of these searches' activity (an index on search and moment serves both reads). */
export async function matchActivity(
  db: Kysely<DB>,
  searchIds: string[],
  since: string,
): Promise<Map<string, MatchActivity>> {
  if (searchIds.length === 0) return new Map();
  const [counts, latest] = await Promise.all([
    db
      .selectFrom("saved_search_matches")
      .select(["saved_search_id", (eb) => eb.fn.countAll<number>().as("matches")])
      .where("saved_search_id", "in", searchIds)
      .where("matched_at", ">=", since)
      .groupBy("saved_search_id")
      .execute(),
    Promise.all(
      searchIds.map((id) =>
        db
          .selectFrom("saved_search_matches")
          .innerJoin("tasks", "tasks.id", "saved_search_matches.task_id")
          .select(["tasks.id", "tasks.title", "saved_search_matches.matched_at"])
          .where("saved_search_matches.saved_search_id", "=", id)
          .where("tasks.status", "<>", REMOVED_TASK_STATUS)
          .orderBy("saved_search_matches.matched_at", "desc")
          .limit(1)
          .executeTakeFirst(),
      ),
    ),
  ]);
  const countOf = new Map(counts.map((row) => [row.saved_search_id, Number(row.matches)]));
  return new Map(
    searchIds.map((id, i) => {
      const last = latest[i];
      return [
        id,
        {
          lastMatch: last ? { taskId: last.id, title: last.title, at: last.matched_at } : null,
          matchesSince: countOf.get(id) ?? 0,
        },
      ];
    }),
  );
}
