import { setImmediate } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { type AlertFrequency, alertsLabel, whyMatched } from "../../contract/alerts.ts";
import type { Database, Dialect } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { Transactor } from "../notifications/notifier.ts";
import { selectTasks, type TaskRecord, toRecord } from "../tasks/task-repository.ts";
import { type DigestLinks, sendDueDigests } from "./alert-digest.ts";
import { pausesSearch } from "./alert-unsubscribe.ts";
import type { SavedSearchRow } from "./saved-search-repository.ts";
import { searchesMatchingEach, termsOf } from "./saved-searches.ts";
import {
  type AlertDelivery,
  type AlertPerson,
  alertKey,
  alertsOf,
  claimQueuedTasks,
  insertAlerts,
  readAlertPeople,
  recordMatches,
  setAsideFailed,
} from "./task-alert-repository.ts";

/** How often the queue is looked at: an alert reaches its person within about this of the post. */
export const MATCH_EVERY_MS = 500;
/**
 * Tasks matched in one transaction. On SQLite one, since a pass holds the one connection: between
 * passes the requests waiting go first. On PostgreSQL up to 20: a pass's reads and writes (the
 * candidates, the people, the alerts, the notices and their emails) are done once for all its
 * tasks, about 470 statements for 400 tasks where a pass of one sent 1,200 (docs/performance.md).
 */
const TASKS_PER_PASS: Record<Dialect, number> = { sqlite: 1, postgres: 20 };
/**
 * How long the passes of one look at the queue wait, at most, for a quiet moment of the process's
 * requests (decision 043): a burst of posts is answered first, and its alerts go out within this
 * of the look, and in a second when the site is not busy.
 */
const GIVE_WAY_MS = 2_000;
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
  // Alerts, matches and notices are their people's own: no anonymous reader's answer changes.
  return run.transaction(
    async (trx, notices) => {
      const at = now.toISOString();
      const rows = await claimQueuedTasks(trx, dialect, TASKS_PER_PASS[dialect]);
      onClaimed(rows.map((row) => row.id));
      const taskIds = [...new Set(rows.map((row) => row.task_id))];
      const tasks = await openTasks(trx, taskIds);
      // Each task with its matches, and each person's oldest search it matches.
      const matched: Array<{ task: TaskRecord; firstOf: Map<string, SavedSearchRow> }> = [];
      const matches: Array<{ saved_search_id: string; task_id: string; matched_at: string }> = [];
      const found = await searchesMatchingEach({ db: trx, dialect }, tasks);
      for (const [i, task] of tasks.entries()) {
        const searches = (found[i] ?? []).sort(
          (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
        );
        matches.push(...searches.map((search) => ({ saved_search_id: search.id, task_id: task.id, matched_at: at })));
        const firstOf = new Map<string, SavedSearchRow>();
        for (const search of searches) if (!firstOf.has(search.user_id)) firstOf.set(search.user_id, search);
        matched.push({ task, firstOf });
      }
      await recordMatches(trx, matches);
      const [people, toldAlready] = await Promise.all([
        readAlertPeople(trx, [...new Set(matched.flatMap(({ firstOf }) => [...firstOf.keys()]))], {
          emailedSince: new Date(now.getTime() - HOUR_MS).toISOString(),
          lock: dialect === "postgres",
        }),
        alertsOf(trx, taskIds),
      ]);
      const deliveryOf = (person: AlertPerson, search: SavedSearchRow): AlertDelivery | "off" => {
        const channel = person.channel ?? "email";
        if (channel !== "email") return channel === "off" ? "off" : "app";
        if (search.frequency !== ("instant" satisfies AlertFrequency) || person.emailed >= ALERT_EMAILS_PER_HOUR) {
          return "digest";
        }
        person.emailed += 1;
        return "email";
      };
      const alerts: Array<{ task: TaskRecord; search: SavedSearchRow; delivery: AlertDelivery | "off" }> = [];
      for (const { task, firstOf } of matched) {
        for (const [userId, search] of firstOf) {
          const person = people.get(userId);
          if (!person || person.silenced || toldAlready.has(alertKey(userId, task.id))) continue;
          alerts.push({ task, search, delivery: deliveryOf(person, search) });
        }
      }
      // Kept for "off" too, so that a person who turns alerts back on is not told of old tasks.
      const fresh = await insertAlerts(
        trx,
        alerts.map(({ task, search, delivery }) => ({
          user_id: search.user_id,
          task_id: task.id,
          saved_search_id: search.id,
          delivery: delivery === "off" ? "app" : delivery,
          created_at: at,
        })),
      );
      let told = 0;
      for (const { task, search, delivery } of alerts) {
        if (!fresh.has(alertKey(search.user_id, task.id)) || delivery === "off") continue;
        notices.add({
          userId: search.user_id,
          kind: "task-alert",
          data: {
            taskId: task.id,
            taskTitle: task.title,
            amount: task.budget,
            searchName: search.name,
            ...whyMatched(task, termsOf(search)),
          },
          unsubscribe: { what: pausesSearch(search.id), label: alertsLabel(search.name) },
          ...(delivery === "email" ? {} : { appOnly: true }),
        });
        told += 1;
      }
      return { taken: rows.length, told };
    },
    { publicReads: false },
  );
}

/** Whether the queue holds a task (one another process holds included): read without a transaction. */
async function anythingQueued({ db }: Database): Promise<boolean> {
  return (await db.selectFrom("alert_queue").select("id").limit(1).execute()).length > 0;
}

/** Of these tasks, those still open, in the order given. */
async function openTasks(trx: Kysely<DB>, ids: string[]): Promise<TaskRecord[]> {
  if (ids.length === 0) return [];
  const rows = await selectTasks(trx).where("tasks.id", "in", ids).where("tasks.status", "=", "open").execute();
  const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
      /** The process's requests, which the passes give way to (decision 043). */
      load?: { quietOrBy(deadline: number): Promise<void> };
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
   * Passes while each takes a full batch (what another process holds is left to it), each at a
   * quiet moment of the process's requests while one comes within GIVE_WAY_MS; then, once a minute,
   * the digests due. Answers how many people were told.
   */
  async runOnce(now = new Date()): Promise<number> {
    let told = 0;
    const started = performance.now();
    // Nothing queued (most looks): no transaction, and no waiting for a quiet moment. Then passes
    // while each takes a full batch.
    for (let more = await anythingQueued(this.database); more; ) {
      await this.options.load?.quietOrBy(started + GIVE_WAY_MS);
      // Each pass at its own moment (the look's, and the time since): the alerts' time and the hour of emails counted.
      const passedAt = new Date(now.getTime() + (performance.now() - started));
      const pass = await matchQueuedTasks(this.run, this.database, passedAt);
      told += pass.told;
      more = pass.taken === TASKS_PER_PASS[this.database.dialect];
      if (more) await setImmediate();
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
