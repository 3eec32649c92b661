import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { SendEmail } from "./mailer.ts";
import type { EmailContent } from "./templates.ts";

/** Emails claimed at a time; each is held this long by the process sending it. */
const BATCH = 10;
/** Longer than a batch can take: the SMTP timeouts (email/mailer.ts) bound each email to a minute at most. */
const LEASE_MS = 15 * 60_000;
const POLL_MS = 5_000;
const MIN_WAIT_MS = 10;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** About a day of tries at the longest back-off, then the email is given up and logged. */
export const MAX_ATTEMPTS = 30;

/** An email's columns in the outbox. */
const contentOf = (email: EmailContent) => ({
  recipient: email.to,
  subject: email.subject,
  text_body: email.text,
  html_body: email.html,
  headers: JSON.stringify(email.headers),
});

/** Writes an email to the outbox, in the caller's transaction when it is given one. */
export async function enqueueEmail(db: Kysely<DB>, email: EmailContent, now = new Date()): Promise<void> {
  await db
    .insertInto("outbox")
    .values({ ...contentOf(email), created_at: now.toISOString(), next_attempt_at: now.toISOString() })
    .execute();
}

/**
 * Writes an email about one thing to one person (`key`), at most one per `gapMs`: the first goes at
 * once; one written while the last is still waiting is added to it, as another paragraph; one written
 * after the last was sent (or claimed to be sent) waits until `gapMs` after it, where the next ones
 * gather. `compose` makes the email from all its paragraphs. Two writers of one key are expected to
 * be serialized by the row they both change (a task's), as task edits are.
 */
export async function enqueueGatheredEmail(
  db: Kysely<DB>,
  gather: { key: string; line: string; gapMs: number },
  compose: (lines: string[]) => EmailContent,
  now = new Date(),
): Promise<void> {
  const last = await db
    .selectFrom("outbox")
    .select(["id", "lines", "sent_at", "failed_at", "locked_until", "next_attempt_at"])
    .where("gather_key", "=", gather.key)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const stamp = now.toISOString();
  const waiting = last && last.sent_at === null && last.failed_at === null;
  if (last && waiting && (last.locked_until === null || last.locked_until <= stamp)) {
    const lines = [...(JSON.parse(last.lines ?? "[]") as string[]), gather.line];
    // Claimed by a sender meanwhile: the row is no longer to change, and this change waits for the next.
    const added = await db
      .updateTable("outbox")
      .set({ ...contentOf(compose(lines)), lines: JSON.stringify(lines) })
      .where("id", "=", last.id)
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", stamp)]))
      .executeTakeFirst();
    if (Number(added.numUpdatedRows) > 0) return;
  }
  const lastGoes = last && last.failed_at === null ? new Date(last.sent_at ?? last.next_attempt_at).getTime() : 0;
  const due = new Date(Math.max(now.getTime(), lastGoes + gather.gapMs));
  await db
    .insertInto("outbox")
    .values({
      ...contentOf(compose([gather.line])),
      created_at: stamp,
      next_attempt_at: due.toISOString(),
      gather_key: gather.key,
      lines: JSON.stringify([gather.line]),
    })
    .execute();
}

/**
 * Drops gathered emails that have not gone yet and whose news is stale: those of the given keys, and
 * those whose key starts with `prefix`. One a sender holds right now goes anyway.
 */
export async function dropWaitingEmails(
  db: Kysely<DB>,
  { keys = [], prefix }: { keys?: string[]; prefix?: string },
  now = new Date(),
): Promise<void> {
  if (keys.length === 0 && prefix === undefined) return;
  await db
    .deleteFrom("outbox")
    .where("sent_at", "is", null)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())]))
    .where((eb) =>
      eb.or([
        ...(keys.length > 0 ? [eb("gather_key", "in", keys)] : []),
        ...(prefix !== undefined
          ? [eb(eb.fn("substr", ["gather_key", eb.val(1), eb.val(prefix.length)]), "=", prefix)]
          : []),
      ]),
    )
    .execute();
}

/**
 * Sends what the outbox holds, never inside a request: an email is written in the same transaction
 * as what it tells of, and this worker sends it afterwards, trying again with growing waits while
 * the SMTP server refuses. Rows stay until sent, so a restart resumes where it stopped. Several
 * processes may run one each: a claimed email is leased to its sender (on PostgreSQL claims skip
 * rows another process holds), and a sender that dies lets its lease run out.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly send: SendEmail,
    private readonly options: { retryMs: number; log: FastifyBaseLogger },
  ) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Something was written: send now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then(() => {})
      .catch((error) => this.options.log.warn({ err: error }, "outbox: could not read the outbox"))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        void this.nextDue().then((wait) => {
          if (this.stopped || this.running) return;
          clearTimeout(this.timer);
          this.timer = setTimeout(() => this.wake(), wait);
          this.timer.unref();
        });
      });
  }

  /** How long until the next email is due, at most POLL_MS (other processes write too). */
  private async nextDue(): Promise<number> {
    const now = new Date().toISOString();
    // Emails another process holds are its to send: they do not count.
    const row = await this.database.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.min("next_attempt_at").as("due"))
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
      .executeTakeFirst()
      .catch(() => undefined);
    if (!row?.due) return POLL_MS;
    return Math.min(POLL_MS, Math.max(MIN_WAIT_MS, new Date(String(row.due)).getTime() - Date.now()));
  }

  /** Sends every email that is due, batch after batch, until none is left. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return sent;
      for (const row of batch) {
        if (await this.deliver(row)) sent += 1;
      }
      if (this.stopped) return sent;
    }
  }

  private async claim() {
    const { db, dialect } = this.database;
    const now = new Date();
    const due = db
      .selectFrom("outbox")
      .select("id")
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .where("next_attempt_at", "<=", now.toISOString())
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())]))
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(BATCH);
    return db
      .updateTable("outbox")
      .set((eb) => ({
        locked_until: new Date(now.getTime() + LEASE_MS).toISOString(),
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "in", dialect === "postgres" ? due.forUpdate().skipLocked() : due)
      .returningAll()
      .execute();
  }

  private async deliver(row: Awaited<ReturnType<OutboxWorker["claim"]>>[number]): Promise<boolean> {
    const { db } = this.database;
    const id = Number(row.id);
    try {
      await this.send({
        id,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: JSON.parse(row.headers) as Record<string, string>,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const attempts = Number(row.attempts);
      const givenUp = attempts >= MAX_ATTEMPTS;
      const wait = Math.min(this.options.retryMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      const now = new Date();
      await db
        .updateTable("outbox")
        .set({
          locked_until: null,
          last_error: reason.slice(0, 1000),
          next_attempt_at: new Date(now.getTime() + wait).toISOString(),
          ...(givenUp ? { failed_at: now.toISOString() } : {}),
        })
        .where("id", "=", id)
        .execute();
      const log = givenUp
        ? this.options.log.error.bind(this.options.log)
        : this.options.log.warn.bind(this.options.log);
      log({ emailId: id, attempts, reason }, givenUp ? "email given up" : "email not sent; will try again");
      return false;
    }
    await db
      .updateTable("outbox")
      .set({ sent_at: new Date().toISOString(), locked_until: null, last_error: null })
      .where("id", "=", id)
      .execute();
    return true;
  }
}
