import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Database as DatabaseConfig } from "../config.ts";

const RECONNECT_MS = 1000;

export interface ListenerHandlers {
  /** A notification on the channel, from this process or another, with our schema to tell ours from others'. */
  message(payload: string, schema: string): void;
  /** Listening (again): whatever was announced while it was down was missed. */
  up(): void;
  /** Not listening; it reconnects by itself. */
  down(): void;
}

/**
 * A connection of its own that LISTENs on one PostgreSQL channel, and reconnects after a drop.
 * Notifications sent inside a transaction arrive only once it commits.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private schema = "";

  constructor(
    private readonly database: Extract<DatabaseConfig, { dialect: "postgres" }>,
    private readonly channel: string,
    /** The connection's application_name, to find it in pg_stat_activity. */
    private readonly name: string,
    private readonly handlers: ListenerHandlers,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.database.connectionString,
      connectionTimeoutMillis: 5000,
      application_name: this.name,
      ...(this.database.schema ? { options: `-c search_path=${this.database.schema}` } : {}),
    });
    this.client = client;
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.handlers.down();
      client.end().catch(() => {});
      if (this.stopped) return;
      this.log.warn({ err: error, channel: this.channel }, "listening connection lost; reconnecting");
      this.timer = setTimeout(() => void this.start(), RECONNECT_MS);
      this.timer.unref();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => {
      if (message.channel === this.channel) this.handlers.message(message.payload ?? "", this.schema);
    });
    try {
      await client.connect();
      const result = await client.query<{ schema: string }>("select current_schema() as schema");
      this.schema = result.rows[0]?.schema ?? "";
      await client.query(`LISTEN ${this.channel}`);
      if (this.client === client) this.handlers.up();
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.handlers.down();
    await client?.end().catch(() => {});
  }
}
