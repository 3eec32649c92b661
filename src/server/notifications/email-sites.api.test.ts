import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { openEventStream } from "../test/event-stream.ts";
import { linkIn, startSmtpServer, type TestSmtpServer } from "../test/smtp-server.ts";
import {
  markEmailVerified,
  PUBLIC_URL,
  postTask,
  setupTestApp,
  signUp,
  type TestContext,
  type TestUser,
} from "../test/test-app.ts";

/**
 * Issue 45 (decision 033): every email links to the address its reader last used the site at, the
 * ones a timed job writes too, or to PUBLIC_URL when it is set. Here the job is the window's end
 * of reviews, with a window of seconds.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = 6000;

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());

const quick = { REVIEW_WINDOW_DAYS: String(WINDOW_MS / DAY_MS), EMAIL_RETRY_MS: "50" };
/** PUBLIC_URL unset, as a newcomer's `npm start` runs. */
const local = setupTestApp(() => ({ SMTP_URL: smtp.url, PUBLIC_URL: "", ...quick }), undefined, {
  reviewPublishMs: 50,
});
const configured = setupTestApp(() => ({ SMTP_URL: smtp.url, ...quick }), undefined, { reviewPublishMs: 50 });

async function ok(context: TestContext, user: TestUser, url: string, payload?: object, status = 200) {
  const response = await context.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

/** A client and a freelancer (both confirmed) on a hire ended; the client has reviewed, the freelancer not. */
async function reviewedByClientOnly(
  context: TestContext,
  title: string,
  seen: (freelancer: TestUser) => Promise<void>,
) {
  const client = await signUp(context.app, { name: "Sam Client" });
  const freelancer = await signUp(context.app, { name: "Fern Freelancer" });
  for (const user of [client, freelancer]) await markEmailVerified(context, user.email);
  await seen(freelancer);
  const taskId = await postTask(context.app, client, { title });
  const bid = await ok(context, freelancer, "/api/bids", { taskId }, 201);
  await ok(context, client, `/api/tasks/${taskId}/accept`, { bidId: bid._id });
  await ok(context, client, `/api/tasks/${taskId}/complete`);
  await ok(context, client, `/api/tasks/${taskId}/reviews`, { rating: 4, text: "Good work" }, 201);
  return { client, freelancer, taskId };
}

/** The person opens a page of the site at `origin`: every signed-in page opens the live stream. */
async function visit(origin: string, user: TestUser) {
  const events = await openEventStream(`${origin}/api/events`, { cookie: user.cookie });
  await events.next((event) => event.event === "unread");
  events.close();
}

async function listening(context: TestContext): Promise<string> {
  if (!context.app.server.listening) await context.app.listen({ port: 0, host: "127.0.0.1" });
  const address = context.app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

describe("email links", () => {
  it("lead where the reader last used the site, from a request's email and a timed job's alike (PUBLIC_URL unset)", {
    timeout: 60_000,
  }, async () => {
    const origin = await listening(local);
    const { client, freelancer, taskId } = await reviewedByClientOnly(local, "Site logo", (person) =>
      visit(origin, person),
    );
    // Written in the client's request (at the default address): it follows the freelancer's.
    const waiting = await smtp.waitFor((e) => e.to === freelancer.email && e.subject.includes("reviewed you — write"));
    expect(linkIn(waiting, `${origin}/task-details/${taskId}`)).toBeTruthy();
    expect(linkIn(waiting, `${origin}/email/unsubscribe?token=`)).toBeTruthy();
    // Written by the timed job at the window's end: the same address, not the default one.
    const ended = await smtp.waitFor(
      (e) => e.to === freelancer.email && e.subject === "Sam Client reviewed you on “Site logo”",
      30_000,
    );
    expect(ended.text).toContain("Sam Client reviewed you on “Site logo”; the time to review has ended.");
    expect(linkIn(ended, `${origin}/task-details/${taskId}`)).toBeTruthy();
    expect(ended.text).not.toContain("http://localhost:3000");
    // The client never opened a page here: the default address.
    const theirs = await smtp.waitFor(
      (e) => e.to === client.email && e.subject === "Your review of “Site logo” is published",
      30_000,
    );
    expect(theirs.text).toContain("your review is published; Fern Freelancer wrote none.");
    expect(linkIn(theirs, `http://localhost:3000/task-details/${taskId}`)).toBeTruthy();
  });

  it("never keep a Host that is not one of this machine's addresses", { timeout: 30_000 }, async () => {
    const origin = await listening(local);
    const person = await signUp(local.app, { name: "Host Tester" });
    const events = await openEventStream(`${origin}/api/events`, { cookie: person.cookie, host: "evil.example" });
    await events.next((event) => event.event === "unread");
    events.close();
    const database = openDatabase(local.database.config);
    try {
      const kept = await database.db
        .selectFrom("email_sites")
        .select("origin")
        .where("user_id", "=", person.id)
        .executeTakeFirst();
      expect(kept).toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it("are PUBLIC_URL when it is set, whatever address the reader used", { timeout: 60_000 }, async () => {
    const origin = await listening(configured);
    const { freelancer, taskId } = await reviewedByClientOnly(configured, "Configured logo", (person) =>
      visit(origin, person),
    );
    const ended = await smtp.waitFor(
      (e) => e.to === freelancer.email && e.subject === "Sam Client reviewed you on “Configured logo”",
      30_000,
    );
    expect(linkIn(ended, `${PUBLIC_URL}/task-details/${taskId}`)).toBeTruthy();
    expect(ended.text).not.toContain(origin);
  });
});
