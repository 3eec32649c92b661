import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "../../contract/notifications.ts";
import { linkIn, startSmtpServer, type TestSmtpServer } from "../test/smtp-server.ts";
import {
  markEmailVerified,
  PUBLIC_URL,
  postTask,
  setupTestApp,
  signUp,
  TEST_PASSWORD,
  type TestContext,
  type TestUser,
} from "../test/test-app.ts";

/** Issue 27, "Told what matters": which events email by default, what the emails carry, where their links lead. */

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());

/** Offers gather for a second here instead of an hour. */
const OFFERS_GAP_MS = 1500;
const ctx = setupTestApp(() => ({ SMTP_URL: smtp.url, EMAIL_RETRY_MS: "50" }), undefined, {
  emailGaps: { offersMs: OFFERS_GAP_MS },
});
/** PUBLIC_URL unset, as a newcomer's `npm start` runs. */
const local = setupTestApp(() => ({ SMTP_URL: smtp.url, EMAIL_RETRY_MS: "50", PUBLIC_URL: "" }));

type Method = "GET" | "POST" | "PATCH";

function call(context: TestContext, user: TestUser | null, method: Method, url: string, payload?: object) {
  return context.app.inject({
    method,
    url,
    ...(user ? { headers: { cookie: user.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function bid(user: TestUser, taskId: string, amount: number) {
  const response = await call(ctx, user, "POST", "/api/bids", { taskId, amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string };
}

const emailsTo = (user: TestUser, subject: string) =>
  smtp.received.filter((email) => email.to === user.email && email.subject.includes(subject));

let poster: TestUser;
let maya: TestUser;
let lucas: TestUser;
let aisha: TestUser;

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Paula Poster" });
  maya = await signUp(ctx.app, { name: "Maya" });
  lucas = await signUp(ctx.app, { name: "Lucas" });
  aisha = await signUp(ctx.app, { name: "Aisha" });
  for (const user of [poster, maya, lucas, aisha]) await markEmailVerified(ctx, user.email);
});

describe("emails a client gets by default", () => {
  it("the first offer on a task at once, then the ones after it gathered into one email a gap later", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Logo design" });
    await bid(maya, taskId, 450);
    const first = await smtp.waitFor(
      (email) => email.to === poster.email && email.subject === "New bid on “Logo design”",
    );
    expect(first.text).toContain("Maya bid for $450.00 on “Logo design”.");
    const firstAt = Date.now();

    await bid(lucas, taskId, 420);
    await bid(aisha, taskId, 399.5);
    const digest = await smtp.waitFor(
      (email) => email.to === poster.email && email.subject === "2 new offers on “Logo design”",
    );
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(OFFERS_GAP_MS - 200);
    expect(digest.text).toContain("Lucas bid for $420.00 on “Logo design”.");
    expect(digest.text).toContain("Aisha bid for $399.50 on “Logo design”.");
    // One email for the first, one for the two after it; a notice in the app for each.
    expect(emailsTo(poster, "Logo design")).toHaveLength(2);
  });

  it("a freelancer giving the task back", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Shop banner" });
    const offer = await bid(maya, taskId, 200);
    expect((await call(ctx, poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: offer._id })).statusCode).toBe(200);
    expect((await call(ctx, maya, "POST", `/api/tasks/${taskId}/release`)).statusCode).toBe(200);
    const email = await smtp.waitFor((e) => e.to === poster.email && e.subject === "“Shop banner” is open again");
    expect(email.text).toContain("Maya gave “Shop banner” back. It is open for bids again.");
  });
});

describe("a changed offer", () => {
  it("tells the poster the new amount and the one before", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Menu card" });
    const offer = await bid(maya, taskId, 500);
    const changed = await call(ctx, maya, "PATCH", `/api/bids/${offer._id}`, { amount: 450 });
    expect(changed.statusCode, changed.body).toBe(200);
    const notices = (await call(ctx, poster, "GET", "/api/notifications")).json() as Notification[];
    expect(notices[0]).toMatchObject({
      kind: "bid-changed",
      data: { taskId, taskTitle: "Menu card", actorName: "Maya", amount: 450, previousAmount: 500 },
    });
    // Only the message changed: the amount as it is, no "was".
    await call(ctx, maya, "PATCH", `/api/bids/${offer._id}`, { message: "Can start Monday" });
    const [latest] = (await call(ctx, poster, "GET", "/api/notifications")).json() as Notification[];
    expect(latest?.data).toMatchObject({ amount: 450 });
    expect(latest?.data).not.toHaveProperty("previousAmount");
  });
});

describe("a message's email", () => {
  it("carries the message, its first 500 characters, as text and escaped in HTML", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Poster print" });
    await bid(maya, taskId, 120);
    const body = `<b>Hello</b> & welcome ${"x".repeat(600)}`;
    const sent = await call(ctx, poster, "POST", `/api/tasks/${taskId}/threads/${maya.id}/messages`, { body });
    expect(sent.statusCode, sent.body).toBe(201);
    const email = await smtp.waitFor((e) => e.to === maya.email && e.subject === "New message about “Poster print”");
    expect(email.text).toContain(`“${body.slice(0, 500)}…”`);
    expect(email.text).not.toContain(body.slice(0, 501));
    expect(email.html).toContain("&lt;b&gt;Hello&lt;/b&gt; &amp; welcome");
    expect(email.html).not.toContain("<b>Hello");

    const short = "See you at nine";
    await call(ctx, maya, "POST", `/api/tasks/${taskId}/threads/${maya.id}/messages`, { body: short });
    const reply = await smtp.waitFor((e) => e.to === poster.email && e.subject === "New message about “Poster print”");
    expect(reply.text).toContain(`“${short}”`);
  });
});

describe("email links", () => {
  it("lead to the address the person asked from when PUBLIC_URL is unset, and never to a Host that is not ours", async () => {
    const resetAsked = async (host: string, email: string) => {
      const before = smtp.received.length;
      const asked = await local.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        headers: { host },
        payload: { email },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      return smtp.waitFor(
        (e) => e.to === email && e.subject === "Reset your QuickGig password" && smtp.received.indexOf(e) >= before,
      );
    };
    const email = `links-${Date.now()}@example.com`;
    const signedUp = await local.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { host: "127.0.0.1:3000" },
      payload: { name: "Link Tester", email, password: TEST_PASSWORD, image: "https://example.com/a.png" },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const confirm = await smtp.waitFor((e) => e.to === email && e.subject === "Confirm your email for QuickGig");
    expect(linkIn(confirm, "http://127.0.0.1:3000/api/auth/verify-email?token=")).toBeTruthy();

    const onLoopback = await resetAsked("127.0.0.1:3000", email);
    expect(linkIn(onLoopback, "http://127.0.0.1:3000/auth/reset-password?token=")).toBeTruthy();
    const onLocalhost = await resetAsked("localhost:3000", email);
    expect(linkIn(onLocalhost, "http://localhost:3000/auth/reset-password?token=")).toBeTruthy();
    // Another site's name pointed at this machine: the default address, as before.
    const elsewhere = await resetAsked("evil.example:3000", email);
    expect(linkIn(elsewhere, "http://localhost:3000/auth/reset-password?token=")).toBeTruthy();
    expect(elsewhere.text).not.toContain("evil.example");
  });

  it("of notices lead to where the person who caused them was, the unsubscribe link too", async () => {
    const client = await signUp(local.app, { name: "Local Client" });
    const freelancer = await signUp(local.app, { name: "Local Freelancer" });
    await markEmailVerified(local, client.email);
    const taskId = await postTask(local.app, client, { title: "Local logo" });
    const placed = await local.app.inject({
      method: "POST",
      url: "/api/bids",
      headers: { cookie: freelancer.cookie, host: "127.0.0.1:3000" },
      payload: { taskId, amount: 90 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const email = await smtp.waitFor((e) => e.to === client.email && e.subject === "New bid on “Local logo”");
    expect(linkIn(email, `http://127.0.0.1:3000/task-details/${taskId}`)).toBeTruthy();
    expect(linkIn(email, "http://127.0.0.1:3000/email/unsubscribe?token=")).toBeTruthy();
  });

  it("with PUBLIC_URL set, are always it", async () => {
    const email = `configured-${Date.now()}@example.com`;
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { host: "127.0.0.1:3000" },
      payload: { name: "Configured", email, password: TEST_PASSWORD, image: "https://example.com/a.png" },
    });
    const confirm = await smtp.waitFor((e) => e.to === email && e.subject === "Confirm your email for QuickGig");
    expect(linkIn(confirm, `${PUBLIC_URL}/api/auth/verify-email?token=`)).toBeTruthy();
  });
});
