import { type ChildProcess, spawn } from "node:child_process";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { freePort } from "../test/server-process.ts";
import { testDialect } from "../test/test-database.ts";
import { RedisFeed } from "./redis-feed.ts";

const quiet = pino({ level: "silent" });

/** A logger that counts the connection failures a feed reports (its warnings). */
function counting() {
  let failures = 0;
  const log = pino({ level: "warn" }, { write: () => (failures += 1) });
  return { log, failures: () => failures };
}

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within the time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Redis alone, whatever the database: once, in the SQLite project's run.
describe.runIf(testDialect() === "sqlite")("a Redis feed", () => {
  it("started while Redis is away, subscribes once Redis comes, says so, and hears what is published", async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const heard: string[] = [];
    let ups = 0;
    const attempts = counting();
    const listening = new RedisFeed(
      url,
      "quickgig_test",
      "scope",
      { message: (payload) => heard.push(payload), up: () => (ups += 1), down: () => {} },
      attempts.log,
    );
    const publishing = new RedisFeed(url, "quickgig_test", "scope", { message() {}, up() {}, down() {} }, quiet);
    // Nothing listens on the port yet: starting does not fail, and nothing is up.
    await listening.start();
    await publishing.start();
    // Away long enough for a command asked at the start to have given up (it is retried once).
    await until(() => attempts.failures() >= 4);
    expect(ups).toBe(0);
    let redis: ChildProcess | undefined;
    try {
      redis = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: "ignore",
        },
      );
      await until(() => ups > 0);
      // The publishing side reconnects on its own schedule: it says it again until it is heard.
      await until(() => {
        publishing.publish("hello");
        return heard.includes("hello");
      });
      expect(heard).toContain("hello");
    } finally {
      await listening.stop();
      await publishing.stop();
      redis?.kill();
    }
  });
});
