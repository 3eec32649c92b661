import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1");

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "must be development, production or test" })
    .default("development"),
  HOST: z.string().optional(),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535).default(3000),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://quickgig.example" })
    .optional(),
  WEB_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://app.quickgig.example" })
    .optional(),
  DATABASE_URL: z.string().default("./data/quickgig.db"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url({ error: "must be a URL" }).default("https://accounts.google.com"),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  SEED_DEMO_DATA: booleanFlag.default(true),
  RESPONSE_CACHE: booleanFlag.default(true),
  SEARCH_MERGE_MINUTES: z.coerce
    .number({ error: "must be a number of minutes" })
    .min(0, "must be 0 or more minutes")
    .max(1440, "must be at most 1440 minutes (a day)")
    .default(10),
  WEB_DIST: z.string().default("./dist/web"),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }).optional(),
  TRUST_PROXY: z.string().optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number({ error: "must be a whole number" }).int().min(0).default(20),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: z.coerce.number({ error: "must be a whole number" }).int().min(0).default(5),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number({ error: "must be a whole number" }).int().min(0).default(20),
  EVENT_STREAMS_PER_PROCESS: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(5000),
  ALERT_DIGEST_HOUR: z.coerce
    .number({ error: "must be a whole number of hours from 0 to 23" })
    .int("must be a whole number of hours from 0 to 23")
    .min(0, "must be a whole number of hours from 0 to 23")
    .max(23, "must be a whole number of hours from 0 to 23")
    .default(7),
  AUTH_COOKIE_SAMESITE: z.enum(["lax", "none"], { error: "must be lax or none" }).default("lax"),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, "must be a Firebase project id such as my-app-1234")
    .optional(),
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, "must be host:port such as 127.0.0.1:9099")
    .optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: "must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example:465",
    })
    .optional(),
  EMAIL_FROM: z.string().optional(),
  EMAIL_DIR: z.string().default("./data/outbox"),
  EMAIL_RETRY_MS: z.coerce.number({ error: "must be a whole number" }).int().min(1).default(30_000),
  REVIEW_WINDOW_DAYS: z.coerce
    .number({ error: "must be a number of days, such as 14 or 0.5" })
    .positive("must be more than 0 days")
    .max(365, "must be at most 365 days")
    .default(14),
  PAYMENTS: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
  PLATFORM_FEE_PERCENT: z.coerce
    .number({ error: "must be a percentage, such as 10 or 7.5" })
    .min(0, "must be at least 0")
    .max(50, "must be at most 50")
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, "must have at most two decimals")
    .default(10),
  AUTO_RELEASE_DAYS: z.coerce
    .number({ error: "must be a number of days, such as 7 or 0.5" })
    .positive("must be more than 0 days")
    .max(90, "must be at most 90 days")
    .default(7),
  DISPUTE_DAYS: z.coerce
    .number({ error: "must be a number of days, such as 7 or 0.5" })
    .positive("must be more than 0 days")
    .max(90, "must be at most 90 days")
    .default(7),
  // Stripe instead of test mode (decision 030): both keys, or neither.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // The signing secret of the second webhook endpoint, for connected accounts' events (account.updated).
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Where the Stripe SDK sends its requests (a local stand-in in tests): https://api.stripe.com by default.
  STRIPE_API_URL: z.url({ error: "must be a URL, such as https://api.stripe.com" }).optional(),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be a currency code of three capital letters, such as USD")
    .default("USD"),
});

/** Every variable the server reads; .env.example lists each (config.test.ts checks). */
export const ENV_KEYS = Object.keys(EnvSchema.shape);

export type Database =
  | { dialect: "sqlite"; file: string }
  | { dialect: "postgres"; connectionString: string; schema?: string };

export interface Config {
  env: "development" | "production" | "test";
  /** null: every address, IPv6 and IPv4 (main.ts falls back to IPv4 alone where IPv6 is off). */
  host: string | null;
  port: number;
  publicUrl: string;
  /** Where the web app is, for the links of emails: PUBLIC_URL unless the web app is served elsewhere (WEB_URL). */
  webUrl: string;
  /** false when PUBLIC_URL is unset: then any of this machine's own addresses is the site (http/origins.ts). */
  publicUrlConfigured: boolean;
  database: Database;
  authSecret: string;
  trustedOrigins: string[];
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  logLevel: (typeof LOG_LEVELS)[number];
  seedDemoData: boolean;
  /** Anonymous public reads answered from memory (http/response-cache.ts). */
  responseCache: boolean;
  /** SQLite: how often the search index is merged into one piece when it changed (tasks/search-index-merger.ts); 0 never. */
  searchMergeMs: number;
  webDist: string;
  redisUrl: string | null;
  /** false, or the proxies (comma-separated addresses or CIDRs) whose X-Forwarded-For is believed. */
  trustProxy: boolean | string;
  /** Live streams (GET /api/events) one process holds open at once; past it, 503 (notifications/event-hub.ts). */
  eventStreamsPerProcess: number;
  /** The hour (UTC) at which the day's digests of task alerts go out (alerts/alert-digest.ts). */
  alertDigestHour: number;
  /** Requests a minute; 0 turns a limit off. */
  rateLimits: { authPerAddress: number; authPerAccount: number; writesPerUser: number };
  /** Sign-in with Firebase Authentication (accounts/firebase.ts); null when FIREBASE_PROJECT_ID is unset. */
  firebase: { projectId: string; apiKey: string; emulatorHost: string | null } | null;
  /** "none" only for a web app on another site than the API (README, "The web app on its own"); needs https. */
  cookieSameSite: "lax" | "none";
  /** Emails go through SMTP when smtpUrl is set, else into .eml files in dir (email/mailer.ts). */
  email: { smtpUrl: string | null; from: string; dir: string; retryMs: number };
  /** How long after a task ended its two sides may review each other (reviews/reviews.ts); fractional days allowed. */
  reviews: { windowMs: number };
  /**
   * Money at the hire (payments/, decision 030): null when PAYMENTS=off (hiring without money, as
   * before). The provider is test mode's (no keys, no network).
   */
  payments: {
    feePercent: number;
    currency: string;
    autoReleaseMs: number;
    disputeMs: number;
    /** Stripe's keys and the address of its API; null: test mode. */
    stripe: { secretKey: string; webhookSecrets: string[]; apiUrl: string } | null;
  } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  }
}

/** Reads the configuration once, from an environment. Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const values = parsed.data;
  const problems: string[] = [];

  const googleKeys = [values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET];
  if (googleKeys.some(Boolean) && !googleKeys.every(Boolean)) {
    problems.push("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither");
  }
  const stripeKeys = [values.STRIPE_SECRET_KEY, values.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    problems.push("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both to take payments through Stripe, or neither");
  }
  if (values.NODE_ENV === "production" && values.STRIPE_API_URL?.startsWith("http:")) {
    problems.push("STRIPE_API_URL: must be https in production (the secret key travels with every request)");
  }
  const database = parseDatabaseUrl(values.DATABASE_URL);
  if (typeof database === "string") problems.push(`DATABASE_URL: ${database}`);
  if (values.NODE_ENV === "production" && database !== null && typeof database !== "string") {
    if (database.dialect === "postgres" && !values.AUTH_SECRET) {
      problems.push("AUTH_SECRET: required in production with PostgreSQL, so every instance signs sessions alike");
    }
  }
  if (values.FIREBASE_PROJECT_ID && !values.FIREBASE_API_KEY && !values.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      "FIREBASE_API_KEY: required with FIREBASE_PROJECT_ID (the web app's apiKey, to check that an account still exists)",
    );
  }
  if (values.FIREBASE_AUTH_EMULATOR_HOST && values.NODE_ENV === "production") {
    problems.push("FIREBASE_AUTH_EMULATOR_HOST: not in production (it makes the server accept unsigned tokens)");
  }
  if (values.FIREBASE_AUTH_EMULATOR_HOST && !values.FIREBASE_PROJECT_ID) {
    problems.push("FIREBASE_AUTH_EMULATOR_HOST: set FIREBASE_PROJECT_ID too (a demo- project id for the emulator)");
  }
  if (values.AUTH_COOKIE_SAMESITE === "none" && !values.PUBLIC_URL?.startsWith("https:")) {
    problems.push("AUTH_COOKIE_SAMESITE: none needs an https:// PUBLIC_URL (browsers drop such cookies over http)");
  }
  if (problems.length > 0 || typeof database === "string") throw new ConfigError(problems);

  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  const webUrl = (values.WEB_URL ?? publicUrl).replace(/\/+$/, "");
  const trustedOrigins = [
    ...new Set([new URL(publicUrl).origin, new URL(webUrl).origin]),
    ...(values.TRUSTED_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
  ];
  return {
    env: values.NODE_ENV,
    host: values.HOST ?? null,
    port: values.PORT,
    publicUrl,
    webUrl,
    publicUrlConfigured: values.PUBLIC_URL !== undefined,
    database,
    authSecret: values.AUTH_SECRET ?? readOrCreateLocalSecret(database),
    trustedOrigins,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? { issuer: values.GOOGLE_ISSUER, clientId: values.GOOGLE_CLIENT_ID, clientSecret: values.GOOGLE_CLIENT_SECRET }
        : null,
    logLevel: values.LOG_LEVEL,
    seedDemoData: values.SEED_DEMO_DATA,
    responseCache: values.RESPONSE_CACHE,
    searchMergeMs: values.SEARCH_MERGE_MINUTES * 60_000,
    webDist: path.resolve(values.WEB_DIST),
    redisUrl: values.REDIS_URL ?? null,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    eventStreamsPerProcess: values.EVENT_STREAMS_PER_PROCESS,
    alertDigestHour: values.ALERT_DIGEST_HOUR,
    rateLimits: {
      authPerAddress: values.RATE_LIMIT_AUTH_PER_MINUTE,
      authPerAccount: values.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      writesPerUser: values.RATE_LIMIT_WRITES_PER_MINUTE,
    },
    cookieSameSite: values.AUTH_COOKIE_SAMESITE,
    firebase: values.FIREBASE_PROJECT_ID
      ? {
          projectId: values.FIREBASE_PROJECT_ID,
          // The emulator takes any key.
          apiKey: values.FIREBASE_API_KEY ?? "emulator",
          emulatorHost: values.FIREBASE_AUTH_EMULATOR_HOST ?? null,
        }
      : null,
    email: {
      smtpUrl: values.SMTP_URL ?? null,
      from: values.EMAIL_FROM ?? `QuickGig <no-reply@${new URL(publicUrl).hostname}>`,
      dir: path.resolve(values.EMAIL_DIR),
      retryMs: values.EMAIL_RETRY_MS,
    },
    reviews: { windowMs: Math.round(values.REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000) },
    payments:
      values.PAYMENTS === "off"
        ? null
        : {
            feePercent: values.PLATFORM_FEE_PERCENT,
            currency: values.CURRENCY,
            autoReleaseMs: Math.round(values.AUTO_RELEASE_DAYS * 24 * 60 * 60 * 1000),
            disputeMs: Math.round(values.DISPUTE_DAYS * 24 * 60 * 60 * 1000),
            stripe:
              values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
                ? {
                    secretKey: values.STRIPE_SECRET_KEY,
                    webhookSecrets: [values.STRIPE_WEBHOOK_SECRET, values.STRIPE_CONNECT_WEBHOOK_SECRET].filter(
                      (secret): secret is string => Boolean(secret),
                    ),
                    apiUrl: values.STRIPE_API_URL ?? "https://api.stripe.com",
                  }
                : null,
          },
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === "false") return false;
  return value === "true" ? true : value;
}

function parseDatabaseUrl(url: string): Database | string {
  if (/^postgres(ql)?:\/\//.test(url)) {
    try {
      new URL(url);
    } catch {
      return "is not a valid postgres:// URL";
    }
    return { dialect: "postgres", connectionString: url };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return "must be a postgres:// URL or the path of a SQLite file";
  const file = url.replace(/^(sqlite|file):/, "");
  return { dialect: "sqlite", file: file === ":memory:" ? file : path.resolve(file) };
}

/**
 * Without AUTH_SECRET, a single SQLite instance keeps a random secret beside its database, so a
 * newcomer needs no set-up and sessions survive a restart.
 */
function readOrCreateLocalSecret(database: Database): string {
  if (database.dialect !== "sqlite" || database.file === ":memory:") return randomBytes(32).toString("base64url");
  const file = path.join(path.dirname(database.file), ".auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
