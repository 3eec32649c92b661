import { randomUUID } from "node:crypto";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { JWTVerifyGetKey } from "jose";
import { sql } from "kysely";
import pino from "pino";
import { accountEmails } from "./accounts/account-emails.ts";
import { createAuth } from "./accounts/auth.ts";
import { registerAuthRoutes } from "./accounts/auth-routes.ts";
import { registerSessionGuard, Sessions } from "./accounts/session.ts";
import { passwordWorkGate, type WorkGate } from "./accounts/work-gate.ts";
import { AlertMatcher } from "./alerts/alert-matcher.ts";
import { registerAlertRoutes } from "./alerts/alert-routes.ts";
import { pauseSearchByEmail } from "./alerts/alert-unsubscribe.ts";
import type { AppDeps } from "./app-deps.ts";
import { registerBidRoutes } from "./bids/bid-routes.ts";
import { offersOfTasks } from "./bids/bids.ts";
import { registerInvitationRoutes } from "./bids/invitation-routes.ts";
import { invitationsOfTasks } from "./bids/invitations.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { redisAnnouncing } from "./db/redis-feed.ts";
import { seedDemoData } from "./demo/seed.ts";
import { createMailer } from "./email/mailer.ts";
import { OutboxWorker } from "./email/outbox.ts";
import { hiresOf } from "./hiring/hiring.ts";
import { registerHiringRoutes } from "./hiring/hiring-routes.ts";
import { registerCors } from "./http/cors.ts";
import {
  collectAllowedMethods,
  frameworkErrorOptions,
  registerUrlLengthLimit,
  sendMethodNotAllowed,
} from "./http/framework-errors.ts";
import { registerNormalPaths } from "./http/normal-paths.ts";
import { originPolicy } from "./http/origins.ts";
import { registerProblemHandlers, sendProblem } from "./http/problem.ts";
import { registerRateLimits } from "./http/rate-limits.ts";
import { RequestLoad } from "./http/request-load.ts";
import { registerRequestSite, requestSite } from "./http/request-site.ts";
import { registerResponseCache, serverWithCachedAnswers } from "./http/response-cache.ts";
import { registerSameOriginGuard } from "./http/same-origin.ts";
import { registerSecurityHeaders, securityHeaders } from "./http/security-headers.ts";
import { readScriptHashes, registerWebApp, sendIndex } from "./http/web-app.ts";
import { messageContent } from "./messages/message-content.ts";
import { registerMessageRoutes } from "./messages/message-routes.ts";
import { registerAdminRoutes } from "./moderation/admin-routes.ts";
import { registerModerationRoutes } from "./moderation/moderation-routes.ts";
import { roleOf } from "./moderation/roles.ts";
import { ReportableContents } from "./moderation/targets.ts";
import { EventHub, STREAM_LIMITS, type StreamLimits } from "./notifications/event-hub.ts";
import { pruneOldNotices } from "./notifications/notices.ts";
import { registerNotificationRoutes } from "./notifications/notification-routes.ts";
import { type EmailGaps, Notifier } from "./notifications/notifier.ts";
import { startAutoRelease } from "./payments/auto-release.ts";
import { latestPaymentsOf } from "./payments/payment-repository.ts";
import { registerPaymentRoutes, registerStripeRoutes } from "./payments/payment-routes.ts";
import { hiringMoney, type PaymentsDeps } from "./payments/payments.ts";
import { TestModeProvider } from "./payments/provider.ts";
import { StripeProvider } from "./payments/stripe-provider.ts";
import { profileContent } from "./profiles/profile-content.ts";
import { registerProfileRoutes } from "./profiles/profile-routes.ts";
import { questionContent } from "./questions/question-content.ts";
import { registerQuestionRoutes } from "./questions/question-routes.ts";
import { ReviewPublisher } from "./reviews/publisher.ts";
import { reviewContent } from "./reviews/review-content.ts";
import { registerReviewRoutes } from "./reviews/review-routes.ts";
import { postersRatings, ratingsOf, reviewsDueWithin } from "./reviews/reviews.ts";
import { registerPageScreens } from "./screens/page-screens.ts";
import { SearchIndexMerger } from "./tasks/search-index-merger.ts";
import { registerSitemapRoutes } from "./tasks/sitemap-routes.ts";
import { taskContent } from "./tasks/task-content.ts";
import { registerTaskRoutes } from "./tasks/task-routes.ts";
import type { TaskNeighbours } from "./tasks/tasks.ts";

export interface BuildOptions {
  /** Where log lines go; stdout by default. Tests read them from here. */
  logStream?: { write(line: string): void };
  /** How many sign-ins may hash at once and wait; sized from the machine's cores by default. */
  passwordWork?: WorkGate;
  /** Keys that sign Firebase ID tokens; Google's unless a test brings its own. */
  firebaseKeys?: JWTVerifyGetKey;
  /** Caps and patience of the live streams; tests lower them. */
  streamLimits?: Partial<StreamLimits>;
  /** How many tasks one sitemap file lists (50,000, the protocol's most); tests lower it. */
  sitemapPageSize?: number;
  /** How far apart gathered emails go (notifications/notifier.ts); tests shorten them. */
  emailGaps?: Partial<EmailGaps>;
  /** How often the reviews' timed job runs (reviews/publisher.ts; every 5 s by default); tests shorten it. */
  reviewPublishMs?: number;
  /** How often new tasks are matched against saved searches (alerts/alert-matcher.ts; every 0.5 s by default; 0 never, tests run it). */
  alertMatchMs?: number;
}

/**
 * Queries carry secrets on many paths (a reset link's token, an unsubscribe token, OAuth codes and
 * state), so the log keeps only the path, on every path.
 */
function loggedUrl(url: string): string {
  return url.split("?")[0] ?? url;
}

/**
 * The line each request leaves when it is answered (LOG_LEVEL info or below; undefined above), as
 * Fastify's own lines are shaped: its id, what was asked (the path, never the query), the status
 * and the time taken. Its fields are these alone, so it needs none of the redaction the app's
 * logger applies to every other line (REDACTED): redacting took 10 of the 14 µs a line cost, and
 * half the requests a second of a hot read as `npm start` runs (issue 46, docs/performance.md).
 */
function requestLogger(level: Config["logLevel"], stream: pino.DestinationStream | { write(line: string): void }) {
  if (!["trace", "debug", "info"].includes(level)) return undefined;
  // The machine's name is in every other line; a request's line keeps the process's id alone.
  const log = pino({ level, base: { pid: process.pid } }, stream as pino.DestinationStream);
  return (reqId: string, method: string, url: string, ip: string | undefined, statusCode: number, ms: number) =>
    log.info(
      { reqId, req: { method, url: loggedUrl(url), remoteAddress: ip }, res: { statusCode }, responseTime: ms },
      "request completed",
    );
}

/**
 * Whatever a log line carries under these names is hidden, should a future line hold a request's
 * headers or a body: nothing secret is ever logged (docs/security.md).
 */
const SECRET_NAMES = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "idToken",
  "cookie",
  "authorization",
  "card",
];
const REDACTED = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  ...SECRET_NAMES,
  ...SECRET_NAMES.map((name) => `*.${name}`),
];

export async function buildApp(config: Config, options: BuildOptions = {}) {
  const headers = securityHeaders({
    https: config.publicUrl.startsWith("https:"),
    firebase: config.firebase,
    scriptHashes: readScriptHashes(config.webDist),
  });
  const server = serverWithCachedAnswers();
  // Not written in the request's own time: pino buffers a line and writes it when the output can
  // take it (sonic-boom), and writes what is left when the process exits (issue 46).
  const logStream = options.logStream ?? pino.destination({ dest: 1, sync: false });
  const requestLine = requestLogger(config.logLevel, logStream);
  const app = Fastify({
    serverFactory: server.serverFactory,
    // One line a request, when it is answered (requestLine), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    logger: {
      level: config.logLevel,
      stream: logStream,
      serializers: {
        req: (request) => ({ method: request.method, url: loggedUrl(request.url), remoteAddress: request.ip }),
      },
      redact: { paths: REDACTED, censor: "[hidden]" },
    },
    genReqId: () => randomUUID(),
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    ...frameworkErrorOptions(headers),
  });
  const allowedMethods = collectAllowedMethods(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // Counted for the background jobs that give way to requests (decision 043).
  const requestLoad = new RequestLoad();
  requestLoad.watch(app);
  app.addHook("onResponse", async (request, reply) => {
    requestLine?.(request.id, request.method, request.url, request.ip, reply.statusCode, reply.elapsedTime);
    if (reply.statusCode === 401 || reply.statusCode === 403 || reply.statusCode === 429) {
      request.log.warn(
        { status: reply.statusCode, method: request.method, url: loggedUrl(request.url) },
        "access refused",
      );
    }
  });

  // With Redis, the processes of one PostgreSQL database tell one another of changes through it (issue 46).
  const redis = redisAnnouncing(config);
  const database = openDatabase(config.database, { announceByRedis: redis !== undefined });
  app.addHook("onClose", () => database.close());
  await migrateToLatest(database.db, database.dialect, { log: app.log });
  const origins = originPolicy({
    publicUrl: config.publicUrlConfigured ? config.publicUrl : null,
    trustedOrigins: config.trustedOrigins,
  });
  const { database: stored } = config;
  if (stored.dialect === "sqlite" && stored.file !== ":memory:" && config.searchMergeMs > 0) {
    const merger = new SearchIndexMerger(stored.file, { intervalMs: config.searchMergeMs, log: app.log });
    app.addHook("onReady", async () => merger.start());
    app.addHook("onClose", () => merger.stop());
  }
  const hub = new EventHub({ ...STREAM_LIMITS, perProcess: config.eventStreamsPerProcess, ...options.streamLimits });
  await hub.start(config.database, app.log, redis);
  app.addHook("onClose", () => hub.stop());
  const mailer = createMailer(config.email, app.log);
  const outbox = new OutboxWorker(database, mailer.send, { retryMs: config.email.retryMs, log: app.log });
  app.addHook("onReady", async () => outbox.start());
  app.addHook("onClose", async () => {
    await outbox.stop();
    mailer.close();
  });
  const notifier = new Notifier(
    database,
    hub,
    outbox,
    {
      webUrl: config.webUrl,
      apiUrl: config.publicUrl,
      secret: config.authSecret,
      // Without PUBLIC_URL, links lead where the person told last used the site (decision 033).
      followRequest: !config.publicUrlConfigured,
      acceptsSite: (origin) => origins.siteOrigin(new URL(origin).host, config.publicUrl) === origin,
    },
    options.emailGaps,
  );
  // Beside the outbox: publishes reviews at their window's end and reminds whoever has not reviewed.
  const reviewPublisher = new ReviewPublisher(notifier, database.db, {
    windowMs: config.reviews.windowMs,
    intervalMs: options.reviewPublishMs,
    log: app.log,
  });
  app.addHook("onReady", async () => reviewPublisher.start());
  app.addHook("onClose", () => reviewPublisher.stop());
  // Beside it: new and edited tasks matched against the saved searches, off the request (issue 47).
  const alertMatcher = new AlertMatcher(notifier, database, {
    intervalMs: options.alertMatchMs,
    log: app.log,
    load: requestLoad,
    digests: {
      links: { webUrl: config.webUrl, apiUrl: config.publicUrl, secret: config.authSecret },
      hour: config.alertDigestHour,
      outbox,
    },
  });
  app.addHook("onReady", async () => alertMatcher.start());
  app.addHook("onClose", () => alertMatcher.stop());
  const auth = createAuth(config, database, origins, app.log, accountEmails(database, outbox, config), {
    firebaseKeys: options.firebaseKeys,
  });
  const taskNeighbours = taskNeighboursOf(config.reviews.windowMs, config.payments?.feePercent ?? null);
  const reportables = reportableContents(taskNeighbours);
  // Money at the hire (decision 030): test mode's provider unless PAYMENTS=off.
  // Stripe when its keys are set, test mode's provider otherwise.
  const stripe =
    config.payments?.stripe &&
    new StripeProvider(
      config.payments.stripe.secretKey,
      config.payments.stripe.webhookSecrets,
      config.payments.stripe.apiUrl,
    );
  const payments: PaymentsDeps | null = config.payments && {
    run: notifier,
    db: database.db,
    provider: stripe || new TestModeProvider(),
    webUrl: config.webUrl,
    ...config.payments,
    seesAllPayments: async (userId) => (await roleOf(database.db, userId)) === "admin",
    dialect: database.dialect,
  };
  if (config.seedDemoData) await seedDemoData({ database, auth, config, reportables }, app.log, payments);

  registerProblemHandlers(app);
  registerSecurityHeaders(app, headers);
  registerRequestSite(app, origins, config.publicUrl);
  await registerCors(app, origins);
  registerUrlLengthLimit(app);
  registerNormalPaths(app);
  const sessions = new Sessions(auth, database, config.authSecret);
  const cache = await registerResponseCache(app, {
    enabled: config.responseCache,
    database: config.database,
    answersOrigin: (origin) => origins.isTrusted(origin),
    foundViewer: async (request) => (await sessions.find(request)) !== null,
    redis,
  });
  // A request's write empties the cache as it answers (registerResponseCache); a timed job's (a
  // payment released by itself completes its task) does it here, and on Redis tells the others too.
  notifier.onCommitted(() => {
    if (requestSite() === undefined) cache.changed();
  });
  // Anonymous hits are answered before Fastify reads them, and logged as it logs requests: one line.
  // Behind a proxy the address logged is the one the proxy names, which Fastify works out: it answers them all.
  if (!config.trustProxy || !requestLine) {
    server.attach(
      cache,
      requestLine &&
        ((request, reqId, responseTime) =>
          requestLine(
            reqId,
            request.method ?? "GET",
            request.url ?? "/",
            request.socket.remoteAddress,
            200,
            responseTime,
          )),
    );
  }
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "QuickGig API",
        version: "1.0.0",
        description:
          "Tasks and bids of the QuickGig marketplace. Writes need the session cookie set by /api/auth; errors are application/problem+json.",
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { status: "ready" };
    } catch (error) {
      request.log.warn({ err: error }, "database not ready");
      return sendProblem(reply, 503, "The database is not answering.");
    }
  });

  const limiters = await registerRateLimits(app, {
    config,
    personOf: async (request) => (await sessions.find(request))?.id,
  });
  const deps: AppDeps = {
    config,
    database,
    auth,
    sessions,
    limiters,
    origins,
    notifier,
    hub,
    taskNeighbours,
    reportables,
    profileFigures: { hiresOf, ratingsOf },
    hiringMoney: payments && hiringMoney(payments),
    payments,
    otherUnsubscribe: pauseSearchByEmail(config.authSecret),
  };
  registerSameOriginGuard(app, origins);
  registerSessionGuard(app, sessions);
  registerAuthRoutes(app, auth, {
    publicUrl: config.publicUrl,
    googleEnabled: config.google !== null,
    firebaseEnabled: config.firebase !== null,
    limiters,
    passwordWork: options.passwordWork ?? passwordWorkGate(),
  });
  registerTaskRoutes(app, deps);
  registerAlertRoutes(app, deps);
  registerSitemapRoutes(app, deps, options.sitemapPageSize);
  registerBidRoutes(app, deps);
  registerInvitationRoutes(app, deps);
  registerHiringRoutes(app, deps);
  registerQuestionRoutes(app, deps);
  registerMessageRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerReviewRoutes(app, deps);
  registerModerationRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerProfileRoutes(app, deps);
  if (payments && deps.hiringMoney) {
    registerPaymentRoutes(app, deps, payments);
    if (stripe) registerStripeRoutes(app, deps, payments, stripe);
    const money = deps.hiringMoney;
    let stopReleasing = () => {};
    app.addHook("onReady", async () => {
      stopReleasing = startAutoRelease(payments, money, app.log);
    });
    app.addHook("onClose", async () => stopReleasing());
  }
  let stopPruning = () => {};
  app.addHook("onReady", async () => {
    stopPruning = pruneOldNotices(database.db, app.log);
  });
  app.addHook("onClose", async () => stopPruning());

  const servesWeb = await registerWebApp(app, config.webDist);
  if (servesWeb) registerPageScreens(app, deps, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === "GET" && !request.url.startsWith("/api/") && request.url !== "/api";
    if (servesWeb && isPage) return sendIndex(reply);
    const allowed = allowedMethods(request.method, request.url);
    if (allowed.length > 0) return sendMethodNotAllowed(reply, request.method, allowed);
    return sendProblem(reply, 404, `There is nothing at ${request.method} ${request.url.split("?")[0]}.`);
  });

  return app;
}

/**
 * What the rooms above tasks tell them of a task (decision 027): its offers (bids), whose review is
 * due within the review window (reviews), and the hire's payment and the fee it pays (payments,
 * unless PAYMENTS=off: `feePercent` null).
 */
export function taskNeighboursOf(reviewWindowMs: number, feePercent: number | null = 10): TaskNeighbours {
  return {
    ...offersOfTasks,
    ...invitationsOfTasks,
    reviewsDue: reviewsDueWithin(reviewWindowMs),
    postersRatings,
    ...(feePercent !== null ? { paymentsOf: latestPaymentsOf, feePercent } : {}),
  };
}

/** What each kind of reportable content is to moderation, through the feature that owns it (content/reportable.ts). */
export function reportableContents(taskNeighbours: TaskNeighbours): ReportableContents {
  return new ReportableContents([
    taskContent(taskNeighbours),
    questionContent,
    messageContent,
    reviewContent,
    profileContent,
  ]);
}
