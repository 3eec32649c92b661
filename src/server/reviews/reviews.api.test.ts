import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeNotification } from "../../contract/notifications.ts";
import { REVIEW_MESSAGES } from "../../contract/reputation.ts";
import { buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { OutboxWorker } from "../email/outbox.ts";
import { EventHub } from "../notifications/event-hub.ts";
import { Notifier } from "../notifications/notifier.ts";
import {
  markEmailVerified,
  postTask,
  setupTestApp,
  signUp,
  type TestContext,
  type TestUser,
} from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";
import { ReviewPublisher } from "./publisher.ts";

/** Issue 28: two-way blind reviews (decision 022), on both databases. */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The rules' app: the product's window, its timed job out of the way (it runs at start, then hourly). */
const ctx = setupTestApp({}, undefined, { reviewPublishMs: 60 * 60_000 });
/**
 * The timed job's app: the product's window, its own job out of the way; the tests run the job's
 * passes themselves, at moments they name (before half the window, after it, at its end).
 */
const jobs = setupTestApp({}, undefined, { reviewPublishMs: 60 * 60_000 });
/** The running job's app: a window of seconds, the job every 50 ms (one test, of the end state only). */
const WINDOW_MS = 5000;
const quick = setupTestApp({ REVIEW_WINDOW_DAYS: String(WINDOW_MS / DAY_MS) }, undefined, { reviewPublishMs: 50 });

type Method = "GET" | "POST" | "PUT";

function callOn(app: FastifyInstance, user: TestUser | null, method: Method, url: string, payload?: object) {
  return app.inject({
    method,
    url,
    ...(user ? { headers: { cookie: user.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  callOn(ctx.app, user, method, url, payload);

function expectRefused(response: LightMyRequestResponse, status: number, detail?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  if (detail) expect(response.json().detail).toBe(detail);
}

async function expectOk(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json();
}

/** A task posted by `client`, bid on by `freelancer` and hired; then ended as asked. */
async function hire(
  context: TestContext,
  client: TestUser,
  freelancer: TestUser,
  end: "complete" | "cancel" | null = "complete",
  title = "Logo design",
): Promise<string> {
  const taskId = await postTask(context.app, client, { title });
  const bid = await expectOk(callOn(context.app, freelancer, "POST", "/api/bids", { taskId }), 201);
  await expectOk(callOn(context.app, client, "POST", `/api/tasks/${taskId}/accept`, { bidId: bid._id }));
  if (end) await expectOk(callOn(context.app, client, "POST", `/api/tasks/${taskId}/${end}`));
  return taskId;
}

const review = (rating: number, text: string, extra: object = {}) => ({ rating, text, ...extra });

function post(context: TestContext, user: TestUser, taskId: string, body: object) {
  return callOn(context.app, user, "POST", `/api/tasks/${taskId}/reviews`, body);
}

const reviewsOf = async (user: TestUser | null, taskId: string, context = ctx) =>
  expectOk(callOn(context.app, user, "GET", `/api/tasks/${taskId}/reviews`));

/** A database connection of the test's own, to read what the API does not show. */
function openFor(context: TestContext): () => Database {
  let database: Database | undefined;
  afterAll(async () => database?.close());
  return () => {
    database ??= openDatabase(context.database.config);
    return database;
  };
}
const db = openFor(ctx);
const jobsDb = openFor(jobs);
const quickDb = openFor(quick);

/**
 * The timed job as a process of its own runs it: a publisher with its own connection and notifier
 * (notices and emails written in its transactions; the app's outbox worker sends them).
 */
function publisherFor(context: TestContext): () => ReviewPublisher {
  let database: Database | undefined;
  let publisher: ReviewPublisher | undefined;
  afterAll(async () => database?.close());
  return () => {
    if (publisher) return publisher;
    database = openDatabase(context.database.config);
    const outbox = new OutboxWorker(database, async () => {}, { retryMs: 1000, log: context.app.log });
    void outbox.stop();
    const { webUrl, publicUrl, authSecret } = context.config;
    const notifier = new Notifier(database, new EventHub(), outbox, {
      webUrl,
      apiUrl: publicUrl,
      secret: authSecret,
      followRequest: false,
    });
    publisher = new ReviewPublisher(notifier, database.db, {
      windowMs: context.config.reviews.windowMs,
      log: context.app.log,
    });
    return publisher;
  };
}
const firstProcess = publisherFor(jobs);
const secondProcess = publisherFor(jobs);

async function noticesOf(database: Database, user: TestUser, kind: string, taskId?: string) {
  let query = database.db
    .selectFrom("notifications")
    .select(["kind", "task_id", "data", "read_at"])
    .where("user_id", "=", user.id)
    .where("kind", "=", kind);
  if (taskId) query = query.where("task_id", "=", taskId);
  return (await query.execute()).map((row) => ({ ...row, data: JSON.parse(row.data) }));
}

/** The text of the emails written to someone's address with this subject. */
async function emailsTo(user: TestUser, subject: string, database = db()): Promise<string[]> {
  const rows = await database.db
    .selectFrom("outbox")
    .select("text_body")
    .where("recipient", "=", user.email)
    .where("subject", "=", subject)
    .execute();
  return rows.map((row) => row.text_body);
}

async function profileOf(database: Database, user: TestUser) {
  const row = await database.db
    .selectFrom("profiles")
    .select(["rating_sum", "rating_count", "completed", "listed"])
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return row && { ...row, rating_sum: Number(row.rating_sum), rating_count: Number(row.rating_count) };
}

let client: TestUser;
let maya: TestUser;
let lucas: TestUser;
let onlooker: TestUser;

beforeAll(async () => {
  client = await signUp(ctx.app, { name: "Paula Poster" });
  maya = await signUp(ctx.app, { name: "Maya" });
  lucas = await signUp(ctx.app, { name: "Lucas" });
  onlooker = await signUp(ctx.app, { name: "Onlooker" });
  for (const user of [client, maya]) await markEmailVerified(ctx, user.email);
});

describe("who may review, and when", () => {
  it("refuses a task that has not ended with a hire, anyone but its two sides, and an unknown task", async () => {
    const open = await postTask(ctx.app, client);
    expectRefused(await post(ctx, client, open, review(5, "Great")), 409, REVIEW_MESSAGES.notEnded);
    expectRefused(await post(ctx, onlooker, open, review(5, "Great")), 403, REVIEW_MESSAGES.notParty);

    const assigned = await hire(ctx, client, maya, null);
    expectRefused(await post(ctx, client, assigned, review(5, "Great")), 409, REVIEW_MESSAGES.notEnded);
    expectRefused(await post(ctx, maya, assigned, review(5, "Great")), 409, REVIEW_MESSAGES.notEnded);

    const cancelledOpen = await postTask(ctx.app, client);
    await expectOk(call(client, "POST", `/api/tasks/${cancelledOpen}/cancel`));
    expectRefused(await post(ctx, client, cancelledOpen, review(5, "Great")), 409, REVIEW_MESSAGES.notEnded);

    const completed = await postTask(ctx.app, client);
    const fromMaya = await expectOk(call(maya, "POST", "/api/bids", { taskId: completed }), 201);
    await expectOk(call(lucas, "POST", "/api/bids", { taskId: completed }), 201);
    await expectOk(call(client, "POST", `/api/tasks/${completed}/accept`, { bidId: fromMaya._id }));
    await expectOk(call(client, "POST", `/api/tasks/${completed}/complete`));
    // Another bidder, an onlooker, a visitor.
    expectRefused(await post(ctx, lucas, completed, review(1, "Unfair")), 403, REVIEW_MESSAGES.notParty);
    expectRefused(await post(ctx, onlooker, completed, review(1, "Unfair")), 403, REVIEW_MESSAGES.notParty);
    expectRefused(await call(null, "POST", `/api/tasks/${completed}/reviews`, review(1, "Unfair")), 401);
    expectRefused(await post(ctx, client, "no-such-task", review(5, "Great")), 404);
    expect((await reviewsOf(null, completed)).published).toEqual([]);
  });

  it("a task cancelled after a hire is reviewed by both; one given back is reviewed by whoever finished it", async () => {
    const cancelled = await hire(ctx, client, maya, "cancel");
    await expectOk(post(ctx, maya, cancelled, review(2, "Cancelled on me")), 201);
    await expectOk(post(ctx, client, cancelled, review(4, "Fine")), 201);

    const taskId = await postTask(ctx.app, client);
    const fromMaya = await expectOk(call(maya, "POST", "/api/bids", { taskId }), 201);
    const fromLucas = await expectOk(call(lucas, "POST", "/api/bids", { taskId }), 201);
    await expectOk(call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: fromMaya._id }));
    await expectOk(call(maya, "POST", `/api/tasks/${taskId}/release`));
    await expectOk(call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId: fromLucas._id }));
    await expectOk(call(client, "POST", `/api/tasks/${taskId}/complete`));
    expectRefused(await post(ctx, maya, taskId, review(1, "Gave it back")), 403, REVIEW_MESSAGES.notParty);
    const written = await expectOk(post(ctx, client, taskId, review(5, "Lucas finished it")), 201);
    expect(written).toMatchObject({ subject: { id: lucas.id, name: "Lucas" }, role: "client" });
  });

  it.each([
    [{ rating: 0, text: "x" }, "Rating must be a whole number of stars from 1 to 5"],
    [{ rating: 6, text: "x" }, "Rating must be a whole number of stars from 1 to 5"],
    [{ rating: 4.5, text: "x" }, "Rating must be a whole number of stars from 1 to 5"],
    [{ rating: "5", text: "x" }, "Rating must be a whole number of stars from 1 to 5"],
    [{ text: "x" }, "Rating must be a whole number of stars from 1 to 5"],
    [{ rating: 5 }, "Review is required"],
    [{ rating: 5, text: "   " }, "Review is required"],
    [{ rating: 5, text: "x".repeat(2001) }, "Review must be at most 2,000 characters"],
    [{ rating: 5, text: "Fine", quality: 9 }, "Quality of work must be a whole number of stars from 1 to 5"],
  ])("refuses %j with a 400 naming the field", async (body, detail) => {
    const taskId = await hire(ctx, client, maya);
    expectRefused(await post(ctx, client, taskId, body), 400, detail);
    expect((await reviewsOf(client, taskId)).mine).toBeNull();
  });

  it("takes the aspects from the client only", async () => {
    const taskId = await hire(ctx, client, maya);
    const aspects = { communication: 5, quality: 4, deadline: 3 };
    expectRefused(
      await post(ctx, maya, taskId, review(5, "Nice client", aspects)),
      400,
      REVIEW_MESSAGES.aspectsClientOnly,
    );
    const written = await expectOk(post(ctx, client, taskId, review(4, "Good work", aspects)), 201);
    expect(written).toMatchObject({ rating: 4, ...aspects, publishedAt: null, answer: null });
  });

  it("twelve of the same review sent at once make one review; the others are refused (issue 42, held)", async () => {
    const taskId = await hire(ctx, client, maya);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => post(ctx, client, taskId, review(4, `Sent ${n}`))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(11).fill(409)]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) {
      expect(answer.json().detail).toBe(REVIEW_MESSAGES.already);
    }
    const rows = await db().db.selectFrom("reviews").select("id").where("task_id", "=", taskId).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a second review and, after the window, a new review or a change", async () => {
    const taskId = await hire(ctx, client, maya);
    await expectOk(post(ctx, client, taskId, review(4, "Good")), 201);
    expectRefused(await post(ctx, client, taskId, review(5, "Better")), 409, REVIEW_MESSAGES.already);
    expectRefused(
      await call(maya, "PUT", `/api/tasks/${taskId}/reviews/mine`, review(5, "Nothing yet")),
      404,
      REVIEW_MESSAGES.noReview,
    );
    // The task ended 15 days ago.
    await db()
      .db.updateTable("assignments")
      .set({ ended_at: new Date(Date.now() - 15 * DAY_MS).toISOString() })
      .where("task_id", "=", taskId)
      .execute();
    expectRefused(await post(ctx, maya, taskId, review(5, "Late")), 409, REVIEW_MESSAGES.windowEnded);
    expectRefused(
      await call(client, "PUT", `/api/tasks/${taskId}/reviews/mine`, review(5, "Changed")),
      409,
      REVIEW_MESSAGES.windowEnded,
    );
    expect((await reviewsOf(maya, taskId)).canReview).toBe(false);
    expect(await expectOk(call(maya, "GET", `/api/tasks/${taskId}`))).not.toHaveProperty("reviewDue");
  });
});

describe("blind until both are in", () => {
  it("shows a review to its author alone, says one waits, and publishes both together", async () => {
    const taskId = await hire(ctx, client, maya, "complete", "Blind logo");
    const before = await profileOf(db(), maya);
    expect(await expectOk(call(maya, "GET", `/api/tasks/${taskId}`))).toMatchObject({
      ownerId: client.id,
      assigneeId: maya.id,
      reviewDue: true,
    });
    expect(await expectOk(call(client, "GET", `/api/tasks/${taskId}`))).toMatchObject({ reviewDue: true });

    const secret = "Sharp work, a little late";
    const written = await expectOk(post(ctx, client, taskId, review(4, secret, { deadline: 3 })), 201);
    expect(written).toMatchObject({
      taskId,
      taskTitle: "Blind logo",
      role: "client",
      author: { id: client.id, name: "Paula Poster" },
      subject: { id: maya.id, name: "Maya" },
      rating: 4,
      text: secret,
      deadline: 3,
      publishedAt: null,
    });

    const asClient = await reviewsOf(client, taskId);
    expect(asClient).toMatchObject({
      reviewable: true,
      canReview: false,
      canEdit: true,
      waitingForMe: false,
      mine: { _id: written._id, text: secret },
      other: { id: maya.id, name: "Maya" },
      published: [],
    });
    expect(new Date(asClient.windowEndsAt).getTime()).toBeGreaterThan(Date.now() + 13 * DAY_MS);
    const asMaya = await reviewsOf(maya, taskId);
    expect(asMaya).toMatchObject({
      canReview: true,
      canEdit: false,
      waitingForMe: true,
      mine: null,
      other: { id: client.id },
      published: [],
    });
    // Nobody but its author reads a word of it: not the other side, not an onlooker, not a visitor.
    for (const reader of [maya, onlooker, null]) {
      const body = (await call(reader, "GET", `/api/tasks/${taskId}/reviews`)).body;
      expect(body).not.toContain(secret);
      expect(body).not.toContain(written._id);
    }
    expect(await reviewsOf(null, taskId)).toEqual({
      reviewable: true,
      windowEndsAt: null,
      canReview: false,
      canEdit: false,
      mine: null,
      waitingForMe: false,
      other: null,
      published: [],
    });
    expectRefused(await call(maya, "POST", `/api/reviews/${written._id}/answer`, { answer: "Hm" }), 409);
    expectRefused(
      await call(onlooker, "POST", `/api/reviews/${written._id}/answer`, { answer: "Hm" }),
      404,
      REVIEW_MESSAGES.reviewNotFound,
    );
    const [received] = await noticesOf(db(), maya, "review-received", taskId);
    expect(received?.data).toMatchObject({ actorName: "Paula Poster", taskTitle: "Blind logo" });
    expect(await noticesOf(db(), client, "review-received", taskId)).toEqual([]);
    // Its email: who, what to do, and the task's page.
    const emails = await emailsTo(maya, "Paula Poster reviewed you — write yours to see it");
    expect(emails.filter((text) => text.includes(`/task-details/${taskId}`))).toHaveLength(1);

    // Changed while hidden; still hidden.
    const changed = await expectOk(
      call(client, "PUT", `/api/tasks/${taskId}/reviews/mine`, review(5, "Sharp work", { quality: 5 })),
    );
    expect(changed).toMatchObject({ _id: written._id, rating: 5, text: "Sharp work", quality: 5, publishedAt: null });
    expect(changed).not.toHaveProperty("deadline");
    expect(changed.updatedAt > written.updatedAt || changed.updatedAt === written.updatedAt).toBe(true);
    expect(await profileOf(db(), maya)).toEqual(before);

    // Maya's review: both are published, at one moment.
    const hers = await expectOk(post(ctx, maya, taskId, review(3, "Clear brief")), 201);
    expect(hers.publishedAt).not.toBeNull();
    const published = (await reviewsOf(null, taskId)).published;
    expect(published.map((one: { text: string }) => one.text)).toEqual(["Sharp work", "Clear brief"]);
    expect(published[0].publishedAt).toBe(published[1].publishedAt);
    expect(published[0].publishedAt).toBe(hers.publishedAt);
    expect(await reviewsOf(maya, taskId)).toMatchObject({ canReview: false, canEdit: false, waitingForMe: false });
    expect(await expectOk(call(maya, "GET", `/api/tasks/${taskId}`))).not.toHaveProperty("reviewDue");

    // The client's stars count in Maya's record; Maya's of the client do not count in any profile's.
    const after = await profileOf(db(), maya);
    expect(after?.rating_sum).toBe((before?.rating_sum ?? 0) + 5);
    expect(after?.rating_count).toBe((before?.rating_count ?? 0) + 1);
    for (const user of [client, maya]) {
      expect(await noticesOf(db(), user, "reviews-published", taskId)).toHaveLength(1);
    }
    for (const user of [client, maya]) {
      const emails = await emailsTo(user, "Your reviews of “Blind logo” are published");
      expect(emails.filter((text) => text.includes(`/task-details/${taskId}`))).toHaveLength(1);
    }

    expectRefused(
      await call(client, "PUT", `/api/tasks/${taskId}/reviews/mine`, review(1, "Changed my mind")),
      409,
      REVIEW_MESSAGES.published,
    );
    expectRefused(await post(ctx, maya, taskId, review(5, "Again")), 409, REVIEW_MESSAGES.already);
  });

  it("lets the person reviewed answer a published review once", async () => {
    const taskId = await hire(ctx, client, maya);
    const ofMaya = await expectOk(post(ctx, client, taskId, review(2, "Missed the deadline")), 201);
    expectRefused(
      await call(maya, "POST", `/api/reviews/${ofMaya._id}/answer`, { answer: "Wait" }),
      409,
      REVIEW_MESSAGES.notPublished,
    );
    await expectOk(post(ctx, maya, taskId, review(4, "Friendly")), 201);

    expectRefused(
      await call(client, "POST", `/api/reviews/${ofMaya._id}/answer`, { answer: "Mine" }),
      403,
      REVIEW_MESSAGES.notSubject,
    );
    expectRefused(
      await call(onlooker, "POST", `/api/reviews/${ofMaya._id}/answer`, { answer: "Mine" }),
      403,
      REVIEW_MESSAGES.notSubject,
    );
    expectRefused(
      await call(maya, "POST", `/api/reviews/${ofMaya._id}/answer`, { answer: "  " }),
      400,
      "Answer is required",
    );
    expectRefused(
      await call(maya, "POST", "/api/reviews/no-such-review/answer", { answer: "Hi" }),
      404,
      REVIEW_MESSAGES.reviewNotFound,
    );
    const answered = await expectOk(
      call(maya, "POST", `/api/reviews/${ofMaya._id}/answer`, { answer: "The brief changed twice" }),
    );
    expect(answered.answer).toMatchObject({ text: "The brief changed twice" });
    expectRefused(
      await call(maya, "POST", `/api/reviews/${ofMaya._id}/answer`, { answer: "And again" }),
      409,
      REVIEW_MESSAGES.alreadyAnswered,
    );
    const [shown] = (await reviewsOf(null, taskId)).published;
    expect(shown.answer).toMatchObject({ text: "The brief changed twice" });
  });

  it("shows reviewDue on My Posted Tasks and My Bids to whoever still owes a review", async () => {
    const taskId = await hire(ctx, client, lucas, "complete", "Due review");
    const mine = async () =>
      (await expectOk(call(client, "GET", "/api/tasks?owner=me&limit=50"))).find(
        (task: { _id: string }) => task._id === taskId,
      );
    const bidOf = async () =>
      (await expectOk(call(lucas, "GET", "/api/my-bids?limit=50"))).find(
        (bid: { task: { _id: string } }) => bid.task._id === taskId,
      );
    expect(await mine()).toMatchObject({ reviewDue: true, ownerId: client.id, assigneeId: lucas.id });
    expect((await bidOf()).task).toMatchObject({ reviewDue: true });
    await expectOk(post(ctx, lucas, taskId, review(5, "Lovely client")), 201);
    expect((await bidOf()).task).not.toHaveProperty("reviewDue");
    expect(await mine()).toMatchObject({ reviewDue: true });
    await expectOk(post(ctx, client, taskId, review(5, "Lovely work")), 201);
    expect(await mine()).not.toHaveProperty("reviewDue");
  });

  it("two reviews at once, by both sides: both published, once, at one moment", async () => {
    const tasks = await Promise.all([1, 2, 3, 4].map((n) => hire(ctx, client, maya, "complete", `Race ${n}`)));
    const before = await profileOf(db(), maya);
    await Promise.all(
      tasks.flatMap((taskId) => [
        expectOk(post(ctx, client, taskId, review(4, "Race")), 201),
        expectOk(post(ctx, maya, taskId, review(5, "Race")), 201),
      ]),
    );
    for (const taskId of tasks) {
      const { published } = await reviewsOf(null, taskId);
      expect(published).toHaveLength(2);
      expect(published[0].publishedAt).toBe(published[1].publishedAt);
      for (const user of [client, maya]) {
        expect(await noticesOf(db(), user, "reviews-published", taskId)).toHaveLength(1);
      }
    }
    const after = await profileOf(db(), maya);
    expect(after?.rating_count).toBe((before?.rating_count ?? 0) + tasks.length);
    expect(after?.rating_sum).toBe((before?.rating_sum ?? 0) + 4 * tasks.length);
  });
});

describe("the timed job, at the moments it runs", () => {
  let poster: TestUser;
  let freelancer: TestUser;
  beforeAll(async () => {
    poster = await signUp(jobs.app, { name: "Quinn Client" });
    freelancer = await signUp(jobs.app, { name: "Fay Freelancer" });
    await markEmailVerified(jobs, freelancer.email);
  });

  const hireOf = async (taskId: string) =>
    jobsDb()
      .db.selectFrom("assignments")
      .select(["ended_at", "reviews_closed_at", "reminded_at"])
      .where("task_id", "=", taskId)
      .where("outcome", "=", "completed")
      .executeTakeFirstOrThrow();

  /** The moment a fraction of the window after the latest of these hires ended. */
  async function momentOf(taskIds: string[], fraction: number): Promise<Date> {
    const ends = await Promise.all(taskIds.map(async (taskId) => new Date((await hireOf(taskId)).ended_at ?? "")));
    const last = Math.max(...ends.map((end) => end.getTime()));
    return new Date(last + fraction * jobs.config.reviews.windowMs);
  }

  const published = async (taskId: string) => (await reviewsOf(null, taskId, jobs)).published;

  it("reminds nobody of a task a moderator removed", async () => {
    // People of their own: the next test counts its freelancer's record.
    const client = await signUp(jobs.app, { name: "Rae Removed" });
    const worker = await signUp(jobs.app, { name: "Wes Worker" });
    const taskId = await hire(jobs, client, worker, "complete", "Removed after the work");
    await jobsDb().db.updateTable("tasks").set({ status: "removed" }).where("id", "=", taskId).execute();
    await firstProcess().runOnce(await momentOf([taskId], 0.8));
    for (const user of [client, worker]) {
      expect(await noticesOf(jobsDb(), user, "review-reminder", taskId)).toEqual([]);
    }
  });

  it("reminds whoever has not reviewed when a quarter of the window is left, once, then publishes the hidden review at the window's end", async () => {
    const taskId = await hire(jobs, poster, freelancer, "complete", "Quick task");
    const written = await expectOk(post(jobs, poster, taskId, review(2, "Slow")), 201);
    expect(written.publishedAt).toBeNull();
    const reminders = async (user: TestUser) => noticesOf(jobsDb(), user, "review-reminder", taskId);
    const [received] = await noticesOf(jobsDb(), freelancer, "review-received", taskId);
    expect(received?.read_at).toBeNull();

    // Before three quarters of the window: nothing.
    await firstProcess().runOnce(await momentOf([taskId], 0.7));
    expect(await reminders(freelancer)).toEqual([]);
    expect(await hireOf(taskId)).toMatchObject({ reminded_at: null, reviews_closed_at: null });

    // A quarter left: whoever has not reviewed is reminded, with the window's end; the words count
    // the real time left (14 × 0.2 = 2.8 days: "2 days", never more than there is).
    await firstProcess().runOnce(await momentOf([taskId], 0.8));
    const [reminder] = await reminders(freelancer);
    const end = await momentOf([taskId], 1);
    expect(reminder?.data).toMatchObject({ taskTitle: "Quick task", reviewsEndAt: end.toISOString() });
    expect(await reminders(poster)).toEqual([]);
    const [email] = await emailsTo(freelancer, "Leave a review of “Quick task”", jobsDb());
    expect(email).toContain("Leave a review of “Quick task”: the time to review ends in 2 days.");
    expect(email).toContain(`/task-details/${taskId}`);
    // Read later, the same notice counts what is left then.
    const words = (at: Date) => describeNotification("review-reminder", reminder?.data, at);
    expect(words(new Date(end.getTime() - 83_000))).toBe(
      "Leave a review of “Quick task”: the time to review ends in 1 minute.",
    );
    expect(words(new Date(end.getTime() - 23.5 * 60 * 60_000))).toBe(
      "Leave a review of “Quick task”: the time to review ends in 23 hours.",
    );
    expect(words(end)).toBe("The time to review “Quick task” has ended.");

    // Once; and until the end, still hidden.
    await firstProcess().runOnce(await momentOf([taskId], 0.9));
    await firstProcess().runOnce(new Date((await momentOf([taskId], 1)).getTime() - 1));
    expect(await reminders(freelancer)).toHaveLength(1);
    expect(await published(taskId)).toEqual([]);
    expect((await hireOf(taskId)).reviews_closed_at).toBeNull();

    // At the end: published, the window closed, the stars in the freelancer's record, and each
    // side told what happened to them: the author that theirs is out, the other that they were reviewed.
    await firstProcess().runOnce(await momentOf([taskId], 1));
    const [shown] = await published(taskId);
    expect(shown).toMatchObject({ _id: written._id, text: "Slow" });
    expect((await hireOf(taskId)).reviews_closed_at).not.toBeNull();
    expect(await profileOf(jobsDb(), freelancer)).toMatchObject({ rating_sum: 2, rating_count: 1, completed: 1 });
    const [toAuthor] = await noticesOf(jobsDb(), poster, "reviews-published", taskId);
    const [toSilent] = await noticesOf(jobsDb(), freelancer, "reviews-published", taskId);
    expect(describeNotification("reviews-published", toAuthor?.data)).toBe(
      "The time to review “Quick task” has ended: your review is published; Fay Freelancer wrote none.",
    );
    expect(describeNotification("reviews-published", toSilent?.data)).toBe(
      "Quinn Client reviewed you on “Quick task”; the time to review has ended.",
    );
    const [silentEmail] = await emailsTo(freelancer, "Quinn Client reviewed you on “Quick task”", jobsDb());
    expect(silentEmail).toContain("Quinn Client reviewed you on “Quick task”; the time to review has ended.");
    expect(await emailsTo(freelancer, "Your reviews of “Quick task” are published", jobsDb())).toEqual([]);
    // What those notices said is over: "… reviewed you — write yours" and the reminder are read.
    expect((await noticesOf(jobsDb(), freelancer, "review-received", taskId))[0]?.read_at).not.toBeNull();
    expect((await reminders(freelancer))[0]?.read_at).not.toBeNull();
    expect(toSilent?.read_at).toBeNull();
    expectRefused(await post(jobs, freelancer, taskId, review(5, "Too late")), 409, REVIEW_MESSAGES.windowEnded);
    expect(await reviewsOf(freelancer, taskId, jobs)).toMatchObject({ canReview: false, waitingForMe: false });
  });

  it("sends no reminder in the window's last sixteenth (a job that was down): too late to act on", async () => {
    const taskId = await hire(jobs, poster, freelancer, "complete", "Late job");
    await firstProcess().runOnce(await momentOf([taskId], 0.95));
    for (const user of [poster, freelancer]) {
      expect(await noticesOf(jobsDb(), user, "review-reminder", taskId)).toEqual([]);
    }
  });

  it("closes a window nobody used: both reminded, nothing published, nobody told of a publication", async () => {
    const taskId = await hire(jobs, poster, freelancer, "complete", "Silent task");
    await firstProcess().runOnce(await momentOf([taskId], 0.75));
    await firstProcess().runOnce(await momentOf([taskId], 1));
    expect((await hireOf(taskId)).reviews_closed_at).not.toBeNull();
    expect(await published(taskId)).toEqual([]);
    for (const user of [poster, freelancer]) {
      expect(await noticesOf(jobsDb(), user, "review-reminder", taskId)).toHaveLength(1);
      expect(await noticesOf(jobsDb(), user, "reviews-published", taskId)).toEqual([]);
    }
  });

  it("two processes running it at the same moments publish and remind each hire once", async () => {
    const tasks = await Promise.all([1, 2, 3, 4, 5].map((n) => hire(jobs, poster, freelancer, "complete", `Two ${n}`)));
    const before = await profileOf(jobsDb(), freelancer);
    for (const taskId of tasks.slice(0, 4)) await expectOk(post(jobs, poster, taskId, review(4, "Fine")), 201);
    for (const fraction of [0.8, 1]) {
      const moment = await momentOf(tasks, fraction);
      // On PostgreSQL both at once: the conditional claims decide. SQLite has one writer at a time
      // (a second process's pass fails on the lock and is tried again at its next run), so there
      // the second runs after the first, at the same moment, and finds every hire taken.
      if (testDialect() === "postgres") {
        await Promise.all([firstProcess().runOnce(moment), secondProcess().runOnce(moment)]);
      } else {
        await firstProcess().runOnce(moment);
        await secondProcess().runOnce(moment);
      }
    }
    for (const taskId of tasks) {
      expect((await hireOf(taskId)).reviews_closed_at).not.toBeNull();
      expect(await noticesOf(jobsDb(), freelancer, "review-reminder", taskId)).toHaveLength(1);
      const count = tasks.indexOf(taskId) < 4 ? 1 : 0;
      expect(await published(taskId)).toHaveLength(count);
      for (const user of [poster, freelancer]) {
        expect(await noticesOf(jobsDb(), user, "reviews-published", taskId)).toHaveLength(count);
      }
    }
    const after = await profileOf(jobsDb(), freelancer);
    expect(after?.rating_count).toBe((before?.rating_count ?? 0) + 4);
    expect(after?.rating_sum).toBe((before?.rating_sum ?? 0) + 16);
  });

  describe("with a second process on the same database", () => {
    let second: FastifyInstance;
    beforeAll(async () => {
      second = await buildApp(jobs.config, { reviewPublishMs: 60 * 60_000 });
      await second.ready();
    });
    afterAll(async () => second?.close());

    it("two reviews at once through two processes: both published, once", async () => {
      const tasks = await Promise.all([1, 2, 3].map((n) => hire(jobs, poster, freelancer, "complete", `Both ${n}`)));
      await Promise.all(
        tasks.flatMap((taskId) => [
          expectOk(post(jobs, poster, taskId, review(3, "Both")), 201),
          expectOk(callOn(second, freelancer, "POST", `/api/tasks/${taskId}/reviews`, review(4, "Both")), 201),
        ]),
      );
      for (const taskId of tasks) {
        const shown = await published(taskId);
        expect(shown).toHaveLength(2);
        expect(shown[0].publishedAt).toBe(shown[1].publishedAt);
        expect(await noticesOf(jobsDb(), freelancer, "reviews-published", taskId)).toHaveLength(1);
      }
    });
  });
});

describe("the running job, without anyone visiting", () => {
  it("publishes a hidden review by itself once the window has ended", { timeout: 60_000 }, async () => {
    const poster = await signUp(quick.app, { name: "Rita Client" });
    const freelancer = await signUp(quick.app, { name: "Ravi Freelancer" });
    const taskId = await hire(quick, poster, freelancer, "complete", "Running job");
    const written = await expectOk(post(quick, poster, taskId, review(3, "Fine")), 201);
    // Only the end state, with a generous limit: the job runs every 50 ms, the window is 5 s.
    await expect
      .poll(async () => (await reviewsOf(null, taskId, quick)).published.length, { timeout: 45_000, interval: 200 })
      .toBe(1);
    const [shown] = (await reviewsOf(null, taskId, quick)).published;
    expect(shown).toMatchObject({ _id: written._id, text: "Fine" });
    expect(await profileOf(quickDb(), freelancer)).toMatchObject({ rating_sum: 3, rating_count: 1, completed: 1 });
  });
});
