import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, ENV_KEYS, loadConfig } from "./config.ts";

const secret = "s".repeat(32);

describe("loadConfig", () => {
  it("works with nothing set: SQLite under ./data on port 3000", () => {
    const config = loadConfig({ AUTH_SECRET: secret });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ dialect: "sqlite", file: expect.stringMatching(/data\/quickgig\.db$/) });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.google).toBeNull();
    expect(config.seedDemoData).toBe(true);
  });

  it("takes PostgreSQL from a postgres URL and Google from its two keys", () => {
    const config = loadConfig({
      AUTH_SECRET: secret,
      DATABASE_URL: "postgres://app@db.internal:5432/quickgig",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "shh",
      PUBLIC_URL: "https://quickgig.example/",
      TRUSTED_ORIGINS: "https://admin.quickgig.example, https://www.quickgig.example",
    });
    expect(config.database).toEqual({
      dialect: "postgres",
      connectionString: "postgres://app@db.internal:5432/quickgig",
    });
    expect(config.google).toEqual({ issuer: "https://accounts.google.com", clientId: "id", clientSecret: "shh" });
    expect(config.publicUrl).toBe("https://quickgig.example");
    expect(config.trustedOrigins).toEqual([
      "https://quickgig.example",
      "https://admin.quickgig.example",
      "https://www.quickgig.example",
    ]);
  });

  it("counts empty strings as unset", () => {
    const config = loadConfig({ AUTH_SECRET: secret, PORT: "", GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" });
    expect(config.port).toBe(3000);
    expect(config.google).toBeNull();
  });

  it("lists every bad key at once", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        LOG_LEVEL: "loud",
        PUBLIC_URL: "ftp://x",
        NODE_ENV: "staging",
        SEED_DEMO_DATA: "maybe",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join("\n");
    for (const key of ["PORT", "LOG_LEVEL", "PUBLIC_URL", "NODE_ENV", "SEED_DEMO_DATA"])
      expect(problems).toContain(`${key}:`);
  });

  it("refuses half a Google configuration, a foreign database URL and a short secret", () => {
    expect(() => loadConfig({ AUTH_SECRET: secret, GOOGLE_CLIENT_ID: "id" })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ AUTH_SECRET: secret, DATABASE_URL: "mysql://x/y" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
  });

  it("takes payments through Stripe with both of its keys, refuses one alone, and is in test mode without", () => {
    expect(loadConfig({ AUTH_SECRET: secret }).payments?.stripe).toBeNull();
    expect(() => loadConfig({ AUTH_SECRET: secret, STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      loadConfig({ AUTH_SECRET: secret, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }).payments
        ?.stripe,
    ).toEqual({ secretKey: "sk_test_x", webhookSecrets: ["whsec_x"], apiUrl: "https://api.stripe.com" });
  });

  it("holds 5,000 live streams a process unless told otherwise", () => {
    expect(loadConfig({ AUTH_SECRET: secret }).eventStreamsPerProcess).toBe(5000);
    expect(loadConfig({ AUTH_SECRET: secret, EVENT_STREAMS_PER_PROCESS: "10000" }).eventStreamsPerProcess).toBe(10_000);
    expect(() => loadConfig({ AUTH_SECRET: secret, EVENT_STREAMS_PER_PROCESS: "0" })).toThrow(
      "EVENT_STREAMS_PER_PROCESS: must be at least 1",
    );
    expect(() => loadConfig({ AUTH_SECRET: secret, EVENT_STREAMS_PER_PROCESS: "many" })).toThrow(
      "EVENT_STREAMS_PER_PROCESS: must be a whole number",
    );
  });

  it("merges SQLite's search index every 10 minutes unless told otherwise, at most a day apart", () => {
    expect(loadConfig({ AUTH_SECRET: secret }).searchMergeMs).toBe(600_000);
    expect(loadConfig({ AUTH_SECRET: secret, SEARCH_MERGE_MINUTES: "0" }).searchMergeMs).toBe(0);
    expect(loadConfig({ AUTH_SECRET: secret, SEARCH_MERGE_MINUTES: "0.5" }).searchMergeMs).toBe(30_000);
    // A timer longer than about 24.8 days would fire at once, again and again.
    expect(() => loadConfig({ AUTH_SECRET: secret, SEARCH_MERGE_MINUTES: "100000" })).toThrow(
      "SEARCH_MERGE_MINUTES: must be at most 1440 minutes (a day)",
    );
    expect(() => loadConfig({ AUTH_SECRET: secret, SEARCH_MERGE_MINUTES: "soon" })).toThrow(
      "SEARCH_MERGE_MINUTES: must be a number of minutes",
    );
  });

  it("takes the review window in days, 14 unless told, fractions allowed so that tests use seconds", () => {
    expect(loadConfig({ AUTH_SECRET: secret }).reviews.windowMs).toBe(14 * 24 * 60 * 60 * 1000);
    expect(loadConfig({ AUTH_SECRET: secret, REVIEW_WINDOW_DAYS: "0.0001" }).reviews.windowMs).toBe(8640);
    expect(loadConfig({ AUTH_SECRET: secret, REVIEW_WINDOW_DAYS: "" }).reviews.windowMs).toBe(14 * 24 * 60 * 60 * 1000);
    expect(() => loadConfig({ AUTH_SECRET: secret, REVIEW_WINDOW_DAYS: "0" })).toThrow(
      "REVIEW_WINDOW_DAYS: must be more than 0 days",
    );
    expect(() => loadConfig({ AUTH_SECRET: secret, REVIEW_WINDOW_DAYS: "a fortnight" })).toThrow(
      "REVIEW_WINDOW_DAYS: must be a number of days, such as 14 or 0.5",
    );
    expect(() => loadConfig({ AUTH_SECRET: secret, REVIEW_WINDOW_DAYS: "1000" })).toThrow(
      "REVIEW_WINDOW_DAYS: must be at most 365 days",
    );
  });

  it("needs AUTH_SECRET in production with PostgreSQL, where instances must agree", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x@y/z" })).toThrow(/AUTH_SECRET/);
  });

  it("allows cross-site cookies only over https", () => {
    expect(() => loadConfig({ AUTH_SECRET: secret, AUTH_COOKIE_SAMESITE: "none" })).toThrow(
      "AUTH_COOKIE_SAMESITE: none needs an https:// PUBLIC_URL",
    );
    const config = loadConfig({ AUTH_SECRET: secret, AUTH_COOKIE_SAMESITE: "none", PUBLIC_URL: "https://api.example" });
    expect(config.cookieSameSite).toBe("none");
    expect(loadConfig({ AUTH_SECRET: secret }).cookieSameSite).toBe("lax");
  });

  it("takes Firebase sign-in from its project id, with the web API key or an emulator", () => {
    expect(loadConfig({ AUTH_SECRET: secret }).firebase).toBeNull();
    expect(() => loadConfig({ AUTH_SECRET: secret, FIREBASE_PROJECT_ID: "my-app-1234" })).toThrow(
      "FIREBASE_API_KEY: required with FIREBASE_PROJECT_ID",
    );
    expect(() => loadConfig({ AUTH_SECRET: secret, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toThrow(
      "FIREBASE_AUTH_EMULATOR_HOST: set FIREBASE_PROJECT_ID too",
    );
    expect(
      loadConfig({ AUTH_SECRET: secret, FIREBASE_PROJECT_ID: "my-app-1234", FIREBASE_API_KEY: "key" }).firebase,
    ).toEqual({ projectId: "my-app-1234", apiKey: "key", emulatorHost: null });
  });

  it(".env.example lists every variable the server reads, and nothing it does not", () => {
    const listed = readFileSync(".env.example", "utf8")
      .split("\n")
      .map((line) => line.match(/^([A-Z_]+)=/)?.[1])
      .filter((key): key is string => key !== undefined && !key.startsWith("VITE_"));
    expect(listed.sort()).toEqual([...ENV_KEYS].sort());
  });

  it("takes the web app's own address for email links, and trusts it", () => {
    const same = loadConfig({ AUTH_SECRET: secret, PUBLIC_URL: "https://api.quickgig.example" });
    expect(same.webUrl).toBe("https://api.quickgig.example");
    const apart = loadConfig({
      AUTH_SECRET: secret,
      PUBLIC_URL: "https://api.quickgig.example",
      WEB_URL: "https://quickgig.example/",
    });
    expect(apart.webUrl).toBe("https://quickgig.example");
    expect(apart.trustedOrigins).toEqual(["https://api.quickgig.example", "https://quickgig.example"]);
  });
});
