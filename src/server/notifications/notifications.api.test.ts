import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "../../contract/notifications.ts";
import { openDatabase } from "../db/database.ts";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp-server.ts";
import {
  inDays,
  markEmailVerified,
  PUBLIC_URL,
  postTask,
  setupTestApp,
  signUp,
  type TestUser,
  taskInput,
} from "../test/test-app.ts";
import { GATHER_CHANGES_MS } from "./notifier.ts";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());

const ctx = setupTestApp(() => ({ SMTP_URL: smtp.url, EMAIL_RETRY_MS: "50" }));

function call(
  user: TestUser | null,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    ...(user ? { headers: { cookie: user.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function noticesOf(user: TestUser): Promise<Notification[]> {
  const response = await call(user, "GET", "/api/notifications");
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function latest(user: TestUser): Promise<Notification | undefined> {
  return (await noticesOf(user))[0];
}

async function bid(user: TestUser, taskId: string, amount?: number) {
  const response = await call(user, "POST", "/api/bids", { taskId, ...(amount ? { amount } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string };
}

let poster: TestUser;
let alice: TestUser;
let bob: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Paula Poster" });
  alice = await signUp(ctx.app, { name: "Alice Bidder" });
  bob = await signUp(ctx.app, { name: "Bob Bidder" });
  stranger = await signUp(ctx.app, { name: "Sam Stranger" });
  // Notices are emailed only to confirmed addresses.
  for (const user of [poster, alice, bob]) await markEmailVerified(ctx, user.email);
});

describe("a notice for every event", () => {
  it("a new bid tells the poster, with the bidder and the amount", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Bakery logo" });
    await bid(alice, taskId, 180);
    expect(await latest(poster)).toMatchObject({
      kind: "bid-new",
      read: false,
      data: { taskId, taskTitle: "Bakery logo", actorName: "Alice Bidder", amount: 180 },
    });
    // Nobody else hears of it.
    expect((await noticesOf(stranger)).length).toBe(0);
  });

  it("hiring tells the one hired and declines the others, each in their own list", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Flyer" });
    const hired = await bid(alice, taskId, 90);
    await bid(bob, taskId, 80);
    const accepted = await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: hired._id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await latest(alice)).toMatchObject({ kind: "bid-accepted", data: { taskId, amount: 90 } });
    expect(await latest(bob)).toMatchObject({ kind: "bid-declined", data: { taskId, taskTitle: "Flyer" } });

    // The freelancer gives it back: the poster is told.
    expect((await call(alice, "POST", `/api/tasks/${taskId}/release`)).statusCode).toBe(200);
    expect(await latest(poster)).toMatchObject({ kind: "task-released", data: { taskId, actorName: "Alice Bidder" } });
  });

  it("a completed task tells its freelancer; a cancelled one tells every bidder still waiting and the one hired", async () => {
    const done = await postTask(ctx.app, poster, { title: "Done task" });
    const hired = await bid(alice, done);
    await call(poster, "POST", `/api/tasks/${done}/accept`, { bidId: hired._id });
    expect((await call(poster, "POST", `/api/tasks/${done}/complete`)).statusCode).toBe(200);
    expect(await latest(alice)).toMatchObject({ kind: "task-completed", data: { taskId: done } });

    const cancelled = await postTask(ctx.app, poster, { title: "Cancelled task" });
    await bid(alice, cancelled);
    await bid(bob, cancelled);
    expect((await call(poster, "POST", `/api/tasks/${cancelled}/cancel`)).statusCode).toBe(200);
    for (const user of [alice, bob]) {
      expect(await latest(user)).toMatchObject({ kind: "task-cancelled", data: { taskId: cancelled } });
    }
  });

  it("a change after a bid names each changed field with its old and new value", async () => {
    const deadline = inDays(10);
    const taskId = await postTask(ctx.app, poster, { title: "Website", budget: 500, deadline });
    await bid(alice, taskId);
    const newDeadline = inDays(20);
    const changed = await call(
      poster,
      "PUT",
      `/api/tasks/${taskId}`,
      taskInput({ title: "Website", budget: 350, deadline: newDeadline }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await latest(alice);
    expect(notice).toMatchObject({ kind: "task-changed", data: { taskId, taskTitle: "Website" } });
    expect(notice?.data.changes).toEqual([
      { field: "deadline", from: deadline, to: newDeadline },
      { field: "budget", from: 500, to: 350 },
    ]);
    // A new description is quoted from its start.
    await call(
      poster,
      "PUT",
      `/api/tasks/${taskId}`,
      taskInput({ title: "Website", budget: 350, deadline: newDeadline, description: "Now with a blog and a shop." }),
    );
    expect((await latest(alice))?.data.changes).toEqual([
      { field: "description", from: "A one-page site with a contact form.", to: "Now with a blog and a shop." },
    ]);
    // Saving the same fields again changes nothing and tells nobody.
    const before = (await noticesOf(alice)).length;
    await call(
      poster,
      "PUT",
      `/api/tasks/${taskId}`,
      taskInput({ title: "Website", budget: 350, deadline: newDeadline, description: "Now with a blog and a shop." }),
    );
    expect((await noticesOf(alice)).length).toBe(before);
  });

  it("an outcome reads the notices it settles, each person's own about that task only", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Menu card", budget: 300 });
    const elsewhere = await postTask(ctx.app, poster, { title: "Other card", budget: 300 });
    const hired = await bid(alice, taskId, 90);
    await bid(bob, taskId, 80);
    await bid(bob, elsewhere, 80);
    for (const id of [taskId, elsewhere]) {
      const title = id === taskId ? "Menu card" : "Other card";
      const changed = await call(poster, "PUT", `/api/tasks/${id}`, taskInput({ title, budget: 250 }));
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const unreadOf = async (user: TestUser) =>
      (await noticesOf(user))
        .filter((notice) => !notice.read && [taskId, elsewhere].includes(notice.data.taskId))
        .map((notice) => `${notice.kind} ${notice.data.taskTitle}`);
    expect(await unreadOf(bob)).toEqual(["task-changed Other card", "task-changed Menu card"]);

    // The hire is decided: "… changed after your bid" is over for both bidders, on this task only.
    const accepted = await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: hired._id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await unreadOf(alice)).toEqual(["bid-accepted Menu card"]);
    expect(await unreadOf(bob)).toEqual(["bid-declined Menu card", "task-changed Other card"]);
  });

  it("a deleted task tells its bidders, and the notice outlives the task", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Short-lived" });
    await bid(bob, taskId);
    expect((await call(poster, "DELETE", `/api/tasks/${taskId}`)).statusCode).toBe(200);
    expect(await latest(bob)).toMatchObject({ kind: "task-deleted", data: { taskId, taskTitle: "Short-lived" } });
  });

  it("questions tell the poster; a first answer tells the asker, a corrected one does not", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Copywriting" });
    const asked = await call(stranger, "POST", `/api/tasks/${taskId}/questions`, { body: "How many words?" });
    expect(asked.statusCode).toBe(201);
    expect(await latest(poster)).toMatchObject({ kind: "question-new", data: { taskId, actorName: "Sam Stranger" } });
    const questionId = asked.json()._id;
    await call(poster, "PUT", `/api/questions/${questionId}/answer`, { answer: "About 800." });
    expect(await latest(stranger)).toMatchObject({ kind: "question-answered", data: { taskId } });
    const before = (await noticesOf(stranger)).length;
    await call(poster, "PUT", `/api/questions/${questionId}/answer`, { answer: "About 900." });
    expect((await noticesOf(stranger)).length).toBe(before);
  });

  it("a message tells the other person, and marking the thread read reads its notices", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Messages task" });
    await bid(alice, taskId);
    const thread = `/api/tasks/${taskId}/threads/${alice.id}/messages`;
    await call(poster, "POST", thread, { body: "Can you start Monday?" });
    await call(poster, "POST", thread, { body: "And finish by Friday?" });
    const notice = await latest(alice);
    expect(notice).toMatchObject({ kind: "message-new", read: false, data: { taskId, bidderId: alice.id } });
    const unread = (await call(alice, "GET", "/api/notifications/unread")).json();
    expect(unread.messages).toBe(2);
    // Fetching the messages changes nothing; the page's POST once it shows them reads them.
    await call(alice, "GET", thread);
    expect((await call(alice, "GET", "/api/notifications/unread")).json().messages).toBe(2);
    await call(alice, "POST", thread.replace(/messages$/, "read"));
    const after = (await call(alice, "GET", "/api/notifications/unread")).json();
    expect(after.messages).toBe(0);
    const messageNotices = (await noticesOf(alice)).filter((n) => n.kind === "message-new" && n.data.taskId === taskId);
    expect(messageNotices.length).toBe(2);
    expect(messageNotices.every((n) => n.read)).toBe(true);
    // The sender is not told of their own message.
    expect((await noticesOf(poster)).some((n) => n.kind === "message-new" && n.data.taskId === taskId)).toBe(false);
  });

  it("a change that fails writes no notice", async () => {
    const taskId = await postTask(ctx.app, poster);
    await bid(alice, taskId);
    const before = (await noticesOf(poster)).length;
    const again = await call(alice, "POST", "/api/bids", { taskId });
    expect(again.statusCode).toBe(409);
    expect((await noticesOf(poster)).length).toBe(before);
  });
});

describe("reading notices", () => {
  it("marks one or all read, only one's own, and pages back with `before`", async () => {
    const reader = await signUp(ctx.app, { name: "Reader" });
    for (let i = 0; i < 3; i++) {
      const taskId = await postTask(ctx.app, reader, { title: `Reader task ${i}` });
      await bid(alice, taskId);
    }
    const all = await noticesOf(reader);
    expect(all.map((n) => n.data.taskTitle)).toEqual(["Reader task 2", "Reader task 1", "Reader task 0"]);
    const page = (await call(reader, "GET", `/api/notifications?before=${all[0]?.id}&limit=1`)).json();
    expect(page.map((n: Notification) => n.data.taskTitle)).toEqual(["Reader task 1"]);

    expect((await call(stranger, "POST", `/api/notifications/${all[0]?.id}/read`)).statusCode).toBe(404);
    const one = await call(reader, "POST", `/api/notifications/${all[0]?.id}/read`);
    expect(one.json()).toEqual({ notifications: 2, messages: 0 });
    const unread = (await call(reader, "GET", "/api/notifications?unread=true")).json();
    expect(unread.length).toBe(2);
    expect((await call(reader, "POST", "/api/notifications/read-all")).json()).toEqual({
      notifications: 0,
      messages: 0,
    });
    expect((await call(reader, "GET", "/api/notifications/unread")).json()).toEqual({ notifications: 0, messages: 0 });

    const bad = await call(reader, "GET", "/api/notifications?limit=500");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain("Limit must be a whole number from 1 to 50");
    expect((await call(null, "GET", "/api/notifications")).statusCode).toBe(401);
  });
});

describe("choices and emails", () => {
  it("by default emails an accepted bid, a new bid and a release, not a question; choosing off stops the notice too", async () => {
    const chooser = await signUp(ctx.app, { name: "Chooser" });
    const defaults = (await call(chooser, "GET", "/api/me/notification-preferences")).json();
    expect(defaults).toMatchObject({
      "bid-new": "email",
      "bid-accepted": "email",
      "message-new": "email",
      "task-released": "email",
      "task-reopened": "email",
      "question-new": "app",
      "bid-changed": "app",
    });

    const taskId = await postTask(ctx.app, chooser, { title: "Chooser's task" });
    const placed = await bid(alice, taskId);
    await call(chooser, "POST", `/api/tasks/${taskId}/accept`, { bidId: placed._id });
    const email = await smtp.waitFor((e) => e.to === alice.email && e.subject.includes("Chooser's task"));
    expect(email.subject).toBe("Your bid on “Chooser's task” was accepted");
    expect(email.text).toContain("Hello Alice Bidder,");
    expect(email.text).toContain(`http://localhost:3000/task-details/${taskId}`);
    expect(email.html).toContain("Chooser&#39;s task");
    // The chooser's own address is not confirmed: their new bid is told in the app only.
    expect(smtp.received.some((e) => e.to === chooser.email && e.subject.includes("New bid"))).toBe(false);

    // An address nobody confirmed gets no notice by email, only in the app.
    const unconfirmed = await signUp(ctx.app, { name: "Unconfirmed" });
    const second = await postTask(ctx.app, chooser, { title: "For the unconfirmed" });
    const theirs = await bid(unconfirmed, second);
    await call(chooser, "POST", `/api/tasks/${second}/accept`, { bidId: theirs._id });
    expect((await latest(unconfirmed))?.kind).toBe("bid-accepted");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.some((e) => e.to === unconfirmed.email && e.subject.includes("accepted"))).toBe(false);

    const saved = await call(chooser, "PUT", "/api/me/notification-preferences", { "question-new": "off" });
    expect(saved.json()).toMatchObject({ "question-new": "off", "bid-new": "email" });
    const before = (await noticesOf(chooser)).length;
    await call(stranger, "POST", `/api/tasks/${taskId}/questions`, { body: "Still open?" });
    expect((await noticesOf(chooser)).length).toBe(before);

    const wrong = await call(chooser, "PUT", "/api/me/notification-preferences", { "bid-new": "sms" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].message).toBe("Choose email, app or off");
  });

  it("an email's unsubscribe link stops that kind of email without signing in", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Unsubscribe task" });
    await bid(bob, taskId);
    await call(poster, "PUT", `/api/tasks/${taskId}`, taskInput({ title: "Unsubscribe task", budget: 999 }));
    const email = await smtp.waitFor((e) => e.to === bob.email && e.subject.includes("Unsubscribe task"));
    expect(email.text).toContain("Budget changed from $250.00 to $999.00");
    const link = new URL(email.text.match(/To stop these emails: (\S+)/)?.[1] ?? "");
    expect(link.pathname).toBe("/email/unsubscribe");
    const token = link.searchParams.get("token") ?? "";

    const done = await call(null, "POST", "/api/email/unsubscribe", { token });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ kind: "task-changed", label: "Changes to a task I bid on" });
    const choices = (await call(bob, "GET", "/api/me/notification-preferences")).json();
    expect(choices["task-changed"]).toBe("app");
    expect(choices["bid-accepted"]).toBe("email");

    const forged = await call(null, "POST", "/api/email/unsubscribe", { token: token.replace(/.$/, "x") });
    expect(forged.statusCode).toBe(400);
    const otherKind = await call(null, "POST", "/api/email/unsubscribe", {
      token: token.replace("task-changed", "bid-accepted"),
    });
    expect(otherKind.statusCode).toBe(400);
  });

  it("a notice email unsubscribes in one click (RFC 8058): a form post without session or Origin", async () => {
    const carol = await signUp(ctx.app, { name: "Carol Clicker" });
    await markEmailVerified(ctx, carol.email);
    const taskId = await postTask(ctx.app, poster, { title: "One-click task" });
    const placed = await bid(carol, taskId);
    await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: placed._id });
    const email = await smtp.waitFor((e) => e.to === carol.email && e.subject.includes("One-click task"));
    expect(email.rawHeaders.get("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const header = email.rawHeaders.get("list-unsubscribe")?.match(/^List-Unsubscribe:\s*<(https?:\/\/[^>]+)>$/)?.[1];
    const address = new URL(header ?? "");
    expect(address.origin).toBe(PUBLIC_URL);
    expect(address.pathname).toBe("/api/email/one-click-unsubscribe");
    expect((await call(carol, "GET", "/api/me/notification-preferences")).json()["bid-accepted"]).toBe("email");

    // What Gmail and its kin send: the body below, form-encoded, nothing else.
    const oneClick = (body: string, url = `${address.pathname}${address.search}`) =>
      ctx.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: body,
      });
    const wrongBody = await oneClick("List-Unsubscribe=Yes");
    expect(wrongBody.statusCode).toBe(400);
    expect(wrongBody.json().detail).toBe('The body must be "List-Unsubscribe=One-Click"');
    const forged = await oneClick("List-Unsubscribe=One-Click", `${address.pathname}?token=${carol.id}.bid-accepted.x`);
    expect(forged.statusCode).toBe(400);
    const done = await oneClick("List-Unsubscribe=One-Click");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ kind: "bid-accepted", label: "My bid accepted" });
    expect((await call(carol, "GET", "/api/me/notification-preferences")).json()["bid-accepted"]).toBe("app");

    // Subscribed again, the same in multipart/form-data, which RFC 8058 allows too.
    await call(carol, "PUT", "/api/me/notification-preferences", { "bid-accepted": "email" });
    const multipart = await ctx.app.inject({
      method: "POST",
      url: `${address.pathname}${address.search}`,
      headers: { "content-type": "multipart/form-data; boundary=quickgig" },
      payload:
        '--quickgig\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--quickgig--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect((await call(carol, "GET", "/api/me/notification-preferences")).json()["bid-accepted"]).toBe("app");
    // A form on another site's page cannot post it for them.
    await call(carol, "PUT", "/api/me/notification-preferences", { "bid-accepted": "email" });
    const crossSite = await ctx.app.inject({
      method: "POST",
      url: `${address.pathname}${address.search}`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await call(carol, "GET", "/api/me/notification-preferences")).json()["bid-accepted"]).toBe("email");

    // A mail program that opens the address instead is sent to the page that asks.
    const opened = await ctx.app.inject({ url: `${address.pathname}${address.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`${PUBLIC_URL}/email/unsubscribe${address.search}`);
    // Every other write still takes JSON only.
    const form = await ctx.app.inject({
      method: "POST",
      url: "/api/email/unsubscribe",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${encodeURIComponent(address.searchParams.get("token") ?? "")}`,
    });
    expect(form.statusCode).toBe(415);
  });

  it("a poster's many edits send each bidder one email a quarter of an hour, listing every change since", async () => {
    const dana = await signUp(ctx.app, { name: "Dana Digest" });
    await markEmailVerified(ctx, dana.email);
    const taskId = await postTask(ctx.app, poster, { title: "Edited often", budget: 100 });
    await bid(dana, taskId);
    const edit = async (budget: number) => {
      const edited = await call(poster, "PUT", `/api/tasks/${taskId}`, taskInput({ title: "Edited often", budget }));
      expect(edited.json()).toEqual({ modifiedCount: 1 });
    };
    // The first change is emailed at once (with any that come before it is sent)...
    await edit(101);
    const first = await smtp.waitFor((e) => e.to === dana.email && e.subject.includes("Edited often"));
    expect(first.text).toContain("Budget changed from $100.00 to $101.00");
    // ...and the seven after it wait together.
    for (let budget = 102; budget <= 108; budget++) await edit(budget);
    // In the app, one notice per change.
    const notices = (await noticesOf(dana)).filter((n) => n.kind === "task-changed" && n.data.taskId === taskId);
    expect(notices).toHaveLength(8);
    const database = openDatabase(ctx.database.config);
    try {
      const rows = await database.db
        .selectFrom("outbox")
        .select(["id", "lines", "next_attempt_at", "sent_at"])
        .where("recipient", "=", dana.email)
        .where("subject", "like", "%Edited often%")
        .orderBy("id")
        .execute();
      expect(rows).toHaveLength(2);
      const waiting = rows[1];
      expect(waiting?.sent_at).toBeNull();
      const waitMs = new Date(String(waiting?.next_attempt_at)).getTime() - Date.now();
      expect(waitMs).toBeGreaterThan(14 * 60_000);
      expect(waitMs).toBeLessThanOrEqual(GATHER_CHANGES_MS);
      expect(JSON.parse(String(waiting?.lines))).toHaveLength(7);
      // A quarter of an hour on: the waiting email goes, with the seven changes.
      await database.db
        .updateTable("outbox")
        .set({ next_attempt_at: new Date().toISOString() })
        .where("id", "=", Number(waiting?.id))
        .execute();
    } finally {
      await database.close();
    }
    const gathered = await smtp.waitFor(
      (e) => e.to === dana.email && e.subject.includes("Edited often") && e !== first,
      15_000,
    );
    for (let budget = 102; budget <= 108; budget++) {
      expect(gathered.text).toContain(`Budget changed from $${budget - 1}.00 to $${budget}.00`);
    }
    expect(smtp.received.filter((e) => e.to === dana.email && e.subject.includes("Edited often"))).toHaveLength(2);
  });

  it("a waiting email about a task's changes does not go once its news is stale: task cancelled, emails stopped", async () => {
    const erin = await signUp(ctx.app, { name: "Erin Early" });
    await markEmailVerified(ctx, erin.email);
    const waitingAbout = async (title: string) => {
      const database = openDatabase(ctx.database.config);
      try {
        return await database.db
          .selectFrom("outbox")
          .select("id")
          .where("recipient", "=", erin.email)
          .where("subject", "like", `%${title}%`)
          .where("gather_key", "is not", null)
          .where("sent_at", "is", null)
          .execute();
      } finally {
        await database.close();
      }
    };
    for (const [title, end] of [
      ["Called off soon", (taskId: string) => call(poster, "POST", `/api/tasks/${taskId}/cancel`)],
      ["Stopped soon", () => call(erin, "PUT", "/api/me/notification-preferences", { "task-changed": "app" })],
    ] as const) {
      const taskId = await postTask(ctx.app, poster, { title, budget: 100 });
      await bid(erin, taskId);
      await call(poster, "PUT", `/api/tasks/${taskId}`, taskInput({ title, budget: 101 }));
      await smtp.waitFor((e) => e.to === erin.email && e.subject.includes(title));
      await call(poster, "PUT", `/api/tasks/${taskId}`, taskInput({ title, budget: 102 }));
      expect(await waitingAbout(title)).toHaveLength(1);
      expect((await end(taskId)).statusCode).toBe(200);
      expect(await waitingAbout(title)).toEqual([]);
    }
  });

  it("an SMTP server that refuses delays the email and loses none; it goes once the server accepts", async () => {
    smtp.setRefusing(true);
    const refusedBefore = smtp.refused;
    const taskId = await postTask(ctx.app, poster, { title: "While SMTP is down" });
    const placed = await bid(bob, taskId);
    await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: placed._id });
    // Tries and back-off: 50 ms, then 100, 200...
    const deadline = Date.now() + 5000;
    while (smtp.refused < refusedBefore + 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(smtp.refused).toBeGreaterThanOrEqual(refusedBefore + 3);
    expect(smtp.received.some((e) => e.subject.includes("While SMTP is down"))).toBe(false);
    smtp.setRefusing(false);
    const email = await smtp.waitFor((e) => e.to === bob.email && e.subject.includes("While SMTP is down"), 15_000);
    expect(email.subject).toBe("Your bid on “While SMTP is down” was accepted");
    // Once (the poster's email about the new bid is another, theirs).
    expect(smtp.received.filter((e) => e.to === bob.email && e.subject.includes("While SMTP is down")).length).toBe(1);
  });
});

describe("an email's subject when the person acting has a blank name", () => {
  /** The subjects of the emails written to someone about a task, read from the outbox (no wait for delivery). */
  async function subjectsTo(user: TestUser, title: string): Promise<string[]> {
    const database = openDatabase(ctx.database.config);
    try {
      const rows = await database.db
        .selectFrom("outbox")
        .select("subject")
        .where("recipient", "=", user.email)
        .where("subject", "like", `%${title}%`)
        .execute();
      return rows.map((row) => row.subject);
    } finally {
      await database.close();
    }
  }

  async function blankNamed(): Promise<TestUser> {
    const user = await signUp(ctx.app, { name: "Soon Blank" });
    const database = openDatabase(ctx.database.config);
    try {
      await database.db.updateTable("user").set({ name: "" }).where("id", "=", user.id).execute();
    } finally {
      await database.close();
    }
    return user;
  }

  it("a changed offer: “A bidder changed their offer”, not “ changed their offer”", async () => {
    const nameless = await blankNamed();
    const chose = await call(poster, "PUT", "/api/me/notification-preferences", { "bid-changed": "email" });
    expect(chose.statusCode, chose.body).toBe(200);
    const taskId = await postTask(ctx.app, poster, { title: "Blank bidder's task" });
    const offer = await bid(nameless, taskId, 300);
    const changed = await call(nameless, "PATCH", `/api/bids/${offer._id}`, { amount: 280 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await subjectsTo(poster, "Blank bidder's task")).toContain(
      "A bidder changed their offer on “Blank bidder's task”",
    );
  });

  it("a review received: “Someone reviewed you”, not “ reviewed you”", async () => {
    const nameless = await blankNamed();
    const taskId = await postTask(ctx.app, nameless, { title: "Reviewed by a blank name" });
    const offer = await bid(alice, taskId);
    for (const [url, payload] of [
      [`/api/tasks/${taskId}/accept`, { bidId: offer._id }],
      [`/api/tasks/${taskId}/complete`, undefined],
      [`/api/tasks/${taskId}/reviews`, { rating: 5, text: "Thanks" }],
    ] as const) {
      const answer = await call(nameless, "POST", url, payload);
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    }
    const subjects = await subjectsTo(alice, "reviewed you");
    expect(subjects).toEqual(["Someone reviewed you — write yours to see it"]);
  });
});
