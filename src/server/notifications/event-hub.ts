import type { FastifyBaseLogger } from "fastify";
import type { Database as DatabaseConfig } from "../config.ts";
import { PgListener } from "../db/pg-listener.ts";

/** The PostgreSQL channel on which a transaction that told someone something names them (payload: "schema userId"). */
export const EVENTS_CHANNEL = "quickgig_events";
export const EVENTS_LISTENER_NAME = "quickgig-events";

type Listener = () => void;

/**
 * Who has a live stream open in this process, by person. A write wakes the people it told something
 * once it commits; on PostgreSQL the same wake-up reaches every other process through LISTEN/NOTIFY
 * (notifications/notifier.ts sends it inside the transaction, so it arrives only if it commits).
 * A woken stream reads what is new from the database: a wake-up carries nothing but the person.
 */
export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listener: PgListener | undefined;

  /** Starts listening for other processes' wake-ups (PostgreSQL only). */
  async start(database: DatabaseConfig, log: FastifyBaseLogger): Promise<void> {
    if (database.dialect !== "postgres") return;
    this.listener = new PgListener(
      database,
      EVENTS_CHANNEL,
      EVENTS_LISTENER_NAME,
      {
        message: (payload, schema) => {
          const [payloadSchema, userId] = payload.split(" ");
          if (payloadSchema === schema && userId) this.wake([userId]);
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

  streamsOf(userId: string): number {
    return this.listeners.get(userId)?.size ?? 0;
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
