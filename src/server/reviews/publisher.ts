import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Transactor } from "../notifications/notifier.ts";
import { closeEndedWindows, remindReviewers } from "./reviews.ts";

/** How often the job looks for windows to close and reminders to send. */
export const PUBLISH_EVERY_MS = 5_000;

/**
 * The timed job of reviews (decision 022), started beside the email outbox in app.ts: every few
 * seconds it publishes the hidden reviews of hires whose window has ended and reminds whoever has
 * not reviewed halfway through it. Nobody needs to visit for either. Several processes may run
 * one each: every hire is claimed with a conditional update (reviews.ts), so each is published
 * and reminded once.
 */
export class ReviewPublisher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly run: Transactor,
    private readonly db: Kysely<DB>,
    private readonly options: { windowMs: number; intervalMs?: number; log: FastifyBaseLogger },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One pass: windows closed first, so that nobody is reminded of a window that has just ended. */
  async runOnce(now = new Date()): Promise<{ closed: number; reminded: number }> {
    const closed = await closeEndedWindows(this.run, this.db, this.options.windowMs, now);
    const reminded = await remindReviewers(this.run, this.db, this.options.windowMs, now);
    return { closed, reminded };
  }

  private schedule(wait: number): void {
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .then(() => {})
        .catch((error) => this.options.log.warn({ err: error }, "reviews: could not publish or remind"))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.options.intervalMs ?? PUBLISH_EVERY_MS);
        });
    }, wait);
    this.timer.unref();
  }
}
