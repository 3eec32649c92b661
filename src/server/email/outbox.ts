import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql } from "kysely";
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
  await enqueueEmails(db, [email], now);
}

/** Writes emails to the outbox, 200 rows a statement. */
export async function enqueueEmails(db: Kysely<DB>, emails: EmailContent[], now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  for (let start = 0; start < emails.length; start += 200) {
    await db
      .insertInto("outbox")
      .values(
        emails
          .slice(start, start + 200)
          .map((email) => ({ ...contentOf(email), created_at: stamp, next_attempt_at: stamp })),
      )
      .execute();
  }
}

/** An email about one thing to one person (`key`), gathered: see enqueueGatheredEmails. */
export interface GatheredEmail {
  key: string;
  line: string;
  gapMs: number;
  /** Makes the email from all its paragraphs. */
  compose: (lines: string[]) => EmailContent;
}

/**
 * Writes emails about one thing to one person (each `key`), at most one per `gapMs`: the first goes
 * at once; one written while the last is still waiting is added to it, as another paragraph; one
 * written after the last was sent (or claimed to be sent) waits until `gapMs` after it, where the
 * next ones gather. Two writers of one key are expected to be serialized by the row they both
 * change (a task's), as task edits are. Many keys at once read their last emails in one query and
 * write the new ones in bulk: one edit of a task gathers for each of its bidders (issue 46).
 */
export async function enqueueGatheredEmails(db: Kysely<DB>, gathers: GatheredEmail[], now = new Date()): Promise<void> {
  // A key twice in one write: the second after the first, as one by one.
  const rounds: GatheredEmail[][] = [];
  const seen = new Map<string, number>();
  for (const gather of gathers) {
    const round = seen.get(gather.key) ?? 0;
    seen.set(gather.key, round + 1);
    rounds[round] = [...(rounds[round] ?? []), gather];
  }
  const stamp = now.toISOString();
  for (const round of rounds) {
    for (let start = 0; start < round.length; start += 200) {
      const part = round.slice(start, start + 200);
      const lasts = new Map(
        (
          await db
            .selectFrom("outbox")
            .select(["id", "gather_key", "lines", "sent_at", "failed_at", "locked_until", "next_attempt_at"])
            .where("id", "in", (eb) =>
              eb
                .selectFrom("outbox")
                .select((inner) => inner.fn.max("id").as("id"))
                .where(
                  "gather_key",
                  "in",
                  part.map((gather) => gather.key),
                )
                .groupBy("gather_key"),
            )
            .execute()
        ).map((row) => [row.gather_key, row]),
      );
      const added = new Map<GatheredEmail, { id: number; lines: string[] }>();
      for (const gather of part) {
        const last = lasts.get(gather.key);
        const waiting = last && last.sent_at === null && last.failed_at === null;
        if (last && waiting && (last.locked_until === null || last.locked_until <= stamp)) {
          added.set(gather, { id: last.id, lines: [...(JSON.parse(last.lines ?? "[]") as string[]), gather.line] });
        }
      }
      // Claimed by a sender meanwhile: the row is no longer to change, and this change waits for the next.
      const changed = await addLines(
        db,
        [...added].map(([gather, { id, lines }]) => ({ id, lines, email: gather.compose(lines) })),
        stamp,
      );
      const fresh = part
        .filter((gather) => !changed.has(added.get(gather)?.id ?? -1))
        .map((gather) => {
          const last = lasts.get(gather.key);
          const lastGoes =
            last && last.failed_at === null ? new Date(last.sent_at ?? last.next_attempt_at).getTime() : 0;
          return {
            ...contentOf(gather.compose([gather.line])),
            created_at: stamp,
            next_attempt_at: new Date(Math.max(now.getTime(), lastGoes + gather.gapMs)).toISOString(),
            gather_key: gather.key,
            lines: JSON.stringify([gather.line]),
          };
        });
      if (fresh.length > 0) await db.insertInto("outbox").values(fresh).execute();
    }
  }
}

/**
 * Gives waiting emails their new paragraphs and content, one statement for them all; answers the
 * ids changed (one a sender claimed meanwhile is not).
 */
async function addLines(
  db: Kysely<DB>,
  changes: Array<{ id: number; lines: string[]; email: EmailContent }>,
  stamp: string,
): Promise<Set<number>> {
  if (changes.length === 0) return new Set();
  const rows = changes.map(({ id, lines, email }) => {
    const content = contentOf(email);
    return sql`(cast(${id} as integer), cast(${content.recipient} as text), cast(${content.subject} as text),
      cast(${content.text_body} as text), cast(${content.html_body} as text), cast(${content.headers} as text),
      cast(${JSON.stringify(lines)} as text))`;
  });
  const { rows: changed } = await sql<{ id: number }>`
    with v(id, recipient, subject, text_body, html_body, headers, lines) as (values ${sql.join(rows)})
    update outbox set recipient = v.recipient, subject = v.subject, text_body = v.text_body,
      html_body = v.html_body, headers = v.headers, lines = v.lines
    from v
    where outbox.id = v.id and outbox.sent_at is null and outbox.failed_at is null
      and (outbox.locked_until is null or outbox.locked_until <= ${stamp})
    returning outbox.id`.execute(db);
  return new Set(changed.map((row) => Number(row.id)));
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
