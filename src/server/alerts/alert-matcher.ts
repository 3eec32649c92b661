import { setImmediate } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { type AlertFrequency, alertsLabel, whyMatched } from "../../contract/alerts.ts";
import type { Database } from "../db/database.ts";
import type { Notice, Transactor } from "../notifications/notifier.ts";
import { findTaskById } from "../tasks/task-repository.ts";
import { type DigestLinks, sendDueDigests } from "./alert-digest.ts";
import { pausesSearch } from "./alert-unsubscribe.ts";
import type { SavedSearchRow } from "./saved-search-repository.ts";
import { searchesMatching, termsOf } from "./saved-searches.ts";
import {
  type AlertDelivery,
  alertChannels,
  claimQueuedTasks,
  emailedSince,
  holdPeople,
  insertAlerts,
  recordMatches,
  setAsideFailed,
  silencedAmong,
} from "./task-alert-repository.ts";

/** How often the queue is looked at: an alert reaches its person within about this of the post. */
export const MATCH_EVERY_MS = 500;
/**
 * Tasks matched in one transaction: one, so that a transaction holds one task's people (locked in
 * one order) and two processes cannot wait on each other; between passes the requests waiting go
 * first (on SQLite a pass holds the one connection).
 */
const TASKS_PER_PASS = 1;
/** Failed passes on one queued task before it is given up (and logged). */
const GIVE_UP_AFTER = 3;
/** How often the job looks whether a digest is due. */
const DIGEST_CHECK_MS = 60_000;
/** Emails of alerts as they happen, per person and hour, at most; the rest wait for the digest. */
export const ALERT_EMAILS_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

/**
 * Matches the tasks the queue holds (posted or edited, migration 0028) against the saved searches,
 * in one transaction with the alerts and notices they cause: a pass that fails leaves its tasks
 * queued. Each search's match is kept; each person is told of a task once, under their oldest
 * search it matches; never of their own task, of one no longer open (taken, cancelled, removed by a
 * moderator) by the time it is matched, nor while they are limited or suspended. An alert of a
 * search "as it happens" is emailed unless the person had ALERT_EMAILS_PER_HOUR within the hour (or
 * chose the app only); a daily search's, and those past the cap, wait in the app for the digest.
 * Answers how many tasks it took off the queue and how many people it told.
 */
export async function matchQueuedTasks(
  run: Transactor,
  database: Database,
  now = new Date(),
): Promise<{ taken: number; told: number }> {
  let claimed: number[] = [];
  try {
    return await matchWithin(run, database, now, (ids) => {
      claimed = ids;
    });
  } catch (error) {
    // Rolled back, so still queued: behind the others from now on, and given up after a few tries.
    const dropped = claimed.length > 0 ? await setAsideFailed(database.db, claimed, GIVE_UP_AFTER) : [];
    if (dropped.length === 0) throw error;
    throw new Error(`alerts: gave up on task ${dropped.join(", ")} after ${GIVE_UP_AFTER} failed passes`, {
      cause: error,
    });
  }
}

function matchWithin(
  run: Transactor,
  { dialect }: Database,
  now: Date,
  onClaimed: (ids: number[]) => void,
): Promise<{ taken: number; told: number }> {
  return run.transaction(async (trx, notices) => {
    let told = 0;
    const at = now.toISOString();
    const rows = await claimQueuedTasks(trx, dialect, TASKS_PER_PASS);
    onClaimed(rows.map((row) => row.id));
    const taskIds = rows.map((row) => row.task_id);
    for (const taskId of new Set(taskIds)) {
      const task = await findTaskById(trx, taskId);
      if (task?.status !== "open") continue;
      const searches = (await searchesMatching(trx, task)).sort(
        (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
      );
      await recordMatches(
        trx,
        searches.map((search) => ({ saved_search_id: search.id, task_id: task.id, matched_at: at })),
      );
      // Each person's oldest search the task matches.
      const firstOf = new Map<string, SavedSearchRow>();
      for (const search of searches) if (!firstOf.has(search.user_id)) firstOf.set(search.user_id, search);
      const silenced = await silencedAmong(trx, [...firstOf.keys()]);
      const people = [...firstOf.keys()].filter((userId) => !silenced.has(userId));
      await holdPeople(trx, dialect, people);
      const [channels, emailed] = await Promise.all([
        alertChannels(trx, people),
        emailedSince(trx, people, new Date(now.getTime() - HOUR_MS).toISOString()),
      ]);
      const deliveryOf = (userId: string): AlertDelivery | "off" => {
        const channel = channels.get(userId) ?? "email";
        if (channel !== "email") return channel === "off" ? "off" : "app";
        const frequency = (firstOf.get(userId) as SavedSearchRow).frequency as AlertFrequency;
        return frequency === "instant" && (emailed.get(userId) ?? 0) < ALERT_EMAILS_PER_HOUR ? "email" : "digest";
      };
      const alerts = people.map((userId) => ({
        user_id: userId,
        task_id: task.id,
        saved_search_id: (firstOf.get(userId) as SavedSearchRow).id,
        delivery: deliveryOf(userId),
        created_at: at,
      }));
      // Kept for "off" too, so that a person who turns alerts back on is not told of old tasks.
      const fresh = await insertAlerts(
        trx,
        alerts.map((alert) => ({ ...alert, delivery: alert.delivery === "off" ? "app" : alert.delivery })),
      );
      for (const alert of alerts) {
        if (!fresh.has(alert.user_id) || alert.delivery === "off") continue;
        const search = firstOf.get(alert.user_id) as SavedSearchRow;
        const notice: Notice = {
          userId: alert.user_id,
          kind: "task-alert",
          data: {
            taskId: task.id,
            taskTitle: task.title,
            amount: task.budget,
            searchName: search.name,
            ...whyMatched(task, termsOf(search)),
          },
          unsubscribe: { what: pausesSearch(search.id), label: alertsLabel(search.name) },
          ...(alert.delivery === "email" ? {} : { appOnly: true }),
        };
        notices.add(notice);
        told += 1;
      }
    }
    return { taken: taskIds.length, told };
  });
}

/**
 * The timed job of task alerts (issue 47), started beside the email outbox in app.ts: every
 * MATCH_EVERY_MS it matches what the queue holds, pass after pass while it holds more. Several
 * processes may run one each: a queued task is taken by one of them, and an alert's key (person,
 * task) lets it go once.
 */
export class AlertMatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly run: Transactor,
    private readonly database: Database,
    private readonly options: {
      intervalMs?: number;
      log: FastifyBaseLogger;
      /** The daily digests: where their links lead, their hour (UTC), and the outbox to wake when one is written. */
      digests?: { links: DigestLinks; hour: number; outbox: { wake(): void } };
    },
  ) {}

  private digestCheckedAt = Number.NEGATIVE_INFINITY;

  /** Starts the job; an interval of 0 leaves it to whoever calls runOnce (tests). */
  start(): void {
    if (!this.stopped || this.options.intervalMs === 0) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Passes while each takes a full batch (what another process holds is left to it), then, once a
   * minute, the digests due: answers how many people were told.
   */
  async runOnce(now = new Date()): Promise<number> {
    let told = 0;
    for (;;) {
      const pass = await matchQueuedTasks(this.run, this.database, now);
      told += pass.told;
      if (pass.taken < TASKS_PER_PASS) break;
      await setImmediate();
    }
    const { digests } = this.options;
    if (digests && now.getTime() - this.digestCheckedAt >= DIGEST_CHECK_MS) {
      this.digestCheckedAt = now.getTime();
      if ((await sendDueDigests(this.database, digests.links, digests.hour, now)) > 0) digests.outbox.wake();
    }
    return told;
  }

  private schedule(wait: number): void {
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .then(() => {})
        .catch((error) => this.options.log.warn({ err: error }, "alerts: could not match new tasks"))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.options.intervalMs ?? MATCH_EVERY_MS);
        });
    }, wait);
    this.timer.unref();
  }
}
