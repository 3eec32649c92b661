import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.ts";
import { MODERATION_MESSAGES, type ReportTarget } from "../../contract/moderation.ts";
import type { Notification } from "../../contract/notifications.ts";
import { REMOVED_TASK_TITLE, REVIEW_MESSAGES } from "../../contract/reputation.ts";
import { reportableContents, taskNeighboursOf } from "../app.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { createId } from "../ids.ts";
import type { Notifier } from "../notifications/notifier.ts";
import { sanctionInForce } from "../standing/standing.ts";
import {
  PUBLIC_URL,
  postTask,
  sessionCookie,
  setupTestApp,
  signUp,
  TEST_PASSWORD,
  type TestUser,
} from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";
import { testNotifier } from "../test/test-notifier.ts";
import { suspendAccount } from "./enforcement.ts";

/**
 * Issue 29, decision 023: what each sanction does across the app, on both databases, through the
 * API as people use it. Sanctions are applied by calling enforcement.ts in a transaction of a
 * notifier of the test's own (as a moderator's decision does) and by writing their rows; the
 * decisions' routes are tested with them (admin.api.test.ts).
 */

// A built web app as the build leaves it, for the task page the server renders (screens/page-screens.ts).
const webDist = mkdtempSync(path.join(tmpdir(), "quickgig-web-enforcement-"));
writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>QuickGig</title><div id=root></div>");
mkdirSync(path.join(webDist, "first-screens"));
mkdirSync(path.join(webDist, ".vite"));
writeFileSync(
  path.join(webDist, "first-screens", "task-details.template.html"),
  "<!doctype html><title>Task - QuickGig</title><div id=root><!--quickgig:first-screen--></div>",
);
writeFileSync(
  path.join(webDist, ".vite", "page-templates.json"),
  JSON.stringify({ "task-details": "first-screens/task-details.template.html" }),
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

// The sanctions here are written by another connection, which the app's response cache would not
// hear of on SQLite (a decision through the API empties it, as any write does).
const ctx = setupTestApp({ WEB_DIST: webDist, RESPONSE_CACHE: "false" });

let direct: Database;
let notifier: Notifier;
let moderator: TestUser;
beforeAll(async () => {
  direct = openDatabase(ctx.database.config);
  notifier = testNotifier(ctx, direct);
  moderator = await signUp(ctx.app, { name: "Mo Derator" });
});
afterAll(() => direct?.close());

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
function call(user: TestUser | null, method: Method, url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    ...(user ? { headers: { cookie: user.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function ok(response: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json();
}

function expectRefused(response: LightMyRequestResponse, status: number, detail: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  expect(response.json().detail).toBe(detail);
}

/** Removes content as a moderator's decision does, through the feature that owns it; what restoring needs. */
function remove(kind: ReportTarget, id: string): Promise<string | null> {
  return notifier.transaction((trx, notices) => contents().of(kind).remove(trx, notices, id));
}

function restore(kind: ReportTarget, id: string, previousState: string | null): Promise<void> {
  return notifier.transaction((trx) => contents().of(kind).restore(trx, id, previousState));
}

const contents = () => reportableContents(taskNeighboursOf(ctx.config.reviews.windowMs));

/** A sanction row on a person, as a decision writes it; its id. */
async function sanction(person: TestUser, kind: "warn" | "limit" | "suspend", rule = "honest"): Promise<string> {
  const id = createId();
  await direct.db
    .insertInto("sanctions")
    .values({
      id,
      user_id: person.id,
      kind,
      rule,
      note: "Seen in the queue.",
      target_kind: "profile",
      target_id: person.id,
      task_id: null,
      target_title: person.name,
      previous_state: null,
      created_by: moderator.id,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

async function lift(sanctionId: string): Promise<void> {
  await direct.db
    .updateTable("sanctions")
    .set({ lifted_at: new Date().toISOString(), lifted_by: moderator.id })
    .where("id", "=", sanctionId)
    .execute();
}

async function suspend(person: TestUser, rule = "honest"): Promise<string> {
  const id = await sanction(person, "suspend", rule);
  await notifier.transaction((trx, notices) => suspendAccount(trx, notices, person.id, testDialect()));
  return id;
}

/** The viewer's bid as My Bids shows it. */
async function myBid(user: TestUser, bidId: string) {
  const bids = await ok(call(user, "GET", "/api/my-bids?limit=100"));
  return bids.find((row: { _id: string }) => row._id === bidId);
}

async function noticesOf(user: TestUser): Promise<Notification[]> {
  return ok(call(user, "GET", "/api/notifications"));
}

async function bid(user: TestUser, taskId: string, amount = 100): Promise<string> {
  return (await ok(call(user, "POST", "/api/bids", { taskId, amount }), 201))._id;
}

async function hire(poster: TestUser, freelancer: TestUser, title: string): Promise<string> {
  const taskId = await postTask(ctx.app, poster, { title });
  const bidId = await bid(freelancer, taskId);
  await ok(call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId }));
  return taskId;
}

const titlesOf = (tasks: Array<{ title: string }>) => tasks.map((task) => task.title);

/** A list's page and its X-Total-Count. */
async function list(query: string, user: TestUser | null = null) {
  const response = await call(user, "GET", `/api/tasks?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { titles: titlesOf(response.json()), total: Number(response.headers["x-total-count"]) };
}

describe("a removed task", () => {
  let poster: TestUser;
  let bidder: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    poster = await signUp(ctx.app, { name: "Scam Poster" });
    bidder = await signUp(ctx.app, { name: "Hopeful Bidder" });
    other = await signUp(ctx.app, { name: "Other Bidder" });
  });

  it("leaves every list, search, count, featured task, sitemap and page, for everyone, until restored", async () => {
    const kept = await postTask(ctx.app, poster, { title: "Zanzibar kept mural", category: "Design" });
    const taskId = await postTask(ctx.app, poster, { title: "Zanzibar scam mural", category: "Design" });
    const before = {
      all: await list("limit=100"),
      design: await list("category=Design&limit=100"),
      open: await list("status=open&limit=100"),
      search: await list("q=zanzibar"),
      mine: await list("owner=me&limit=100", poster),
    };
    expect(before.search).toEqual({ titles: ["Zanzibar scam mural", "Zanzibar kept mural"], total: 2 });
    const featured = async () => titlesOf(await ok(call(null, "GET", "/api/features-tasks")));
    const sitemap = async () => (await call(null, "GET", "/sitemaps/tasks-1.xml")).body;
    expect(await sitemap()).toContain(taskId);

    const state = await remove("task", taskId);
    expect(JSON.parse(state ?? "null")).toEqual({ status: "open", bids: [] });
    for (const [name, query, user] of [
      ["all", "limit=100", null],
      ["design", "category=Design&limit=100", null],
      ["open", "status=open&limit=100", null],
      ["mine", "owner=me&limit=100", poster],
    ] as const) {
      const after = await list(query, user);
      expect(after.titles, name).not.toContain("Zanzibar scam mural");
      expect(after.titles, name).toContain("Zanzibar kept mural");
      expect(after.total, name).toBe(before[name].total - 1);
    }
    expect(await list("q=zanzibar")).toEqual({ titles: ["Zanzibar kept mural"], total: 1 });
    expect(await list("q=zanzibar&status=open,closed,assigned,completed,cancelled")).toEqual({
      titles: ["Zanzibar kept mural"],
      total: 1,
    });
    expect(await featured()).not.toContain("Zanzibar scam mural");
    expect(await sitemap()).not.toContain(taskId);
    expect(await sitemap()).toContain(kept);
    // Its page answers 404 to everyone, its poster too, saying why; the server's first screen too.
    for (const user of [null, poster, bidder]) {
      expectRefused(await call(user, "GET", `/api/tasks/${taskId}`), 404, MODERATION_MESSAGES.removedTask);
    }
    const screen = await ctx.app.inject({ url: `/task-details/${taskId}`, headers: { "accept-encoding": "identity" } });
    expect(screen.statusCode).toBe(404);
    expect(screen.body).not.toContain("Zanzibar scam mural");
    // Its poster cannot change or delete it (the evidence stays), nor ask, bid or message on it.
    expectRefused(await call(poster, "DELETE", `/api/tasks/${taskId}`), 404, MODERATION_MESSAGES.removedTask);
    expectRefused(
      await call(bidder, "POST", "/api/bids", { taskId, amount: 50 }),
      404,
      MODERATION_MESSAGES.removedTask,
    );
    expectRefused(
      await call(bidder, "POST", `/api/tasks/${taskId}/questions`, { body: "Still on?" }),
      404,
      MODERATION_MESSAGES.removedTask,
    );
    // Removed twice: nothing more to keep.
    expect(await remove("task", taskId)).toBeNull();

    await restore("task", taskId, state);
    expect((await ok(call(null, "GET", `/api/tasks/${taskId}`))).status).toBe("open");
    expect(await list("q=zanzibar")).toEqual({ titles: ["Zanzibar scam mural", "Zanzibar kept mural"], total: 2 });
    expect((await list("limit=100")).total).toBe(before.all.total);
    expect((await list("category=Design&limit=100")).total).toBe(before.design.total);
    expect(await featured()).toEqual(expect.arrayContaining(["Zanzibar scam mural"]));
    expect(await sitemap()).toContain(taskId);
  });

  it("cancels its waiting offers and tells their bidders and its hired freelancer; restoring puts each back", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Quokka offers", budget: 300 });
    const waiting = await bid(bidder, taskId, 120);
    const withdrawn = await bid(other, taskId, 130);
    await ok(call(other, "DELETE", `/api/bids/${withdrawn}`));
    const state = await remove("task", taskId);
    expect(JSON.parse(state ?? "null")).toEqual({ status: "open", bids: [waiting] });

    const told = (await noticesOf(bidder)).find((notice) => notice.kind === "task-removed");
    expect(told?.data).toMatchObject({ taskId, taskTitle: "Quokka offers" });
    expect((await noticesOf(other)).some((notice) => notice.kind === "task-removed")).toBe(false);
    // My Bids keeps the offer, as for a deleted task: no page to go to, the offer ended with it.
    expect(await myBid(bidder, waiting)).toMatchObject({
      status: "cancelled",
      task: { _id: taskId, title: "Quokka offers", status: "cancelled", deleted: true },
    });
    // The dashboard's latest doings leave it out, for its poster and its bidder.
    const activity = async (user: TestUser) =>
      (await ok(call(user, "GET", "/api/me/summary"))).activity.map((item: { taskId: string }) => item.taskId);
    expect(await activity(poster)).not.toContain(taskId);
    expect(await activity(bidder)).not.toContain(taskId);

    await restore("task", taskId, state);
    expect(await myBid(bidder, waiting)).toMatchObject({ status: "pending", task: { status: "open" } });
    expect((await myBid(bidder, waiting)).task.deleted).toBeUndefined();
    expect(await activity(poster)).toContain(taskId);

    // Assigned when removed: the freelancer hired is told, and the task comes back assigned.
    const hired = await hire(poster, other, "Quokka hired");
    const hiredState = await remove("task", hired);
    expect(JSON.parse(hiredState ?? "null")).toMatchObject({ status: "assigned" });
    expect((await noticesOf(other)).find((notice) => notice.kind === "task-removed")?.data.taskId).toBe(hired);
    expectRefused(await call(poster, "POST", `/api/tasks/${hired}/complete`), 404, MODERATION_MESSAGES.removedTask);
    await restore("task", hired, hiredState);
    expect(await ok(call(poster, "GET", `/api/tasks/${hired}`))).toMatchObject({
      status: "assigned",
      assigneeId: other.id,
    });
  });

  it("takes its threads with it: none listed, none opened, until restored", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Wombat thread" });
    await bid(bidder, taskId);
    const thread = `/api/tasks/${taskId}/threads/${bidder.id}/messages`;
    await ok(call(poster, "POST", thread, { body: "Pay me outside QuickGig." }), 201);
    const state = await remove("task", taskId);
    for (const user of [poster, bidder]) {
      const threads = await ok(call(user, "GET", "/api/threads"));
      expect(threads.map((row: { taskId: string }) => row.taskId)).not.toContain(taskId);
      expectRefused(await call(user, "GET", thread), 404, MODERATION_MESSAGES.removedTask);
    }
    await restore("task", taskId, state);
    const threads = await ok(call(bidder, "GET", "/api/threads"));
    expect(threads.map((row: { taskId: string }) => row.taskId)).toContain(taskId);
  });
});

describe("removed questions, messages and reviews", () => {
  let poster: TestUser;
  let asker: TestUser;
  beforeAll(async () => {
    poster = await signUp(ctx.app, { name: "Quiet Poster" });
    asker = await signUp(ctx.app, { name: "Loud Asker" });
  });

  it("a removed question shows to nobody, its task's poster included, and cannot be answered; restored, it is back", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Questions here" });
    const ask = async (body: string) =>
      (await ok(call(asker, "POST", `/api/tasks/${taskId}/questions`, { body }), 201))._id as string;
    const fine = await ask("Which colours?");
    const abusive = await ask("Call me on 555-0100 instead.");
    const seen = async (user: TestUser | null) => {
      const response = await call(user, "GET", `/api/tasks/${taskId}/questions`);
      expect(response.statusCode).toBe(200);
      return {
        ids: response.json().map((question: { _id: string }) => question._id),
        total: Number(response.headers["x-total-count"]),
      };
    };
    await remove("question", abusive);
    for (const user of [null, poster, asker]) expect(await seen(user)).toEqual({ ids: [fine], total: 1 });
    expectRefused(
      await call(poster, "PUT", `/api/questions/${abusive}/answer`, { answer: "No." }),
      404,
      MESSAGES.questionNotFound,
    );
    await restore("question", abusive, null);
    expect(await seen(null)).toEqual({ ids: [abusive, fine], total: 2 });
  });

  it("a removed message keeps its place in its thread, without its words, in the thread and its preview", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Messages here" });
    await bid(asker, taskId);
    const thread = `/api/tasks/${taskId}/threads/${asker.id}/messages`;
    await ok(call(poster, "POST", thread, { body: "Hello, thanks for the offer." }), 201);
    const abusive = (await ok(call(asker, "POST", thread, { body: "Send the money to my bank." }), 201))._id;
    await remove("message", abusive);
    for (const user of [poster, asker]) {
      const messages = await ok(call(user, "GET", thread));
      expect(messages.map((message: { body: string }) => message.body)).toEqual([
        "Hello, thanks for the offer.",
        MODERATION_MESSAGES.removedMessage,
      ]);
      // Said as a flag too: nobody is offered to report what is gone.
      expect(messages.map((message: { removed?: boolean }) => message.removed)).toEqual([undefined, true]);
      const preview = (await ok(call(user, "GET", "/api/threads"))).find(
        (row: { taskId: string }) => row.taskId === taskId,
      );
      expect(preview.lastMessage).toBe(MODERATION_MESSAGES.removedMessage);
      expect(JSON.stringify(await ok(call(user, "GET", "/api/threads")))).not.toContain("my bank");
    }
    await restore("message", abusive, null);
    expect((await ok(call(poster, "GET", thread))).at(-1).body).toBe("Send the money to my bank.");
  });

  it("a removed review is shown nowhere and counts in no rating or Find Freelancers; restored, it counts again", async () => {
    const freelancer = await signUp(ctx.app, { name: "Reviewed Freelancer" });
    await ok(
      call(freelancer, "PUT", "/api/profile/about", { bio: "I paint.", skills: ["Painting"], field: "Designers" }),
    );
    const taskId = await hire(poster, freelancer, "Reviewed work");
    await ok(call(poster, "POST", `/api/tasks/${taskId}/complete`));
    const review = await ok(
      call(poster, "POST", `/api/tasks/${taskId}/reviews`, { rating: 1, text: "Terrible, and a slur here." }),
      201,
    );
    await ok(call(freelancer, "POST", `/api/tasks/${taskId}/reviews`, { rating: 5, text: "Great client." }), 201);
    const profile = () => ok(call(null, "GET", `/api/users/${freelancer.id}`));
    const reviews = async () => {
      const page = await ok(call(null, "GET", `/api/users/${freelancer.id}/reviews?as=freelancer`));
      return { ids: page.reviews.map((row: { _id: string }) => row._id), total: page.total };
    };
    const card = async () =>
      (await ok(call(null, "GET", "/api/freelancers?q=Reviewed%20Freelancer"))).freelancers.find(
        (row: { id: string }) => row.id === freelancer.id,
      );
    const taskReviews = async () =>
      (await ok(call(null, "GET", `/api/tasks/${taskId}/reviews`))).published.map((row: { _id: string }) => row._id);
    expect((await profile()).asFreelancer.rating.count).toBe(1);
    expect(await reviews()).toEqual({ ids: [review._id], total: 1 });
    expect((await card()).reputation.reviews).toBe(1);

    await remove("review", review._id);
    expect((await profile()).asFreelancer.rating).toMatchObject({ count: 0, distribution: { 1: 0 } });
    expect(await reviews()).toEqual({ ids: [], total: 0 });
    expect((await card()).reputation.reviews).toBe(0);
    expect(await taskReviews()).not.toContain(review._id);
    // Its author does not see it either, and its subject cannot answer it.
    expect((await ok(call(poster, "GET", `/api/tasks/${taskId}/reviews`))).mine).toBeNull();
    expectRefused(
      await call(freelancer, "POST", `/api/reviews/${review._id}/answer`, { answer: "Untrue." }),
      404,
      REVIEW_MESSAGES.reviewNotFound,
    );

    await restore("review", review._id, null);
    expect((await profile()).asFreelancer.rating.count).toBe(1);
    expect(await reviews()).toEqual({ ids: [review._id], total: 1 });
    expect((await card()).reputation.reviews).toBe(1);
    expect(await taskReviews()).toContain(review._id);
  });
});

describe("a review of a removed task (issue 42)", () => {
  it("stays on the profile, its task's title replaced by words that say it was removed, until restored", async () => {
    const poster = await signUp(ctx.app, { name: "Client Of Removed" });
    const freelancer = await signUp(ctx.app, { name: "Worked On Removed" });
    const taskId = await hire(poster, freelancer, "Quokka-secret-title job");
    await ok(call(poster, "POST", `/api/tasks/${taskId}/complete`));
    await ok(call(poster, "POST", `/api/tasks/${taskId}/reviews`, { rating: 4, text: "Good work." }), 201);
    await ok(call(freelancer, "POST", `/api/tasks/${taskId}/reviews`, { rating: 5, text: "Good client." }), 201);
    const answers = async () => [
      await call(null, "GET", `/api/users/${freelancer.id}/reviews?as=freelancer`),
      await call(null, "GET", `/api/users/${poster.id}/reviews?as=client`),
      await call(null, "GET", `/api/users/${freelancer.id}`),
      await call(freelancer, "GET", `/api/users/${freelancer.id}/reviews?as=freelancer`),
    ];
    const titles = async () =>
      (await ok(call(null, "GET", `/api/users/${freelancer.id}/reviews?as=freelancer`))).reviews.map(
        (row: { taskTitle: string; taskRemoved?: boolean }) => [row.taskTitle, row.taskRemoved ?? false],
      );
    expect(await titles()).toEqual([["Quokka-secret-title job", false]]);

    const previous = await remove("task", taskId);
    expect(await titles()).toEqual([[REMOVED_TASK_TITLE, true]]);
    for (const answer of await answers()) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain("Quokka-secret-title");
    }

    await restore("task", taskId, previous);
    expect(await titles()).toEqual([["Quokka-secret-title job", false]]);
  });
});

describe("a removed profile", () => {
  it("shows no bio or skills and is out of Find Freelancers, whatever its person writes next, until restored", async () => {
    const person = await signUp(ctx.app, { name: "Spammy Profile" });
    const about = { bio: "Buy followers at spam.example", skills: ["Followers"], field: "Marketers" };
    await ok(call(person, "PUT", "/api/profile/about", about));
    const found = async () =>
      (await ok(call(null, "GET", "/api/freelancers?q=Spammy"))).freelancers.map((row: { id: string }) => row.id);
    expect(await found()).toEqual([person.id]);

    await remove("profile", person.id);
    expect(await ok(call(null, "GET", `/api/users/${person.id}`))).toMatchObject({ bio: "", skills: [] });
    expect(await found()).toEqual([]);
    await ok(call(person, "PUT", "/api/profile/about", { ...about, bio: "Still buying followers." }));
    expect(await ok(call(null, "GET", `/api/users/${person.id}`))).toMatchObject({ bio: "", skills: [] });
    expect(await found()).toEqual([]);

    await restore("profile", person.id, null);
    expect(await ok(call(null, "GET", `/api/users/${person.id}`))).toMatchObject({
      bio: "Still buying followers.",
      skills: ["Followers"],
    });
    expect(await found()).toEqual([person.id]);
  });

  it("of someone who never wrote one hides what they write after", async () => {
    const person = await signUp(ctx.app, { name: "Silent Profile" });
    await remove("profile", person.id);
    await ok(call(person, "PUT", "/api/profile/about", { bio: "Now I talk.", skills: ["Talking"], field: null }));
    expect(await ok(call(null, "GET", `/api/users/${person.id}`))).toMatchObject({ bio: "", skills: [] });
  });
});

describe("a limited person", () => {
  let limited: TestUser;
  let client: TestUser;
  let limitId: string;
  const refusal = MODERATION_MESSAGES.limited("on-platform");
  beforeAll(async () => {
    limited = await signUp(ctx.app, { name: "Limited Larry" });
    client = await signUp(ctx.app, { name: "Client Clara" });
  });

  it("cannot post a task, bid, change a bid or ask a question: 403 naming the rule", async () => {
    const open = await postTask(ctx.app, client, { title: "Limit target" });
    const other = await postTask(ctx.app, client, { title: "Limit other" });
    const pending = await bid(limited, open, 90);
    limitId = await sanction(limited, "limit", "on-platform");
    expect(await sanctionInForce(direct.db, limited.id, "limit")).toEqual({ id: limitId, rule: "on-platform" });

    const before = (await list("owner=me", limited)).total;
    expectRefused(
      await call(limited, "POST", "/api/tasks", {
        title: "Not posted",
        category: "Design",
        description: "Refused.",
        deadline: "2099-01-01",
        budget: 50,
      }),
      403,
      refusal,
    );
    expect((await list("owner=me", limited)).total).toBe(before);
    expectRefused(await call(limited, "POST", "/api/bids", { taskId: other, amount: 80 }), 403, refusal);
    expectRefused(await call(limited, "PATCH", `/api/bids/${pending}`, { amount: 70 }), 403, refusal);
    expect((await myBid(limited, pending)).amount).toBe(90);
    expectRefused(await call(limited, "POST", `/api/tasks/${other}/questions`, { body: "Can I?" }), 403, refusal);
    // Warned only: nothing refused.
    const warned = await signUp(ctx.app, { name: "Warned Wendy" });
    await sanction(warned, "warn");
    await ok(call(warned, "POST", `/api/tasks/${other}/questions`, { body: "Still fine?" }), 201);
  });

  it("cannot publish by editing either: an open task's words or a public bio and skills (issue 42)", async () => {
    await lift(limitId);
    const own = await postTask(ctx.app, limited, { title: "Honest job", description: "Paint a fence." });
    const bidder = await signUp(ctx.app, { name: "Bidder Bea" });
    await bid(bidder, own);
    await ok(call(limited, "PUT", "/api/profile/about", { bio: "I paint.", skills: ["Painting"], field: null }));
    limitId = await sanction(limited, "limit", "on-platform");

    const spam = {
      title: "BUY CHEAP PILLS",
      description: "Visit my shop",
      category: "Design",
      deadline: "2099-01-01",
      budget: 5,
    };
    expectRefused(await call(limited, "PUT", `/api/tasks/${own}`, spam), 403, refusal);
    const task = await ok(call(null, "GET", `/api/tasks/${own}`));
    expect([task.title, task.description]).toEqual(["Honest job", "Paint a fence."]);
    const told = await direct.db
      .selectFrom("notifications")
      .select("kind")
      .where("user_id", "=", bidder.id)
      .where("kind", "=", "task-changed")
      .execute();
    expect(told).toEqual([]);

    expectRefused(
      await call(limited, "PUT", "/api/profile/about", { bio: "BUY CHEAP PILLS", skills: ["Pills"], field: null }),
      403,
      refusal,
    );
    const profile = await ok(call(null, "GET", `/api/users/${limited.id}`));
    expect([profile.bio, profile.skills]).toEqual(["I paint.", ["Painting"]]);
    // Nor the public name and photo, through better-auth's own endpoint.
    for (const change of [{ name: "BUY CHEAP PILLS" }, { image: "https://spam.example/pills.png" }]) {
      const renamed = await ctx.app.inject({
        method: "POST",
        url: "/api/auth/update-user",
        headers: { cookie: limited.cookie, origin: PUBLIC_URL },
        payload: change,
      });
      expect(renamed.statusCode, renamed.body).toBe(403);
      expect(renamed.json().detail).toBe(refusal);
    }
    expect((await ok(call(null, "GET", `/api/users/${limited.id}`))).name).toBe("Limited Larry");
    // The words say so: the task edit and the profile are named among what a limit stops.
    expect(refusal).toContain("edit tasks");
    expect(refusal).toContain("change your public profile");
  });

  it("still finishes assigned work, messages, reviews, answers questions on own tasks and withdraws a bid", async () => {
    // What they started before the limit: hired twice, a task of their own with a question and an
    // offer, and an offer of theirs.
    await lift(limitId);
    const released = await hire(client, limited, "Limit release");
    const completed = await hire(client, limited, "Limit complete");
    const own = await postTask(ctx.app, limited, { title: "Limit own earlier" });
    const question = (await ok(call(client, "POST", `/api/tasks/${own}/questions`, { body: "Deadline firm?" }), 201))
      ._id;
    const worker = await signUp(ctx.app, { name: "Worker Will" });
    const workerBid = await bid(worker, own);
    const withdrawable = await bid(limited, await postTask(ctx.app, client, { title: "Limit withdraw" }));
    limitId = await sanction(limited, "limit", "on-platform");

    // As a freelancer: gives one back, messages and finishes the other, and reviews it.
    await ok(call(limited, "POST", `/api/tasks/${released}/release`));
    const thread = `/api/tasks/${completed}/threads/${limited.id}/messages`;
    await ok(call(limited, "POST", thread, { body: "Done, have a look." }), 201);
    await ok(call(client, "POST", `/api/tasks/${completed}/complete`));
    await ok(call(limited, "POST", `/api/tasks/${completed}/reviews`, { rating: 5, text: "Clear brief." }), 201);
    // As a poster: answers, hires and completes.
    await ok(call(limited, "PUT", `/api/questions/${question}/answer`, { answer: "Yes, firm." }));
    await ok(call(limited, "POST", `/api/tasks/${own}/accept`, { bidId: workerBid }));
    await ok(call(limited, "POST", `/api/tasks/${own}/complete`));
    expect((await ok(call(limited, "DELETE", `/api/bids/${withdrawable}`))).status).toBe("withdrawn");
  });

  it("lifted, posts, bids and asks again", async () => {
    await lift(limitId);
    expect(await sanctionInForce(direct.db, limited.id, "limit")).toBeNull();
    const taskId = await postTask(ctx.app, limited, { title: "Limit lifted" });
    const other = await postTask(ctx.app, client, { title: "Limit lifted other" });
    await bid(limited, other);
    await ok(call(limited, "POST", `/api/tasks/${other}/questions`, { body: "Back?" }), 201);
    expect(taskId).toBeTruthy();
  });
});

describe("a suspended person", () => {
  const signIn = (email: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: PUBLIC_URL },
      payload: { email, password: TEST_PASSWORD },
    });
  const signedIn = async (cookie: string) =>
    (await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie } })).json() !== null;

  it("is signed out everywhere at once, refused sign-in naming the rule, and gone from profiles and Find Freelancers", async () => {
    const person = await signUp(ctx.app, { name: "Suspended Sam" });
    const second = sessionCookie(await signIn(person.email));
    await ok(call(person, "PUT", "/api/profile/about", { bio: "Scams.", skills: ["Scamming"], field: "Writers" }));
    const found = async () =>
      (await ok(call(null, "GET", "/api/freelancers?q=Suspended"))).freelancers.map((row: { id: string }) => row.id);
    expect(await found()).toEqual([person.id]);

    const suspensionId = await suspend(person, "respectful");
    // Both sessions end: the API's own reads and better-auth's.
    expect((await call(person, "GET", "/api/tasks?owner=me")).statusCode).toBe(401);
    expect(await signedIn(person.cookie)).toBe(false);
    expect(await signedIn(second)).toBe(false);
    const refused = await signIn(person.email);
    expectRefused(refused, 403, MODERATION_MESSAGES.suspended("respectful"));
    expect(sessionCookie(refused)).not.toContain("session_token=");
    // A wrong password is still told as one: the suspension says nothing to someone without it.
    const wrong = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: PUBLIC_URL },
      payload: { email: person.email, password: "Not-The-Password-9" },
    });
    expect(wrong.statusCode).toBe(401);
    expectRefused(await call(null, "GET", `/api/users/${person.id}`), 404, REVIEW_MESSAGES.userNotFound);
    expectRefused(await call(null, "GET", `/api/users/${person.id}/reviews`), 404, REVIEW_MESSAGES.userNotFound);
    expect(await found()).toEqual([]);

    // Lifted: signing in works again, and the profile is back.
    await lift(suspensionId);
    const again = await signIn(person.email);
    expect(again.statusCode, again.body).toBe(200);
    expect(await signedIn(sessionCookie(again))).toBe(true);
    expect((await ok(call(null, "GET", `/api/users/${person.id}`))).bio).toBe("Scams.");
    expect(await found()).toEqual([person.id]);
  });

  it("has their open tasks cancelled, those bidders told it was removed, their own offers withdrawn; work in progress stays", async () => {
    const person = await signUp(ctx.app, { name: "Suspended Poster" });
    const bidderA = await signUp(ctx.app, { name: "Bidder A" });
    const bidderB = await signUp(ctx.app, { name: "Bidder B" });
    const open = await postTask(ctx.app, person, { title: "Suspended open" });
    const bidA = await bid(bidderA, open);
    const inProgress = await hire(person, bidderB, "Suspended in progress");
    const elsewhere = await postTask(ctx.app, bidderA, { title: "Suspended offered on" });
    const offer = await bid(person, elsewhere);
    await suspend(person);

    expect((await ok(call(null, "GET", `/api/tasks/${open}`))).status).toBe("cancelled");
    expect((await myBid(bidderA, bidA)).status).toBe("declined");
    const told = (await noticesOf(bidderA)).find((notice) => notice.kind === "task-removed");
    // Told as of any removal: a bidder may be the one who reported it, and never learns the sanction.
    expect(told?.data).toEqual({ taskId: open, taskTitle: "Suspended open" });
    expect((await ok(call(null, "GET", `/api/tasks/${inProgress}`))).status).toBe("assigned");
    expect((await noticesOf(bidderB)).some((notice) => notice.kind === "task-removed")).toBe(false);
    // Their freelancer may still give it back.
    await ok(call(bidderB, "POST", `/api/tasks/${inProgress}/release`));
    // Their offer elsewhere is gone from the poster's list, and cannot be accepted.
    const offers = await ok(call(bidderA, "GET", `/api/bids?taskId=${elsewhere}`));
    expect(offers.map((row: { _id: string }) => row._id)).not.toContain(offer);
    expectRefused(
      await call(bidderA, "POST", `/api/tasks/${elsewhere}/accept`, { bidId: offer }),
      409,
      MESSAGES.bidGone,
    );
  });
});
