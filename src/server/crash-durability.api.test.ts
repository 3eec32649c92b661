import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import {
  cookiesOf,
  freePort,
  PRODUCTION_BUNDLE,
  type ServerProcess,
  startServerProcess,
} from "./test/server-process.ts";
import { inDays } from "./test/test-app.ts";
import { testDialect } from "./test/test-database.ts";

/**
 * Crash durability on SQLite: a write load against the real server, killed with SIGKILL at random
 * moments and restarted, 20 times. Every write that was answered 2xx must be there exactly once,
 * and the database must pass its integrity check.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const dir = mkdtempSync(path.join(tmpdir(), "quickgig-crash-"));
const file = path.join(dir, "quickgig.db");

afterAll(() => {
  server?.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

let server: ServerProcess | undefined;

async function start(port: number): Promise<string> {
  server = await startServerProcess(
    { DATABASE_URL: file, SEED_DEMO_DATA: "false", LOG_LEVEL: "error", RATE_LIMIT_WRITES_PER_MINUTE: "0" },
    port,
    PRODUCTION_BUNDLE,
  );
  return server.origin;
}

describe.skipIf(testDialect() !== "sqlite")("crash durability (SQLite, SIGKILL)", () => {
  it(`keeps every acknowledged write through ${KILLS} kills`, async () => {
    const port = await freePort();
    let origin = await start(port);
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({
        name: "Writer",
        email: "writer@crash.test",
        password: "Writer123",
        image: "https://example.com/w.png",
      }),
    });
    const cookie = cookiesOf(signUp);

    expect(signUp.status).toBe(200);
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      let running = true;
      const writers = Array.from({ length: 4 }, async () => {
        while (running) {
          const title = `write-${sent++}`;
          try {
            const response = await fetch(`${origin}/api/tasks`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie, origin },
              body: JSON.stringify({ title, category: "Writing", description: "d", deadline: inDays(5), budget: 10 }),
            });
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
            if (response.status === 201) acknowledged.push(title);
          } catch {
            // The server died mid-request: this write was never acknowledged.
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 350));
      server?.child.kill("SIGKILL");
      running = false;
      await Promise.all(writers);
      origin = await start(port);
    }
    await server?.stop();

    const db = new SQLite(file, { readonly: true });
    const rows = db.prepare("select title, count(*) as n from tasks group by title").all() as Array<{
      title: string;
      n: number;
    }>;
    const integrity = db.pragma("integrity_check", { simple: true });
    db.close();
    const stored = new Map(rows.map((row) => [row.title, row.n]));

    expect(integrity).toBe("ok");
    expect(acknowledged.length, `answers: ${JSON.stringify([...statuses])}`).toBeGreaterThan(KILLS);
    const missing = acknowledged.filter((title) => stored.get(title) !== 1);
    expect(missing).toEqual([]);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    console.log(
      `crash durability: ${KILLS} SIGKILLs, ${sent} writes sent, ${acknowledged.length} acknowledged, all present once, ${rows.length} rows stored, integrity ${integrity}`,
    );
  }, 180_000);
});
