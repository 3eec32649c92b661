import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { LIMITS } from "../../contract/index.ts";
import type { Database as DatabaseConfig } from "../config.ts";
import { PgListener } from "../db/pg-listener.ts";
import { RedisFeed } from "../db/redis-feed.ts";

/** The PostgreSQL channel on which a transaction that told someone something names them (payload: "schema userId userId …"). */
export const EVENTS_CHANNEL = "quickgig_events";
export const EVENTS_LISTENER_NAME = "quickgig-events";

type Listener = () => void;

/**
 * How many live streams may be open at once in one process (per person, per client address and in
 * all), and how long a stream's reader may leave what was sent unread before the stream is dropped.
 */
export interface StreamLimits {
  perPerson: number;
  perAddress: number;
  perProcess: number;
  drainMs: number;
}

export const STREAM_LIMITS: StreamLimits = {
  perPerson: LIMITS.eventStreamsPerUser,
  perAddress: 100,
  perProcess: 5000,
  drainMs: 30_000,
};

/** How a process tells the others whom a write told something: none (SQLite, one process), PostgreSQL's NOTIFY, or Redis. */
export type Announcing = "none" | "postgres" | "redis";

/**
 * Who has a live stream open in this process, by person. A write wakes the people it told something
 * once it commits; on PostgreSQL the same wake-up reaches every other process, through Redis when
 * REDIS_URL is set (published after the commit: issue 46, decision 037), else through LISTEN/NOTIFY
 * (notifications/notifier.ts sends it inside the transaction, so it arrives only if it commits).
 * A woken stream reads what is new from the database: a wake-up carries nothing but the person.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listener: PgListener | undefined;
  private feed: RedisFeed | undefined;
  /** This process's mark on what it publishes: it woke its own streams already. */
  private readonly self = randomUUID();
  announcing: Announcing = "none";
  private readonly byPerson = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private streams = 0;

  constructor(readonly limits: StreamLimits = STREAM_LIMITS) {}

  /**
   * Takes a place for one more stream, at once, before anything awaits: checking a count and then
   * awaiting before counting would let many opens at the same moment all pass. Answers how to give
   * the place back, or which cap is full.
   */
  reserve(userId: string, address: string): (() => void) | "person" | "address" | "process" {
    if (this.streams >= this.limits.perProcess) return "process";
    if ((this.byPerson.get(userId) ?? 0) >= this.limits.perPerson) return "person";
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return "address";
    const add = (counts: Map<string, number>, key: string, step: number) => {
      const count = (counts.get(key) ?? 0) + step;
      if (count > 0) counts.set(key, count);
      else counts.delete(key);
    };
    this.streams += 1;
    add(this.byPerson, userId, 1);
    add(this.byAddress, address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.streams -= 1;
      add(this.byPerson, userId, -1);
      add(this.byAddress, address, -1);
    };
  }

  /**
   * Starts listening for other processes' wake-ups (PostgreSQL only): on Redis when `redis` is
   * given (its URL, and the scope of this database there), else on PostgreSQL.
   */
  async start(database: DatabaseConfig, log: FastifyBaseLogger, redis?: { url: string; scope: string }): Promise<void> {
    if (database.dialect !== "postgres") return;
    if (redis) {
      this.announcing = "redis";
      this.feed = new RedisFeed(
        redis.url,
        EVENTS_CHANNEL,
        redis.scope,
        {
          message: (payload) => {
            const [from, ...userIds] = payload.split(" ");
            if (from !== this.self) this.wake(userIds);
          },
          up: () => this.wakeEveryone(),
          down: () => {},
        },
        log,
      );
      await this.feed.start();
      return;
    }
    this.announcing = "postgres";
    this.listener = new PgListener(
      database,
      EVENTS_CHANNEL,
      EVENTS_LISTENER_NAME,
      {
        message: (payload, schema) => {
          const [payloadSchema, ...userIds] = payload.split(" ");
          if (payloadSchema === schema && userIds.length > 0) this.wake(userIds);
        },
        // Back after a drop: anything announced meanwhile was missed, so every stream looks again.
        up: () => this.wakeEveryone(),
        down: () => {},
      },
      log,
    );
    await this.listener.start();
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
    await this.feed?.stop();
  }

  /** On Redis: tells the other processes, after the commit, whom it told something (this one is woken apart). */
  publish(userIds: string[]): void {
    if (this.feed && userIds.length > 0) this.feed.publish([this.self, ...new Set(userIds)].join(" "));
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  wake(userIds: Iterable<string>): void {
    for (const userId of new Set(userIds)) {
      for (const listener of this.listeners.get(userId) ?? []) listener();
    }
  }

  private wakeEveryone(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }
}
