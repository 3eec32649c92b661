import { type Kysely, sql } from "kysely";
import {
  DEFAULT_CHANNELS,
  describeNotification,
  KIND_LABELS,
  type NotificationChannel,
  type NotificationData,
  type NotificationKind,
  notificationLink,
  RESOLVED_BY,
} from "../../contract/notifications.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import {
  dropWaitingEmails,
  enqueueEmails,
  enqueueGatheredEmails,
  type GatheredEmail,
  type OutboxWorker,
} from "../email/outbox.ts";
import { findSites } from "../email/site-repository.ts";
import { composeEmail, type EmailContent } from "../email/templates.ts";
import { ONE_CLICK_UNSUBSCRIBE_PATH, unsubscribeToken } from "../email/unsubscribe-token.ts";
import { requestSite } from "../http/request-site.ts";
import { EVENTS_CHANNEL, type EventHub } from "./event-hub.ts";

/** Emails about changes to one task reach each bidder at most this often, each with every change since the last. */
export const GATHER_CHANGES_MS = 15 * 60_000;
/**
 * Emails about new offers on one task reach its poster at most this often: the first at once, then
 * one with every offer since (a digest of names and amounts).
 */
export const GATHER_OFFERS_MS = 60 * 60_000;

/** How far apart gathered emails go; the app's are the constants above, a test's may be shorter. */
export interface EmailGaps {
  taskChangesMs: number;
  offersMs: number;
}

/** What gathers one person's emails about changes to one task (email/outbox.ts). */
export const taskChangeKey = (userId: string, taskId: string) => `task-changed:${userId}:${taskId}`;
/** The start of every such key of one person's. */
export const taskChangePrefix = (userId: string) => `task-changed:${userId}:`;
/** What gathers a poster's emails about new offers on one task. */
export const newOffersKey = (userId: string, taskId: string) => `bid-new:${userId}:${taskId}`;
/** The start of every such key of one person's. */
export const newOffersPrefix = (userId: string) => `bid-new:${userId}:`;

/** The kinds whose emails gather, each with its key and its gap. */
const GATHERED: Partial<
  Record<NotificationKind, { key: (userId: string, taskId: string) => string; gap: keyof EmailGaps }>
> = {
  "task-changed": { key: taskChangeKey, gap: "taskChangesMs" },
  "bid-new": { key: newOffersKey, gap: "offersMs" },
};

/** How much of a message its email carries, so that it can be read without signing in. */
export const MESSAGE_EMAIL_MAX = 500;

/** Notices after which a waiting email about the task's changes is stale: its bidding is over for them. */
const ENDS_CHANGE_EMAILS: ReadonlySet<NotificationKind> = new Set(["task-cancelled", "task-deleted", "bid-declined"]);

/** Something to tell one person. */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  data: NotificationData;
  /** What someone wrote, for the email only (a message, a moderator's note): not kept with the notice. */
  quote?: string;
  /** Lines after the sentence, for the email only: a payment's receipt (its amounts and fee). */
  receipt?: string[];
  /**
   * The email's button, instead of the notice's own link (notificationLink): a path of the web app
   * and its label. A suspension's email leads to its signed appeal link, its person signed out.
   */
  link?: { path: string; label: string };
  /**
   * Emailed whatever the person chose and even to an unconfirmed address: a suspension's notice,
   * the only way left to a person who cannot sign in to appeal (decision 023). It carries no one
   * else's words, only the moderators'.
   */
  mustEmail?: boolean;
  /** What the email's unsubscribe link stops, instead of its kind's emails: a task alert's pauses its saved search. */
  unsubscribe?: { what: string; label: string };
  /** In the app only, whatever the person chose: a task alert past the hourly cap on emails, or of a daily search, waits for the digest. */
  appOnly?: boolean;
  /** The moment the notice tells of, when not now (a timed job's pass): its email's "ends in …" counts from it. */
  now?: Date;
}

/** What a write hands the notices it causes to; they are written when its transaction ends. */
export interface Notices {
  add(...notices: Notice[]): void;
}

/** What a transaction's writes may change besides its notices. */
export interface TransactionScope {
  /**
   * Whether they may change what anonymous readers are answered (the response cache): yes unless
   * it says no, as the task alerts' passes do, whose writes only their own people read.
   */
  publicReads?: boolean;
}

/** Runs a change and the notices it causes in one transaction. */
export interface Transactor {
  transaction<T>(work: (trx: Kysely<DB>, notices: Notices) => Promise<T>, scope?: TransactionScope): Promise<T>;
}

/** For writes that tell nobody (the demo data). */
export function withoutNotices(db: Kysely<DB>): Transactor {
  return { transaction: (work) => db.transaction().execute((trx) => work(trx, { add: () => {} })) };
}

/** Each kind's email subject; a blank name reads as nobody in particular, as in describeNotification. */
const SUBJECTS: Record<NotificationKind, (data: NotificationData) => string> = {
  "bid-new": (data) => `New bid on “${data.taskTitle}”`,
  "bid-accepted": (data) => `Your bid on “${data.taskTitle}” was accepted`,
  "bid-declined": (data) => `Your bid on “${data.taskTitle}” was declined`,
  "task-changed": (data) => `“${data.taskTitle}” changed after your bid`,
  "task-cancelled": (data) => `“${data.taskTitle}” was cancelled`,
  "task-deleted": (data) => `“${data.taskTitle}” was deleted`,
  "question-new": (data) => `New question on “${data.taskTitle}”`,
  "question-answered": (data) => `Your question on “${data.taskTitle}” was answered`,
  "message-new": (data) => `New message about “${data.taskTitle}”`,
  "task-completed": (data) => `“${data.taskTitle}” was marked completed`,
  "task-released": (data) => `“${data.taskTitle}” is open again`,
  "task-reopened": (data) => `“${data.taskTitle}” is open again — your offer is back in`,
  "bid-changed": (data) => `${data.actorName || "A bidder"} changed their offer on “${data.taskTitle}”`,
  "review-received": (data) => `${data.actorName || "Someone"} reviewed you — write yours to see it`,
  "reviews-published": (data) =>
    data.published === "theirs"
      ? `${data.actorName || "Someone"} reviewed you on “${data.taskTitle}”`
      : data.published === "mine"
        ? `Your review of “${data.taskTitle}” is published`
        : `Your reviews of “${data.taskTitle}” are published`,
  "review-reminder": (data) => `Leave a review of “${data.taskTitle}”`,
  "report-outcome": (data) =>
    data.outcome === "removed"
      ? "We removed what you reported"
      : data.outcome === "restored"
        ? "What you reported is back up"
        : "We looked at what you reported",
  "moderation-action": (data) =>
    data.sanction === "limit"
      ? "Your QuickGig account is limited"
      : data.sanction === "suspend"
        ? "Your QuickGig account is suspended"
        : data.sanction === "warn"
          ? "A warning from QuickGig's moderators"
          : "A moderator removed your content",
  "moderation-lifted": () => "A moderator's decision about you was lifted",
  "appeal-decided": (data) => (data.decision === "restored" ? "Your appeal was accepted" : "Your appeal was answered"),
  "task-removed": (data) => `“${data.taskTitle}” was removed`,
  "payment-held": (data) => `Payment secured for “${data.taskTitle}”`,
  "payment-requested": (data) => `${data.actorName || "Your freelancer"} asked for the payment for “${data.taskTitle}”`,
  "payment-release-soon": (data) => `The payment for “${data.taskTitle}” is released soon`,
  "payment-released": (data) => `Payment released for “${data.taskTitle}”`,
  "payment-refunded": (data) => `Payment refunded for “${data.taskTitle}”`,
  "dispute-opened": (data) => `A dispute over the payment for “${data.taskTitle}”`,
  "dispute-proposal": (data) => `${data.actorName || "The other party"} proposed a split for “${data.taskTitle}”`,
  "dispute-settled": (data) => `The dispute over “${data.taskTitle}” is settled`,
  "dispute-decided": (data) => `An admin decided the dispute over “${data.taskTitle}”`,
  "task-invitation": (data) => `${data.actorName || "A client"} invited you to “${data.taskTitle}”`,
  "task-alert": (data) => `New task for “${data.searchName ?? ""}”: ${data.taskTitle}`,
};

/** The people named in one announcement at most, in characters: under PostgreSQL's 8,000 bytes with a schema's name (63). */
const ANNOUNCE_PAYLOAD_MAX = 7_000;

/**
 * Notices are written in the same transaction as the change they tell of, with the emails of those
 * who want them in the outbox: both happen or neither does. After the commit, the people told are
 * woken in this process and, through the database, in every other.
 */
export class Notifier implements Transactor {
  constructor(
    private readonly database: Database,
    private readonly hub: EventHub,
    private readonly outbox: OutboxWorker,
    /**
     * webUrl: the web app's pages; apiUrl: this server, where one-click unsubscribes are posted;
     * followRequest: PUBLIC_URL is unset, so links lead to the address the person told last used
     * (email/site-repository.ts), else the one the request came to (http/request-site.ts), when the
     * web app is served here. acceptsSite: whether an address kept earlier is still one of this
     * machine's (decision 008: a laptop changes networks); without it, any kept one is.
     */
    private readonly links: {
      webUrl: string;
      apiUrl: string;
      secret: string;
      followRequest: boolean;
      acceptsSite?: (origin: string) => boolean;
    },
    gaps: Partial<EmailGaps> = {},
  ) {
    this.gaps = { taskChangesMs: GATHER_CHANGES_MS, offersMs: GATHER_OFFERS_MS, ...gaps };
  }

  private readonly gaps: EmailGaps;
  private readonly committed = new Set<() => void>();

  /**
   * Called after each transaction commits that may change public reads (the response cache: a
   * timed job's write changes what it keeps).
   */
  onCommitted(listener: () => void): void {
    this.committed.add(listener);
  }

  /** Runs `work` in one transaction with the notices it adds; a rollback loses them with the rest. */
  async transaction<T>(
    work: (trx: Kysely<DB>, notices: Notices) => Promise<T>,
    { publicReads = true }: TransactionScope = {},
  ): Promise<T> {
    const pending: Notice[] = [];
    const result = await this.database.db.transaction().execute(async (trx) => {
      const value = await work(trx, { add: (...notices) => pending.push(...notices) });
      await this.write(trx, pending);
      return value;
    });
    this.afterCommit(pending.map((notice) => notice.userId));
    if (publicReads) for (const listener of this.committed) listener();
    return result;
  }

  /**
   * Counts changed without a new notice (someone read something; the moderators' queue grew or
   * shrank): these people's tabs hear of it.
   */
  async touched(...userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    if (this.hub.announcing === "postgres") await this.announce(this.database.db, userIds);
    this.hub.publish(userIds);
    this.hub.wake(userIds);
  }

  private afterCommit(userIds: string[]): void {
    if (userIds.length === 0) return;
    this.hub.publish(userIds);
    this.hub.wake(userIds);
    this.outbox.wake();
  }

  private async write(trx: Kysely<DB>, notices: Notice[]): Promise<void> {
    if (notices.length === 0) return;
    const userIds = [...new Set(notices.map((notice) => notice.userId))];
    const [people, choices, sites] = await Promise.all([
      trx.selectFrom("user").select(["id", "name", "email", "emailVerified"]).where("id", "in", userIds).execute(),
      trx
        .selectFrom("notification_preferences")
        .select(["user_id", "kind", "channel"])
        .where("user_id", "in", userIds)
        .execute(),
      this.links.followRequest ? findSites(trx, userIds) : new Map<string, string>(),
    ]);
    const channelOf = (notice: Notice): NotificationChannel =>
      (choices.find((choice) => choice.user_id === notice.userId && choice.kind === notice.kind)?.channel as
        | NotificationChannel
        | undefined) ?? DEFAULT_CHANNELS[notice.kind];
    const now = new Date().toISOString();
    const stale = notices.filter((notice) => ENDS_CHANGE_EMAILS.has(notice.kind));
    await dropWaitingEmails(trx, { keys: stale.map((notice) => taskChangeKey(notice.userId, notice.data.taskId)) });
    const kept = notices.flatMap((notice) => {
      const chosen = notice.mustEmail ? "email" : channelOf(notice);
      const channel = notice.appOnly && chosen === "email" ? "app" : chosen;
      const person = people.find((row) => row.id === notice.userId);
      return channel === "off" || !person ? [] : [{ notice, channel, person }];
    });
    // In bulk, whatever their number: one edit of a task tells each of its bidders (issue 46).
    await readResolvedNotices(trx, kept, now);
    for (let start = 0; start < kept.length; start += 500) {
      await trx
        .insertInto("notifications")
        .values(
          kept.slice(start, start + 500).map(({ notice }, i) => ({
            user_id: notice.userId,
            kind: notice.kind,
            task_id: notice.data.taskId,
            bidder_id: notice.data.bidderId ?? null,
            data: JSON.stringify(notice.data),
            created_at: now,
            // Settled already by a later notice of this same write.
            read_at: kept.slice(start + i + 1).some((later) => resolvesAtOnce(later.notice, notice)) ? now : null,
          })),
        )
        .execute();
    }
    const emails: EmailContent[] = [];
    const gathers: GatheredEmail[] = [];
    for (const { notice, channel, person } of kept) {
      // Only to a confirmed address: otherwise anyone could have QuickGig mail a stranger their words.
      if (channel !== "email" || !(person.emailVerified || notice.mustEmail)) continue;
      const line = describeNotification(notice.kind, notice.data, notice.now);
      const gathered = GATHERED[notice.kind];
      if (gathered) {
        // A poster editing a task again and again sends each bidder one email a while, with every
        // change; offers coming in send their poster the first at once, then one an hour with all since.
        gathers.push({
          key: gathered.key(notice.userId, notice.data.taskId),
          line,
          gapMs: this.gaps[gathered.gap],
          compose: (lines) => this.email(notice, person, lines, sites.get(notice.userId)),
        });
      } else {
        const lines = [line, ...quoted(notice.quote), ...(notice.receipt ?? [])];
        emails.push(this.email(notice, person, lines, sites.get(notice.userId)));
      }
    }
    await enqueueEmails(trx, emails);
    await enqueueGatheredEmails(trx, gathers);
    if (this.hub.announcing === "postgres")
      await this.announce(trx, [...new Set(kept.map(({ notice }) => notice.userId))]);
  }

  /**
   * Delivered to the other processes when (and only if) the transaction commits. As many people as
   * a notification's payload holds go in one (PostgreSQL takes at most 8,000 bytes): a commit that
   * queues 5 notifications instead of 1,000 holds the instance's notify lock less long.
   */
  private async announce(db: Kysely<DB>, userIds: string[]): Promise<void> {
    const payloads: string[] = [];
    for (const userId of userIds) {
      const last = payloads.length - 1;
      if (last >= 0 && (payloads[last] as string).length + userId.length < ANNOUNCE_PAYLOAD_MAX) {
        payloads[last] = `${payloads[last]} ${userId}`;
      } else payloads.push(userId);
    }
    if (payloads.length === 0) return;
    await sql`select pg_notify(${EVENTS_CHANNEL}, current_schema() || ' ' || told.user_ids)
      from unnest(cast(${payloads} as text[])) as told(user_ids)`.execute(db);
  }

  /**
   * One rule for every notice's email, whoever or whatever causes it (a request, a timed job):
   * PUBLIC_URL when set; else the address the person told last used the site at, while it is still
   * one of this machine's; else the one the request came to; else the default.
   */
  private siteFor(kept: string | undefined): string | undefined {
    const { followRequest, acceptsSite } = this.links;
    if (!followRequest) return undefined;
    if (kept !== undefined && (acceptsSite?.(kept) ?? true)) return kept;
    return requestSite();
  }

  private email(notice: Notice, person: { name: string; email: string }, lines: string[], kept?: string) {
    const link = notice.link?.path ?? notificationLink(notice.kind, notice.data);
    const token = unsubscribeToken(this.links.secret, notice.userId, notice.unsubscribe?.what ?? notice.kind);
    const { webUrl, apiUrl } = this.links;
    const site = this.siteFor(kept);
    const web = (webUrl === apiUrl ? site : undefined) ?? webUrl;
    const api = site ?? apiUrl;
    // A digest of offers says how many it holds.
    const subject =
      notice.kind === "bid-new" && lines.length > 1
        ? `${lines.length} new offers on “${notice.data.taskTitle}”`
        : SUBJECTS[notice.kind](notice.data);
    return composeEmail({
      to: person.email,
      name: person.name,
      subject,
      lines,
      ...(link ? { action: { label: notice.link?.label ?? "Open in QuickGig", url: `${web}${link}` } } : {}),
      unsubscribe: {
        label: notice.unsubscribe?.label ?? KIND_LABELS[notice.kind],
        url: `${web}/email/unsubscribe?token=${encodeURIComponent(token)}`,
        oneClickUrl: `${api}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
      },
    });
  }
}

/**
 * An outcome reads the earlier notices it settles (RESOLVED_BY: reviews published read "… reviewed
 * you — write yours" and the reminder; a dispute settled reads its opening and proposals), the
 * person's own about the same task, before it is written: the bell's count drops as it arrives.
 */
async function readResolvedNotices(trx: Kysely<DB>, kept: Array<{ notice: Notice }>, now: string): Promise<void> {
  // One update per kind and task, for everyone the write tells of it.
  const groups = new Map<string, { kinds: readonly string[]; taskId: string; userIds: string[] }>();
  for (const { notice } of kept) {
    const resolved = RESOLVED_BY[notice.kind];
    if (!resolved || notice.data.taskId === "") continue;
    const key = `${notice.kind} ${notice.data.taskId}`;
    const group = groups.get(key) ?? { kinds: resolved, taskId: notice.data.taskId, userIds: [] };
    group.userIds.push(notice.userId);
    groups.set(key, group);
  }
  for (const { kinds, taskId, userIds } of groups.values()) {
    for (let start = 0; start < userIds.length; start += 500) {
      await trx
        .updateTable("notifications")
        .set({ read_at: now })
        .where("user_id", "in", userIds.slice(start, start + 500))
        .where("task_id", "=", taskId)
        .where("kind", "in", [...kinds])
        .where("read_at", "is", null)
        .execute();
    }
  }
}

/** Whether `outcome`, written after `earlier` in one write, settles it (RESOLVED_BY). */
function resolvesAtOnce(outcome: Notice, earlier: Notice): boolean {
  return (
    outcome.userId === earlier.userId &&
    outcome.data.taskId !== "" &&
    outcome.data.taskId === earlier.data.taskId &&
    (RESOLVED_BY[outcome.kind] ?? []).includes(earlier.kind)
  );
}

/** A message's words in its email, as its own paragraph: the first MESSAGE_EMAIL_MAX characters. */
function quoted(text: string | undefined): string[] {
  if (text === undefined) return [];
  const characters = Array.from(text.trim());
  return [
    characters.length > MESSAGE_EMAIL_MAX
      ? `“${characters.slice(0, MESSAGE_EMAIL_MAX).join("")}…”`
      : `“${characters.join("")}”`,
  ];
}
