import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp-server.ts";
import { setupTestApp, signUp } from "../test/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { enqueueEmail } from "./outbox.ts";
import { composeEmail } from "./templates.ts";

describe("without SMTP_URL", () => {
  const lines: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "quickgig-eml-"));
  const ctx = setupTestApp({ EMAIL_DIR: dir, LOG_LEVEL: "info" }, undefined, {
    logStream: { write: (line) => lines.push(line) },
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each email as an .eml file a mail program opens, and logs its subject", async () => {
    const user = await signUp(ctx.app, { name: "Newcomer" });
    await expect.poll(() => readdirSync(dir).length).toBe(1);
    const file = readdirSync(dir)[0] ?? "";
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dir, file), "utf8");
    expect(eml).toContain(`To: ${user.email}`);
    expect(eml).toContain("Subject: Confirm your email for QuickGig");
    expect(eml).toContain("Content-Type: text/plain");
    expect(eml).toContain("Content-Type: text/html");
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg?.startsWith("email written"));
    expect(logged).toMatchObject({ subject: "Confirm your email for QuickGig", file: path.join(dir, file) });
  });
});

describe("the outbox across processes and restarts", () => {
  let smtp: TestSmtpServer;
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await smtp.close();
    await database.drop();
  });

  async function start(): Promise<FastifyInstance> {
    const config = {
      ...loadConfig({
        NODE_ENV: "test",
        AUTH_SECRET: "a-test-secret-that-is-at-least-32-characters-long",
        SEED_DEMO_DATA: "false",
        LOG_LEVEL: "silent",
        WEB_DIST: "/nonexistent",
        SMTP_URL: smtp.url,
        EMAIL_RETRY_MS: "50",
      }),
      database: database.config,
    };
    const app = await buildApp(config);
    await app.ready();
    apps.push(app);
    return app;
  }

  async function enqueue(count: number, tag: string) {
    const handle = openDatabase(database.config);
    try {
      for (let i = 0; i < count; i++) {
        await enqueueEmail(
          handle.db,
          composeEmail({ to: `${tag}-${i}@example.com`, name: "Reader", subject: `${tag} ${i}`, lines: ["Hello."] }),
        );
      }
    } finally {
      await handle.close();
    }
  }

  it("a restart sends what was waiting: nothing is lost while the server is down", async () => {
    smtp.setRefusing(true);
    const first = await start();
    await enqueue(3, "restart");
    // The running server finds them at its next look (every 5 s), is refused, and stops with them still waiting.
    await expect.poll(() => smtp.refused, { timeout: 10_000 }).toBeGreaterThan(0);
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    expect(smtp.received.filter((e) => e.subject.startsWith("restart")).length).toBe(0);

    smtp.setRefusing(false);
    await start();
    await expect
      .poll(() => smtp.received.filter((e) => e.subject.startsWith("restart")).length, { timeout: 15_000 })
      .toBe(3);
  });

  it("two servers on one database send each email exactly once", async () => {
    expect(apps.length).toBe(1);
    await start();
    await enqueue(30, "shared");
    await expect
      .poll(() => smtp.received.filter((e) => e.subject.startsWith("shared")).length, { timeout: 20_000 })
      .toBe(30);
    // A moment more: a second copy would come now if two workers had claimed one email.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const subjects = smtp.received.filter((e) => e.subject.startsWith("shared")).map((e) => e.subject);
    expect(new Set(subjects).size).toBe(30);
    expect(subjects.length).toBe(30);
  });
});
