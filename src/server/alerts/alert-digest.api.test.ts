import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { callerOf } from "../test/answers.ts";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp-server.ts";
import { markEmailVerified, postTask, setupTestApp, signUp } from "../test/test-app.ts";
import { testNotifier } from "../test/test-notifier.ts";
import { lastDigestMoment, sendDueDigests } from "./alert-digest.ts";
import { matchQueuedTasks } from "./alert-matcher.ts";

/**
 * A daily digest as a person receives it (issue 47): through the app's own outbox to a real SMTP
 * server, listing each new task once, with a one-click unsubscribe that pauses the search.
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());

const ctx = setupTestApp(() => ({ SMTP_URL: smtp.url, EMAIL_RETRY_MS: "50" }), undefined, { alertMatchMs: 0 });
const call = callerOf(ctx);
let direct: Database;
beforeAll(() => {
  direct = openDatabase(ctx.database.config);
});
afterAll(async () => direct?.close());

describe("the daily digest by email", () => {
  it("arrives once with each new task, and its List-Unsubscribe pauses the search", async () => {
    const dana = await signUp(ctx.app, { name: "Dana Daily" });
    await markEmailVerified(ctx, dana.email);
    const client = await signUp(ctx.app, { name: "Carl Client" });
    const saved = await call(dana, "POST", "/api/saved-searches", { q: "cello", frequency: "daily" });
    expect(saved.statusCode).toBe(201);
    for (const title of ["Cello lessons for a beginner", "Cello and piano duo for a wedding"]) {
      await postTask(ctx.app, client, { title });
    }
    const notifier = testNotifier(ctx, direct);
    while ((await matchQueuedTasks(notifier, direct)).taken > 0) {}

    // The next digest hour, a minute after it: what came before is due.
    const now = new Date();
    const hour = (now.getUTCHours() + 1) % 24;
    const after = new Date(lastDigestMoment(new Date(now.getTime() + 60 * 60_000), hour).getTime() + 60_000);
    const links = { webUrl: ctx.config.webUrl, apiUrl: ctx.config.publicUrl, secret: ctx.config.authSecret };
    expect(await sendDueDigests(direct, links, hour, after)).toBe(1);
    expect(await sendDueDigests(direct, links, hour, after)).toBe(0);

    // The app's outbox sends it within its poll.
    const digest = await smtp.waitFor((email) => email.to === dana.email && email.subject.includes("for “cello”"));
    expect(digest.subject).toBe("2 new tasks for “cello”");
    const listed = digest.text.split("\n\n").filter((line) => line.startsWith("Cello"));
    expect(listed.map((line) => line.split(" — ")[0])).toEqual([
      "Cello and piano duo for a wedding",
      "Cello lessons for a beginner",
    ]);
    expect(listed[0]).toMatch(/· matched cello \(Web Development\): http/);
    expect(digest.rawHeaders.get("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    // A mail provider's one-click unsubscribe, as RFC 8058 posts it.
    const header = digest.rawHeaders.get("list-unsubscribe") ?? "";
    const url = new URL(header.slice(header.indexOf("<") + 1, header.lastIndexOf(">")));
    const response = await ctx.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(dana, "GET", "/api/saved-searches")).json()).toMatchObject([{ q: "cello", paused: true }]);
    // Once only: no second digest came.
    expect(smtp.received.filter((email) => email.to === dana.email && email.subject.includes("“cello”"))).toHaveLength(
      1,
    );
  });
});
