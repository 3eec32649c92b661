import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Sessions } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { listNotificationsAfterEach, unreadCountsOf } from "./notification-repository.ts";

/** One open live stream, as the reader sees it (notification-routes.ts opens and closes it). */
export interface LiveStream {
  userId: string;
  /** The request that opened it: its cookie says whether the session still holds. */
  request: FastifyRequest;
  /** The newest event sent: the notice id the stream has reached. */
  lastId: number;
  send(chunk: string): void;
  /** Resolves once what was sent has been read (true), or the stream is gone (false). */
  drained(): Promise<boolean>;
  close(): void;
}

/** Notices sent at a time; a stream that resumes after many is read again until it has them all. */
export const STREAM_BATCH = 50;
/** Streams read together at most: the queries' lists stay within what both databases take. */
const READ_AT_ONCE = 500;

/**
 * Reads for every stream woken at the same moment together (issue 46). One write may tell a
 * thousand people something; each stream reading alone would cost four queries (the session, the
 * notices, two counts) a stream, four thousand in all, and the last person would hear of it a second
 * later. Streams woken in the same turn of the event loop are read in four queries per 500: whose
 * sessions still hold, each one's notices after its own position, and everyone's unread counts.
 *
 * A stream is read once at a time: woken while it is being read, or while its reader has not yet
 * taken what was sent (backpressure), it is read again after. A reader that never catches up is
 * the route's to drop (`drained`).
 */
export class StreamReader {
  private readonly waiting = new Set<LiveStream>();
  private readonly busy = new Set<LiveStream>();
  private readonly again = new Set<LiveStream>();
  private scheduled = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly sessions: Sessions,
    private readonly log: FastifyBaseLogger,
  ) {}

  wake(stream: LiveStream): void {
    if (this.busy.has(stream)) {
      this.again.add(stream);
      return;
    }
    this.waiting.add(stream);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  forget(stream: LiveStream): void {
    this.waiting.delete(stream);
    this.again.delete(stream);
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = [...this.waiting];
    this.waiting.clear();
    for (const stream of batch) this.busy.add(stream);
    // The parts side by side: on PostgreSQL each on a connection of its own.
    const parts = [];
    for (let start = 0; start < batch.length; start += READ_AT_ONCE)
      parts.push(batch.slice(start, start + READ_AT_ONCE));
    await Promise.all(
      parts.map((part) =>
        this.read(part).catch((error) => this.log.warn({ err: error }, "event streams could not read")),
      ),
    );
    for (const stream of batch) {
      void stream.drained().then((open) => {
        this.busy.delete(stream);
        if (this.again.delete(stream) && open) this.wake(stream);
      });
    }
  }

  private async read(streams: LiveStream[]): Promise<void> {
    // The session may have ended since the stream opened (sign-out, a password reset).
    const signedIn = await this.sessions.stillSignedInEach(
      streams.map(({ request, userId }) => ({ request, viewerId: userId })),
    );
    const open = streams.filter((stream, i) => {
      if (!signedIn[i]) stream.close();
      return signedIn[i];
    });
    const positions = new Map<string, number>();
    for (const { userId, lastId } of open) positions.set(userId, Math.min(positions.get(userId) ?? lastId, lastId));
    const notices = await listNotificationsAfterEach(this.db, positions, STREAM_BATCH);
    const counts = await unreadCountsOf(this.db, [...positions.keys()]);
    for (const stream of open) {
      const found = notices.get(stream.userId) ?? [];
      for (const notice of found) {
        if (notice.id <= stream.lastId) continue;
        stream.send(`id: ${notice.id}\nevent: notification\ndata: ${JSON.stringify(notice)}\n\n`);
        stream.lastId = notice.id;
      }
      // More may wait: the counts go once the stream has them all.
      if (found.length === STREAM_BATCH) this.again.add(stream);
      else stream.send(`id: ${stream.lastId}\nevent: unread\ndata: ${JSON.stringify(counts.get(stream.userId))}\n\n`);
    }
  }
}
