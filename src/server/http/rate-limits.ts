import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config.ts";
import { HttpProblem } from "./problem.ts";

export interface RateLimiters {
  /** Sign-in, sign-up and password reset requests: per client address, then per account (the email in the body). */
  accountAttempt: preHandlerAsyncHookHandler;
  /** Attempts that name no account (a reset link's token, an unsubscribe link): per client address. */
  addressAttempt: preHandlerAsyncHookHandler;
  /** Any other state change: per signed-in person (the client address without a session). */
  write: preHandlerAsyncHookHandler;
  /** A signed-in person's password checked (changing it, confirming it): per person, as sign-ins per account. */
  passwordCheck: preHandlerAsyncHookHandler;
  /** A webhook request whose signature fails: per client address, a count apart from sign-in's. */
  badSignature: preHandlerAsyncHookHandler;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * How a POST, PUT, PATCH or DELETE under /api is limited: per signed-in person (the default; the
     * client address without a session); marking things read, per person in a budget of its own,
     * three times the writes' (a page marks what it shows, so reading must not use up writing); per
     * the `token` of its query (a one-click unsubscribe, which mail providers post from a few shared
     * addresses); or by the route itself (sign-in and its kin, per address and per account; Stripe's
     * webhook, whose requests count per address only when their signature fails).
     */
    writeLimit?: "person" | "reading" | "token" | "own";
  }
}

const passThrough: preHandlerAsyncHookHandler = async () => {};

/**
 * Limits kept in memory, or in Redis when REDIS_URL is set so that every instance counts together.
 * The client address is the socket's unless TRUST_PROXY names the proxies in front.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  {
    config,
    personOf,
  }: {
    config: Config;
    /** Who a request is from: the signed-in person's id (accounts' session), or undefined. */
    personOf: (request: FastifyRequest) => Promise<string | undefined>;
  },
): Promise<RateLimiters> {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) {
    redis.on("error", (error) => app.log.warn({ err: error }, "redis unavailable; rate limits skipped"));
    app.addHook("onClose", async () => {
      redis.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    timeWindow: 60_000,
    ...(redis ? { redis, skipOnError: true } : {}),
    nameSpace: "quickgig-rate-limit:",
  });

  /** A check of its own per limit, so that one request can pass through several. */
  const limiter = (max: number, keyGenerator: (request: FastifyRequest) => string | Promise<string>) => {
    if (max === 0) return passThrough;
    const check = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator });
    const hook: preHandlerAsyncHookHandler = async (request, reply) => {
      const limit = await check(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      reply.header("retry-after", String(limit.ttlInSeconds));
      throw new HttpProblem(429, `Too many attempts. Please wait ${limit.ttlInSeconds} seconds and try again.`);
    };
    return hook;
  };

  const byAddress = limiter(config.rateLimits.authPerAddress, (request) => `auth-address:${request.ip}`);
  const byAccount = limiter(config.rateLimits.authPerAccount, (request) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `auth-account:${typeof email === "string" ? email.trim().toLowerCase() : ""}`;
  });
  const byUser = limiter(
    config.rateLimits.writesPerUser,
    async (request) => `write-user:${(await personOf(request)) ?? request.ip}`,
  );
  const byReader = limiter(
    config.rateLimits.writesPerUser * 3,
    async (request) => `read-user:${(await personOf(request)) ?? request.ip}`,
  );
  const perToken = limiter(config.rateLimits.authPerAddress, (request) => {
    const token =
      (request.query as { token?: unknown } | undefined)?.token ?? (request.body as { token?: unknown } | null)?.token;
    return typeof token === "string" ? `token:${token}` : `auth-address:${request.ip}`;
  });
  // Tokens are free to make up (to be refused): the address keeps a ceiling, ten times the token's.
  const tokensPerAddress = limiter(config.rateLimits.authPerAddress * 10, (request) => `tokens:${request.ip}`);
  const byToken: preHandlerAsyncHookHandler = async function (request, reply) {
    await tokensPerAddress.call(this, request, reply);
    await perToken.call(this, request, reply);
  };
  const badSignatures = limiter(config.rateLimits.authPerAddress, (request) => `bad-signature:${request.ip}`);
  const byPasswordOwner = limiter(
    config.rateLimits.authPerAccount,
    async (request) => `password-user:${(await personOf(request)) ?? request.ip}`,
  );

  // Every state change counts (docs/security.md): a route says only when it is limited otherwise.
  const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
  app.addHook("onRoute", (route) => {
    const writes = [route.method].flat().some((method) => WRITE_METHODS.has(method));
    if (!writes || !route.url.startsWith("/api/")) return;
    const kind = route.config?.writeLimit ?? "person";
    if (kind === "own") return;
    const hook = { person: byUser, reading: byReader, token: byToken }[kind];
    route.preValidation = [hook, ...[route.preValidation ?? []].flat()];
  });

  return {
    async accountAttempt(request, reply) {
      await byAddress.call(app, request, reply);
      await byAccount.call(app, request, reply);
    },
    addressAttempt: byAddress,
    write: byUser,
    passwordCheck: byPasswordOwner,
    badSignature: badSignatures,
  };
}
