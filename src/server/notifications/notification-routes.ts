import { once } from "node:events";
import { setTimeout } from "node:timers/promises";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { EVENT_POSITION_HEADER } from "../../contract/event-position.ts";
import { ProblemSchema } from "../../contract/index.ts";
import {
  EventStreamQuerySchema,
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationPreferencesSchema,
  NotificationSchema,
  OneClickUnsubscribeSchema,
  UnreadCountsSchema,
  UnsubscribeResultSchema,
  UnsubscribeSchema,
  UpdatePreferencesSchema,
} from "../../contract/notifications.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "../email/unsubscribe-token.ts";
import { HttpProblem } from "../http/problem.ts";
import { linkBase } from "../http/request-site.ts";
import { carriesNoSession } from "../http/response-cache.ts";
import {
  changePreferences,
  countUnread,
  eventPosition,
  findNotices,
  findNoticesAfter,
  findPreferences,
  newestNoticeId,
  noteSiteOf,
  readAllNotices,
  readNotice,
  unsubscribe,
} from "./notices.ts";
import { type LiveStream, StreamReader } from "./stream-reader.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };

/** The bell's list and counts, the choice of channel per kind, and the unsubscribe link of every email. */
export function registerNotificationRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/api/notifications",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["notifications"],
        summary: "My notifications, newest first; `before` (an id) pages back, `unread=true` keeps the unread",
        querystring: NotificationListQuerySchema,
        response: { 200: z.array(NotificationSchema), ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      const { before, unread, limit } = request.query;
      return findNotices(db, viewer, { before, unreadOnly: unread === "true", limit });
    },
  );

  app.get(
    "/api/notifications/unread",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["notifications"],
        summary: "How many notifications and messages I have not read",
        response: { 200: UnreadCountsSchema, 401: ProblemSchema },
      },
    },
    async (request) => countUnread(db, (await requireViewer(deps.sessions, request)).id),
  );

  app.post(
    "/api/notifications/:id/read",
    {
      config: { requiresSession: true, writeLimit: "reading" },
      schema: {
        tags: ["notifications"],
        summary: "Mark one of my notifications read",
        params: NotificationIdParamsSchema,
        response: { 200: UnreadCountsSchema, ...problems },
      },
    },
    async (request) => readNotice(deps.notifier, db, await requireViewer(deps.sessions, request), request.params.id),
  );

  app.post(
    "/api/notifications/read-all",
    {
      config: { requiresSession: true, writeLimit: "reading" },
      schema: {
        tags: ["notifications"],
        summary: "Mark all my notifications read",
        response: { 200: UnreadCountsSchema, 401: ProblemSchema },
      },
    },
    async (request) => readAllNotices(deps.notifier, db, await requireViewer(deps.sessions, request)),
  );

  app.get(
    "/api/me/notification-preferences",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["notifications"],
        summary: "For each kind of notification: email (and in the app), app (only) or off",
        response: { 200: NotificationPreferencesSchema, 401: ProblemSchema },
      },
    },
    async (request) => findPreferences(db, await requireViewer(deps.sessions, request)),
  );

  app.put(
    "/api/me/notification-preferences",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["notifications"],
        summary: "Change the channel of some kinds; the others keep theirs",
        body: UpdatePreferencesSchema,
        response: { 200: NotificationPreferencesSchema, ...problems },
      },
    },
    async (request) => changePreferences(db, await requireViewer(deps.sessions, request), request.body),
  );

  app.post(
    "/api/email/unsubscribe",
    {
      config: { writeLimit: "token" },
      schema: {
        tags: ["notifications"],
        summary: "Stop the emails of one kind, from the link in such an email; no sign-in needed",
        body: UnsubscribeSchema,
        response: { 200: UnsubscribeResultSchema, 400: ProblemSchema },
      },
    },
    async (request) => unsubscribe(db, deps.config.authSecret, request.body.token, deps.otherUnsubscribe),
  );

  // One-click unsubscribe (RFC 8058): the address of every notice email's List-Unsubscribe header,
  // which a mail provider posts to, form-encoded, without a session or an Origin. The form parser is
  // this route's alone; every other write still takes JSON only.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // RFC 8058 allows multipart/form-data too: its text fields, no files.
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: "keyValues",
      limits: { fields: 4, fieldSize: 256, files: 0, parts: 4 },
    });
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.post(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      {
        config: { writeLimit: "token", acceptsForm: true },
        schema: {
          tags: ["notifications"],
          summary: "One-click unsubscribe (RFC 8058) from the List-Unsubscribe header of a notice email",
          querystring: UnsubscribeSchema,
          body: OneClickUnsubscribeSchema,
          response: { 200: UnsubscribeResultSchema, 400: ProblemSchema },
        },
      },
      async (request) => unsubscribe(db, deps.config.authSecret, request.query.token, deps.otherUnsubscribe),
    );
    // A mail program that opens the header's address instead of posting to it shows the person the page.
    typed.get(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      { schema: { hide: true, querystring: UnsubscribeSchema } },
      async (request, reply) => {
        const { webUrl, publicUrl, publicUrlConfigured } = deps.config;
        const web = linkBase(webUrl, !publicUrlConfigured && webUrl === publicUrl);
        return reply.redirect(`${web}/email/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303);
      },
    );
  });

  registerEventStream(app, deps);
}

/**
 * The address a request reached the site at, when PUBLIC_URL is unset and its Host is one this
 * server accepts (decision 008); null otherwise: another name pointed at this machine is never kept.
 */
function acceptedSite(deps: AppDeps, host: string | undefined): string | null {
  if (deps.config.publicUrlConfigured || host === undefined) return null;
  const asked = `http://${host}`;
  return deps.origins.siteOrigin(host, deps.config.publicUrl) === asked ? asked : null;
}

const HEARTBEAT_MS = 25_000;
/** What a stream replays at most: past this many missed notices, or older ones, the page reads itself again. */
export const REPLAY_LIMIT = 100;
export const REPLAY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A position as the browser sends it back: a whole number, or null when it is none. */
function parsePosition(text: string): number | null {
  if (!/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

/**
 * Where a person's stream starts: after the position the page (`after`) or the browser
 * (Last-Event-ID, on a reconnect) says it reflects, replaying what came since; from now when it
 * says none. A position that cannot be trusted (not a number, ahead of every event, or behind by
 * more than a replay holds) starts from now with `reload`: the page reads itself again.
 */
async function startOfStream(
  db: AppDeps["database"]["db"],
  userId: string,
  asked: string | undefined,
): Promise<{ from: number; reload: boolean }> {
  const now = async (reload: boolean) => ({ from: await newestNoticeId(db, userId), reload });
  if (asked === undefined || asked === "") return now(false);
  const position = parsePosition(asked);
  if (position === null || position > (await eventPosition(db))) return now(true);
  const missed = await findNoticesAfter(db, userId, position, REPLAY_LIMIT + 1);
  const oldest = missed[0] && Date.parse(missed[0].createdAt);
  if (missed.length > REPLAY_LIMIT || (oldest && Date.now() - oldest > REPLAY_MAX_AGE_MS)) return now(true);
  return { from: position, reload: false };
}

/** Refusals past the stream caps (notifications/event-hub.ts): the person's own, or the server's. */
function streamRefusal(cap: "person" | "address" | "process"): HttpProblem {
  if (cap === "person") return new HttpProblem(429, "Too many QuickGig tabs are open. Close some and reload this one.");
  if (cap === "address") {
    return new HttpProblem(
      429,
      "Too many live connections come from your network. Close some QuickGig tabs and reload this one.",
    );
  }
  return new HttpProblem(503, "The server has too many live connections right now. The page will try again shortly.");
}

/**
 * One server-sent-events stream per tab: `notification` events (id = the notice's id) and `unread`
 * counts (id = the position reached), sent at once and whenever they change. A stream opened with
 * `after` (the position of the page's data) or reconnecting with Last-Event-ID gets what it missed
 * (startOfStream); one with neither starts from now.
 */
function registerEventStream(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const reader = new StreamReader(db, deps.sessions, app.log);
  const open = new Set<() => void>();
  app.addHook("preClose", async () => {
    for (const close of open) close();
  });

  // A signed-in reader's answers say which events their data already reflects, read before it.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || !request.url.startsWith("/api/") || request.url.startsWith("/api/events")) return;
    if (carriesNoSession(request.headers)) return;
    reply.header(EVENT_POSITION_HEADER, String(await eventPosition(db)));
  });

  app.get(
    "/api/events",
    {
      config: { requiresSession: true, longLived: true },
      schema: {
        tags: ["notifications"],
        summary:
          "A live stream (text/event-stream) of my new notifications and unread counts; `after` (or Last-Event-ID) replays what came since",
        headers: z.object({ "last-event-id": z.string().optional() }),
        querystring: EventStreamQuerySchema,
        response: { 401: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const slot = deps.hub.reserve(viewer.id, request.ip);
      if (typeof slot === "string") throw streamRefusal(slot);
      const release = slot;
      let lastId: number;
      let reload: boolean;
      try {
        await noteSiteOf(db, viewer, acceptedSite(deps, request.headers.host));
        const lastEventId = request.headers["last-event-id"];
        const asked = typeof lastEventId === "string" ? lastEventId : (request.query as { after?: string }).after;
        ({ from: lastId, reload } = await startOfStream(db, viewer.id, asked));
      } catch (error) {
        release();
        throw error;
      }
      // The tab went away while the start was read: its close has come and gone, so nothing below
      // would ever give the place back.
      if (request.raw.socket.destroyed) {
        release();
        return reply.hijack();
      }

      reply.hijack();
      const raw = reply.raw;
      const socket = request.raw.socket;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
        "x-request-id": request.id,
        connection: "close",
      });
      raw.write("retry: 2000\n\n");
      if (reload) raw.write(`id: ${lastId}\nevent: reload\ndata: {}\n\n`);

      const write = (chunk: string) => {
        if (!raw.writableEnded && !raw.destroyed) raw.write(chunk);
      };
      /**
       * Backpressure: once the socket holds more than Node buffers, the next read waits for the
       * reader. A reader that does not read within drainMs is dropped rather than buffered for
       * without end; its tab reconnects with Last-Event-ID and misses nothing.
       */
      const drained = async (): Promise<boolean> => {
        if (raw.writableEnded || raw.destroyed) return false;
        if (!raw.writableNeedDrain) return true;
        const waited = await Promise.race([
          once(raw, "drain").then(() => "drained" as const),
          once(raw, "close").then(() => "closed" as const),
          setTimeout(deps.hub.limits.drainMs, "slow" as const, { ref: false }),
        ]).catch(() => "closed" as const);
        if (waited === "drained") return true;
        close();
        if (waited === "slow") {
          request.log.info({ userId: viewer.id }, "event stream dropped: its reader stopped reading");
          // What is buffered would never be read: the socket goes at once, not after a flush.
          socket.destroy();
        }
        return false;
      };
      const stream: LiveStream = { userId: viewer.id, request, lastId, send: write, drained, close };
      const unsubscribe = deps.hub.subscribe(viewer.id, () => reader.wake(stream));
      const heartbeat = setInterval(() => {
        write(": keep-alive\n\n");
        void deps.sessions.stillSignedIn(request, viewer.id).then(
          (signedIn) => signedIn || close(),
          () => {},
        );
      }, HEARTBEAT_MS);
      function close() {
        clearInterval(heartbeat);
        unsubscribe();
        reader.forget(stream);
        release();
        open.delete(close);
        // The socket goes with the stream: nothing is left for a shutdown to wait on.
        if (!raw.writableEnded) raw.end(() => socket.destroy());
      }
      open.add(close);
      raw.on("close", close);
      reader.wake(stream);
    },
  );
}
