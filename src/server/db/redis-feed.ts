import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.ts";

/**
 * Where the processes of this PostgreSQL database announce changes on Redis: its URL, and a scope
 * made of the database's address and schema (the same DATABASE_URL in every process of a site);
 * undefined without REDIS_URL, or on SQLite (one process, nothing to announce).
 */
export function redisAnnouncing(
  config: Pick<Config, "redisUrl" | "database">,
): { url: string; scope: string } | undefined {
  if (!config.redisUrl || config.database.dialect !== "postgres") return undefined;
  const { connectionString, schema = "" } = config.database;
  const scope = createHash("sha256").update(`${connectionString}\n${schema}`).digest("hex").slice(0, 16);
  return { url: config.redisUrl, scope };
}

export interface FeedHandlers {
  /** A message on the channel, from this process or another. */
  message(payload: string): void;
  /** Subscribed (again): whatever was published while it was not was missed. */
  up(): void;
  /** Not subscribed; it reconnects by itself. */
  down(): void;
}

/**
 * One Redis channel, in place of a PostgreSQL LISTEN (db/pg-listener.ts) where Redis is set
 * (issue 46): published after a commit, never inside a transaction, so no commit waits on the
 * lock PostgreSQL takes for a transaction that notified. `scope` keeps the processes of one
 * database apart from those of another that share the Redis (each test's schema, a staging site).
 * Messages published while this process is not subscribed are lost: `up` says when to look again.
 */
export class RedisFeed {
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  readonly channel: string;

  constructor(url: string, channel: string, scope: string, handlers: FeedHandlers, log: FastifyBaseLogger) {
    this.channel = `${channel}:${scope}`;
    const options = { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: true } as const;
    this.subscriber = new Redis(url, options);
    this.publisher = new Redis(url, options);
    for (const [connection, what] of [
      [this.subscriber, "listening"],
      [this.publisher, "publishing"],
    ] as const) {
      connection.on("error", (error) => log.warn({ err: error, channel }, `redis ${what} connection failed`));
    }
    this.subscriber.on("message", (_channel, payload: string) => handlers.message(payload));
    // Subscribed on every connection, and up only once it is: a process that started while Redis
    // was away subscribes when Redis comes, and then looks at what it may have missed.
    this.subscriber.on("ready", () => {
      this.subscriber.subscribe(this.channel).then(
        () => handlers.up(),
        () => {},
      );
    });
    this.subscriber.on("close", () => handlers.down());
  }

  async start(): Promise<void> {
    await Promise.all([this.subscriber.connect(), this.publisher.connect()]).catch(() => {});
  }

  /** Sends `payload` to every process of the scope (this one included); a failure is logged, not thrown. */
  publish(payload: string): void {
    this.publisher.publish(this.channel, payload).catch(() => {});
  }

  async stop(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
