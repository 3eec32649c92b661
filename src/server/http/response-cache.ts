import { createHash, randomUUID } from "node:crypto";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { DAY_MS, nextDayAnywhereOnEarth, todayAnywhereOnEarth } from "../../contract/index.ts";
import type { Database as DatabaseConfig } from "../config.ts";
import { PgListener } from "../db/pg-listener.ts";
import { RedisFeed } from "../db/redis-feed.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Anonymous GETs of this route may be answered from the response cache. */
    publicCache?: boolean;
  }
}

/** The PostgreSQL channel on which the database announces changes to tasks and users (migration 0003). */
export const CHANGES_CHANNEL = "quickgig_changes";

/** The listening connection's application_name, to find it in pg_stat_activity. */
export const CHANGE_FEED_NAME = "quickgig-change-feed";

const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 256 * 1024;
/** Kept with an entry and sent again on a hit. */
const KEPT_HEADERS = ["x-total-count", "x-total-count-capped", "link"] as const;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Writes that cannot change what anonymous readers see. */
const NEUTRAL_WRITES = new Set([
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/sign-in/social",
  "/api/auth/sign-out",
  "/api/auth/sign-in/firebase",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
  "/api/auth/send-verification-email",
  "/api/notifications/read-all",
]);

interface Entry {
  generation: number;
  body: string;
  etag: string;
  headers: Record<string, string>;
  /**
   * What Fastify sent with this entry, to send again at once: by the request's Origin when CORS
   * answers it (a trusted one), else under "" (no Origin, or one CORS ignores: the same headers).
   */
  replays?: Map<string, Replay>;
  /** The body's bytes, shared by the entry's replays. */
  bytes?: Buffer;
}

/** A whole answer as it left: every header but the request's id, and the body's bytes. */
interface Replay {
  headers: Record<string, string | number | string[]>;
  body: Buffer;
}

/** Headers of one answer only: its request's id, and what node:http writes for the connection. */
const OWN_HEADERS = new Set([
  "x-request-id",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

interface Pending {
  key: string;
  generation: number;
  hit: boolean;
}

/**
 * Public reads answered from memory: the task lists, featured tasks and a task, as an anonymous
 * reader gets them. Any successful write through this process empties the cache before its answer
 * leaves; on PostgreSQL the database also announces every change to tasks and users on a channel,
 * so writes through other instances empty it too, and while that channel is down nothing is cached.
 * Entries carry an ETag, and a matching If-None-Match gets 304.
 */
export class ResponseCache {
  private generation = 0;
  private readonly entries = new Map<string, Entry>();

  /**
   * @param replayKey which replay a request's Origin gets: its own when CORS answers it (a trusted
   * origin), else the one of no Origin, whose headers are the same. The Origin is the client's to
   * choose: keyed by it as sent, made-up ones would each keep an answer.
   */
  constructor(
    private enabled: boolean,
    private readonly replayKey: (origin: string | undefined) => string = () => "",
  ) {}

  get isEnabled(): boolean {
    return this.enabled;
  }

  private announceChange = () => {};

  /** How this process tells the others a write changed what they may have cached (Redis: issue 46). */
  announceWith(announce: () => void): void {
    this.announceChange = announce;
  }

  /** A write here changed data: this cache empties, and the other processes are told when they listen on Redis. */
  changed(): void {
    this.invalidate();
    this.announceChange();
  }

  /** Everything cached so far may be stale. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.invalidate();
  }

  begin(url: string): Pending {
    return { key: keyOf(url), generation: this.generation, hit: false };
  }

  find(pending: Pending): Entry | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(pending.key);
    if (!entry) return undefined;
    this.entries.delete(pending.key);
    this.entries.set(pending.key, entry);
    return entry;
  }

  /** Keeps an answer, unless something changed while it was being made. */
  store(pending: Pending, entry: Omit<Entry, "generation">): void {
    if (!this.enabled || pending.generation !== this.generation || entry.body.length > MAX_BODY_BYTES) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(pending.key, { ...entry, generation: pending.generation });
  }

  /**
   * Keeps the answer Fastify just sent for an entry (a 200 with its body), to send again to a
   * request for the same address with an Origin CORS answers alike: the headers of an anonymous
   * public read depend on nothing else (the security headers are fixed; CORS reads the Origin).
   */
  keepReplay(pending: Pending, origin: string | undefined, headers: Record<string, unknown>): void {
    // Only an answer made in the entry's own generation, of the entry's own body: an answer begun
    // before a write may finish after a newer entry was stored, with its older count and ETag.
    if (pending.generation !== this.generation || headers["set-cookie"] !== undefined) return;
    const entry = this.entries.get(pending.key);
    if (!entry || entry.generation !== this.generation || headers.etag !== entry.etag) return;
    entry.replays ??= new Map();
    const kept: Replay["headers"] = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!OWN_HEADERS.has(name) && value !== undefined) kept[name] = value as string | number | string[];
    }
    entry.bytes ??= Buffer.from(entry.body);
    kept["content-length"] = entry.bytes.length;
    entry.replays.set(this.replayKey(origin), { headers: kept, body: entry.bytes });
  }

  /**
   * Answers an anonymous GET from a kept replay before Fastify reads the request: routing, hooks,
   * the per-request logger and the serializer are what a hit cost most (issue 30). Anything else
   * (a signed-in reader, an If-None-Match, a trusted Origin not seen yet for the address) goes to
   * Fastify.
   * Returns whether it answered.
   */
  answerAtOnce(request: IncomingMessage, response: ServerResponse, log: RequestLog | undefined): boolean {
    const { headers } = request;
    if (!this.enabled || request.method !== "GET" || headers["if-none-match"] !== undefined) return false;
    const key = keyOf(request.url ?? "");
    const entry = this.entries.get(key);
    const replay = entry?.replays?.get(this.replayKey(headers.origin));
    // The cookie is read only for an address that has a replay (most requests have none).
    if (!entry || !replay || !carriesNoSession(headers)) return false;
    // Used last: kept longest, as find() does for the hits Fastify answers.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const id = randomUUID();
    const started = log ? performance.now() : 0;
    response.writeHead(200, { ...replay.headers, "x-request-id": id });
    response.end(replay.body);
    log?.(request, id, performance.now() - started);
    return true;
  }
}

/** Logs a request answered at once, as Fastify logs the requests it answers. */
export type RequestLog = (request: IncomingMessage, id: string, responseTime: number) => void;

/** The day anywhere on Earth, worked out again when the next one begins. */
let today = { value: "", from: 0, until: 0 };
function keyOf(url: string): string {
  const now = Date.now();
  if (now >= today.until || now < today.from) {
    const until = nextDayAnywhereOnEarth(now);
    today = { value: todayAnywhereOnEarth(new Date(now)), from: until - DAY_MS, until };
  }
  // Featured tasks depend on the date: a new day starts a new set of entries.
  return `${today.value} ${url}`;
}

/** Any name better-auth may read a session from: `session_token`, its cookie cache's `session_data`. */
const SESSION_COOKIE = /session_(?:token|data)/i;

/**
 * Whether a request may be answered as a visitor's: its Cookie header names no session cookie at
 * all, empty or not, under any prefix. One test of the header as sent, wider than any parser's:
 * the cache and the session once each read the cookies their own way, and an empty
 * `__Secure-better-auth.session_token` before a valid `better-auth.session_token` made a signed-in
 * answer the visitors' one (issue 42).
 */
export function carriesNoSession(headers: IncomingHttpHeaders): boolean {
  const { cookie } = headers;
  return cookie === undefined || !SESSION_COOKIE.test(cookie);
}

function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.headers(entry.headers).header("etag", entry.etag);
  if (request.headers["if-none-match"] === entry.etag) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(entry.body);
}

export async function registerResponseCache(
  app: FastifyInstance,
  options: {
    enabled: boolean;
    database: DatabaseConfig;
    /** Whether CORS answers an Origin (http/cors.ts): such an Origin keeps a replay of its own. */
    answersOrigin?: (origin: string) => boolean;
    /**
     * Whether the request's own reading of the session found someone: an answer is kept for
     * visitors only when the read that made it found nobody, whatever its cookies looked like.
     */
    foundViewer: (request: FastifyRequest) => Promise<boolean>;
    /**
     * On PostgreSQL with Redis (issue 46): changes are announced to the other processes through
     * Redis after the write, and heard there, instead of by the tables' trigger and LISTEN.
     */
    redis?: { url: string; scope: string } | undefined;
  },
): Promise<ResponseCache> {
  const listensForChanges = options.enabled && options.database.dialect === "postgres";
  const { answersOrigin = () => false } = options;
  const cache = new ResponseCache(options.enabled && !listensForChanges, (origin) =>
    origin !== undefined && answersOrigin(origin) ? origin : "",
  );
  if (listensForChanges && options.redis) {
    // The cache is on only while it listens: when the connection drops, the cache empties and stays off until it is back.
    const self = randomUUID();
    const feed = new RedisFeed(
      options.redis.url,
      CHANGES_CHANNEL,
      options.redis.scope,
      {
        message: (payload) => {
          if (payload !== self) cache.invalidate();
        },
        up: () => cache.setEnabled(true),
        down: () => cache.setEnabled(false),
      },
      app.log,
    );
    await feed.start();
    cache.announceWith(() => feed.publish(self));
    app.addHook("onClose", () => feed.stop());
  } else if (listensForChanges && options.database.dialect === "postgres") {
    // The cache is on only while it listens: when the connection drops, the cache empties and stays off until it is back.
    const feed = new PgListener(
      options.database,
      CHANGES_CHANNEL,
      CHANGE_FEED_NAME,
      {
        message: (payload, schema) => {
          if (payload === schema) cache.invalidate();
        },
        up: () => cache.setEnabled(true),
        down: () => cache.setEnabled(false),
      },
      app.log,
    );
    await feed.start();
    app.addHook("onClose", () => feed.stop());
  }

  const pendings = new WeakMap<FastifyRequest, Pending>();

  app.addHook("onRequest", async (request, reply) => {
    if (!request.routeOptions.config.publicCache || request.method !== "GET" || !carriesNoSession(request.headers))
      return;
    const pending = cache.begin(request.url);
    pendings.set(request, pending);
    const entry = cache.find(pending);
    if (!entry) return;
    pending.hit = true;
    return sendEntry(request, reply, entry);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const ok = reply.statusCode < 400;
    if (!READS.has(request.method)) {
      // Before the answer leaves, so the writer's next read cannot get the old data.
      if (ok && !NEUTRAL_WRITES.has(request.url.split("?")[0] ?? "")) cache.changed();
      return payload;
    }
    if (!request.routeOptions.config.publicCache) return payload;
    // Added to what is there (CORS varies by Origin), not in its place.
    const vary = reply.getHeader("vary");
    reply.header("vary", vary ? `${String(vary)}, Cookie` : "Cookie");
    const pending = pendings.get(request);
    if (!pending) {
      // Signed-in answers carry the poster's email: never for a shared cache.
      reply.header("cache-control", "private, no-cache");
      return payload;
    }
    if (!pending.hit && (await options.foundViewer(request))) {
      pendings.delete(request);
      reply.header("cache-control", "private, no-cache");
      return payload;
    }
    reply.header("cache-control", "no-cache");
    if (pending.hit) {
      if (reply.statusCode === 200) cache.keepReplay(pending, request.headers.origin, reply.getHeaders());
      return payload;
    }
    if (reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const etag = etagOf(payload);
    reply.header("etag", etag);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    cache.store(pending, { body: payload, etag, headers });
    if (request.headers["if-none-match"] !== etag) {
      cache.keepReplay(pending, request.headers.origin, reply.getHeaders());
      return payload;
    }
    reply.code(304);
    return "";
  });

  return cache;
}

/**
 * Fastify's HTTP server (as Fastify makes it: its keep-alive, request and connection timeouts), with
 * anonymous hits of the response cache answered before Fastify's handler; `attach` says which cache
 * and logger once the app has them. Until then, and for everything else, Fastify answers.
 */
export function serverWithCachedAnswers() {
  let cache: ResponseCache | undefined;
  let log: RequestLog | undefined;
  const serverFactory: NonNullable<FastifyServerOptions["serverFactory"]> = (handler, options) => {
    // As Fastify makes its HTTP/1 server (fastify/lib/server.js), which it does not with a factory.
    const {
      http = {},
      keepAliveTimeout = 72_000,
      requestTimeout = 0,
      connectionTimeout = 0,
      maxRequestsPerSocket = 0,
    } = options as FastifyServerOptions & { http?: ServerOptions };
    const server = createServer(http, (request, response) => {
      if (!cache?.answerAtOnce(request, response, log)) handler(request, response);
    });
    server.keepAliveTimeout = keepAliveTimeout;
    server.requestTimeout = requestTimeout;
    server.setTimeout(connectionTimeout);
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    /** `logRequest` when requests are logged (LOG_LEVEL info and below), as Fastify would log them. */
    attach(responseCache: ResponseCache, logRequest: RequestLog | undefined) {
      cache = responseCache;
      log = logRequest;
    },
  };
}
