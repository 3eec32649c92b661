import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../contract/moderation.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { grantRole } from "./moderation/roles.ts";
import { postTask, setupTestApp, signUp, type TestUser, taskInput } from "./test/test-app.ts";

/**
 * The access-control matrix: every state-changing operation of the OpenAPI document, tried without
 * a session and as a user who may not do it. A new write route without a row here fails the suite.
 */
// With payments on (issue 44), as a new installation runs: accepting opens a checkout, paying hires.
const ctx = setupTestApp({ PAYMENTS: "on" });
const CARD = { number: "4242424242424242", expiry: "12/34", cvc: "123" };
let owner: TestUser;
let stranger: TestUser;
let taskId: string;
let bidder: TestUser;
let bidId: string;
let questionId: string;
/** The owner's checkout for the bidder's offer on the task, not paid. */
let paymentId: string;
let noticeId: number;
/** A task the owner completed with the bidder, whose two reviews are published. */
let reviewedTaskId: string;
let reviewId: string;
/** Moderation (issue 29): a message in the owner's thread with the bidder, a moderator and an admin, and a warning of the bidder's, appealed. */
let messageId: string;
let moderator: TestUser;
let admin: TestUser;
let sanctionId: string;
/** A saved search of the owner's (issue 47). */
let savedSearchId: string;
let database: Database | undefined;
afterAll(async () => database?.close());

interface Row {
  body?: () => object;
  /** The path's {id}: the task's unless told. */
  id?: () => string;
  /** A signed-in user who may not do it, and the status they get; none where every user may. */
  refused?: { user: () => TestUser; status: 403 | 404 };
  /** What a request without a session gets where none is needed (401 otherwise). */
  anonymous?: 400;
}

const matrix: Record<string, Row> = {
  "POST /api/tasks": { body: () => taskInput() },
  "PUT /api/tasks/{id}": {
    body: () => taskInput({ title: "Changed" }),
    refused: { user: () => stranger, status: 403 },
  },
  "DELETE /api/tasks/{id}": { refused: { user: () => stranger, status: 403 } },
  "POST /api/bids": { body: () => ({ taskId }), refused: { user: () => owner, status: 403 } },
  "PATCH /api/bids/{id}": { id: () => bidId, body: () => ({ amount: 1 }), refused: { user: () => owner, status: 403 } },
  "DELETE /api/bids/{id}": { id: () => bidId, refused: { user: () => stranger, status: 403 } },
  "POST /api/tasks/{id}/accept": { body: () => ({ bidId }), refused: { user: () => bidder, status: 403 } },
  // Only the hired freelancer asks for the payment (the owner's task has nobody hired: the bidder is refused).
  "POST /api/tasks/{id}/deliver": { refused: { user: () => bidder, status: 403 } },
  // A checkout is its client's to pay; to anyone else it does not exist.
  "POST /api/payments/{id}/pay": {
    id: () => paymentId,
    body: () => ({ card: CARD }),
    refused: { user: () => bidder, status: 404 },
  },
  // A dispute is its payment's two parties' (a checkout not yet paid is the client's alone).
  "POST /api/payments/{id}/dispute": {
    id: () => paymentId,
    body: () => ({ reason: "Never delivered" }),
    refused: { user: () => bidder, status: 404 },
  },
  "POST /api/payments/{id}/dispute/proposals": {
    id: () => paymentId,
    body: () => ({ toFreelancer: 1 }),
    refused: { user: () => bidder, status: 404 },
  },
  "POST /api/payments/{id}/dispute/proposals/{proposalId}/accept": {
    id: () => paymentId,
    refused: { user: () => stranger, status: 404 },
  },
  // One's own balance only (the session says whose), so no one is refused.
  "POST /api/me/payouts": {},
  "POST /api/tasks/{id}/complete": { refused: { user: () => stranger, status: 403 } },
  "POST /api/tasks/{id}/cancel": { refused: { user: () => bidder, status: 403 } },
  "POST /api/tasks/{id}/release": { refused: { user: () => stranger, status: 403 } },
  // Invitations (issue 45): only the task's poster invites (the bidder is the one invited here).
  "POST /api/tasks/{id}/invitations": {
    body: () => ({ freelancerId: bidder.id }),
    refused: { user: () => stranger, status: 403 },
  },
  // Saved searches (issue 47): anyone signed in saves their own; another's is not found.
  "POST /api/saved-searches": { body: () => ({ q: "logo" }) },
  "PATCH /api/saved-searches/{id}": {
    id: () => savedSearchId,
    body: () => ({ name: "Renamed", paused: true }),
    refused: { user: () => stranger, status: 404 },
  },
  "DELETE /api/saved-searches/{id}": { id: () => savedSearchId, refused: { user: () => stranger, status: 404 } },
  "POST /api/tasks/{id}/questions": {
    body: () => ({ body: "A question?" }),
    refused: { user: () => owner, status: 403 },
  },
  "PUT /api/questions/{id}/answer": {
    id: () => questionId,
    body: () => ({ answer: "An answer." }),
    refused: { user: () => stranger, status: 403 },
  },
  "POST /api/tasks/{id}/threads/{bidderId}/messages": {
    id: () => taskId,
    body: () => ({ body: "Hello" }),
    refused: { user: () => stranger, status: 404 },
  },
  "POST /api/tasks/{id}/threads/{bidderId}/read": {
    id: () => taskId,
    refused: { user: () => stranger, status: 404 },
  },
  "POST /api/notifications/{id}/read": { id: () => String(noticeId), refused: { user: () => stranger, status: 404 } },
  "POST /api/notifications/read-all": {},
  "PUT /api/me/notification-preferences": { body: () => ({ "bid-new": "off" }) },
  // An emailed link: no session needed, the signed token says whose emails stop.
  "POST /api/email/unsubscribe": { body: () => ({ token: `${owner.id}.bid-new.forged` }), anonymous: 400 },
  // A mail provider's one-click post: the token rides in the query, none here.
  "POST /api/email/one-click-unsubscribe": { body: () => ({ "List-Unsubscribe": "One-Click" }), anonymous: 400 },
  "PATCH /api/questions/{id}": {
    id: () => questionId,
    body: () => ({ hidden: true }),
    refused: { user: () => bidder, status: 403 },
  },
  // Reviews (issue 28): only a task's client and hired freelancer, and only the person reviewed answers.
  "POST /api/tasks/{id}/reviews": {
    id: () => reviewedTaskId,
    body: () => ({ rating: 5, text: "Great" }),
    refused: { user: () => stranger, status: 403 },
  },
  "PUT /api/tasks/{id}/reviews/mine": {
    id: () => reviewedTaskId,
    body: () => ({ rating: 1, text: "Changed" }),
    refused: { user: () => stranger, status: 403 },
  },
  "POST /api/reviews/{id}/answer": {
    id: () => reviewId,
    body: () => ({ answer: "Thank you" }),
    refused: { user: () => stranger, status: 403 },
  },
  // What a person says of themselves: their own only (the session says whose), so no one is refused.
  "PUT /api/profile/about": { body: () => ({ bio: "Changed by someone", skills: ["Forgery"], field: "Writers" }) },
  // Moderation (issue 29): a thread's message is its two people's to report; a sanction its person's to appeal.
  "POST /api/reports": {
    body: () => ({ targetKind: "message", targetId: messageId, reason: "spam" }),
    refused: { user: () => stranger, status: 404 },
  },
  "POST /api/sanctions/{id}/appeal": {
    id: () => sanctionId,
    body: () => ({ text: "Not me" }),
    refused: { user: () => stranger, status: 404 },
  },
  // A suspended person's appeal from their email's link: no session, the signed token says which.
  "POST /api/appeals": { body: () => ({ token: `${sanctionId}.forged`, text: "Let me back" }), anonymous: 400 },
  // The moderators' (every /api/admin route for every role: the matrix below).
  "POST /api/admin/decisions": {
    body: () => ({
      targetKind: "task",
      targetId: taskId,
      remove: true,
      sanction: "suspend",
      rule: "honest",
      note: "x",
    }),
    refused: { user: () => stranger, status: 403 },
  },
  "POST /api/admin/sanctions/{id}/restore": {
    id: () => sanctionId,
    body: () => ({ note: "Lifted" }),
    refused: { user: () => bidder, status: 403 },
  },
  "POST /api/admin/appeals/{id}": {
    id: () => sanctionId,
    body: () => ({ decision: "restore", note: "Lifted" }),
    refused: { user: () => bidder, status: 403 },
  },
  // Lifting from a person's page (issue 45): admins only.
  "POST /api/admin/sanctions/{id}/lift": {
    id: () => sanctionId,
    body: () => ({ note: "Lifted" }),
    refused: { user: () => moderator, status: 403 },
  },
  "POST /api/admin/roles": {
    body: () => ({ email: stranger.email, role: "admin" }),
    refused: { user: () => moderator, status: 403 },
  },
  // A moderator may not decide a payment dispute: admins only.
  "POST /api/admin/disputes/{id}": {
    id: () => paymentId,
    body: () => ({ toFreelancer: 100, toClient: 100, rule: "honest", note: "Split" }),
    refused: { user: () => moderator, status: 403 },
  },
};

async function snapshot() {
  const tasks = await ctx.app.inject({ url: "/api/tasks?limit=100", headers: { cookie: owner.cookie } });
  const bids = await ctx.app.inject({ url: `/api/bids?taskId=${taskId}`, headers: { cookie: owner.cookie } });
  const questions = await ctx.app.inject({ url: `/api/tasks/${taskId}/questions`, headers: { cookie: owner.cookie } });
  const notices = await ctx.app.inject({ url: "/api/notifications", headers: { cookie: owner.cookie } });
  const choices = await ctx.app.inject({ url: "/api/me/notification-preferences", headers: { cookie: owner.cookie } });
  const reviews = await ctx.app.inject({
    url: `/api/tasks/${reviewedTaskId}/reviews`,
    headers: { cookie: owner.cookie },
  });
  // What the owner says of themselves (the rest of a profile is dated now).
  const { bio, skills, field } = (await ctx.app.inject({ url: `/api/users/${owner.id}` })).json();
  // What moderators decided about the owner and the bidder, and who has a role.
  const standings = await Promise.all(
    [owner, bidder, stranger].map(async (user) =>
      (await ctx.app.inject({ url: "/api/me/standing", headers: { cookie: user.cookie } })).json(),
    ),
  );
  const staff = await ctx.app.inject({ url: "/api/admin/roles", headers: { cookie: admin.cookie } });
  const payment = await ctx.app.inject({ url: `/api/payments/${paymentId}`, headers: { cookie: owner.cookie } });
  const searches = await ctx.app.inject({ url: "/api/saved-searches", headers: { cookie: owner.cookie } });
  return JSON.stringify([
    searches.json(),
    payment.json(),
    tasks.json(),
    bids.json(),
    questions.json(),
    notices.json(),
    choices.json(),
    reviews.json(),
    { bio, skills, field },
    standings,
    staff.json(),
  ]);
}

beforeAll(async () => {
  owner = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  taskId = await postTask(ctx.app, owner);
  bidder = await signUp(ctx.app);
  const bid = await ctx.app.inject({
    method: "POST",
    url: "/api/bids",
    headers: { cookie: bidder.cookie },
    payload: { taskId, amount: 200 },
  });
  bidId = bid.json()._id;
  const question = await ctx.app.inject({
    method: "POST",
    url: `/api/tasks/${taskId}/questions`,
    headers: { cookie: stranger.cookie },
    payload: { body: "Is there a deadline for the first draft?" },
  });
  questionId = question.json()._id;
  const notices = await ctx.app.inject({ url: "/api/notifications", headers: { cookie: owner.cookie } });
  noticeId = notices.json()[0].id;
  paymentId = (
    await ctx.app.inject({
      method: "POST",
      url: `/api/tasks/${taskId}/accept`,
      headers: { cookie: owner.cookie },
      payload: { bidId },
    })
  ).json().paymentId;

  reviewedTaskId = await postTask(ctx.app, owner, { title: "Reviewed task" });
  const as = (user: TestUser, url: string, payload: object) =>
    ctx.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, payload });
  const hired = await as(bidder, "/api/bids", { taskId: reviewedTaskId });
  const checkout = await as(owner, `/api/tasks/${reviewedTaskId}/accept`, { bidId: hired.json()._id });
  await as(owner, `/api/payments/${checkout.json().paymentId}/pay`, { card: CARD });
  await as(owner, `/api/tasks/${reviewedTaskId}/complete`, {});
  reviewId = (await as(owner, `/api/tasks/${reviewedTaskId}/reviews`, { rating: 4, text: "Good work" })).json()._id;
  await as(bidder, `/api/tasks/${reviewedTaskId}/reviews`, { rating: 5, text: "Clear brief" });

  messageId = (await as(owner, `/api/tasks/${taskId}/threads/${bidder.id}/messages`, { body: "Hello" })).json()._id;
  moderator = await signUp(ctx.app, { name: "Matrix Moderator" });
  admin = await signUp(ctx.app, { name: "Matrix Admin" });
  database = openDatabase(ctx.database.config);
  await grantRole(database.db, moderator.email, "moderator", null);
  await grantRole(database.db, admin.email, "admin", null);
  const warned = await as(moderator, "/api/admin/decisions", {
    targetKind: "task",
    targetId: reviewedTaskId,
    remove: false,
    sanction: "warn",
    rule: "respectful",
    note: "Mind your words",
  });
  sanctionId = warned.json().entries[0].sanctionId;
  await as(owner, `/api/sanctions/${sanctionId}/appeal`, { text: "I was polite" });
  savedSearchId = (await as(owner, "/api/saved-searches", { q: "mural", category: "Design" })).json()._id;
});

describe("access control matrix", () => {
  it("has a row for every write operation of the API", async () => {
    const document = (await ctx.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, object> };
    const writes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ["post", "put", "patch", "delete"].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(writes.sort()).toEqual(Object.keys(matrix).sort());
  });

  for (const [operation, row] of Object.entries(matrix)) {
    const [method = "", path = ""] = operation.split(" ");

    it(`${operation}: no session → ${row.anonymous ?? 401}, nothing changes`, async () => {
      const before = await snapshot();
      const response = await ctx.app.inject({
        method: method as "POST",
        url: path
          .replace("{id}", row.id?.() ?? taskId)
          .replace("{bidderId}", bidder.id)
          .replace("{proposalId}", "p1"),
        ...(row.body ? { payload: row.body() } : {}),
      });
      expect(response.statusCode).toBe(row.anonymous ?? 401);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(await snapshot()).toBe(before);
    });

    const { refused } = row;
    if (!refused) continue;
    it(`${operation}: a user who may not → ${refused.status}, nothing changes`, async () => {
      const before = await snapshot();
      const response = await ctx.app.inject({
        method: method as "POST",
        url: path
          .replace("{id}", row.id?.() ?? taskId)
          .replace("{bidderId}", bidder.id)
          .replace("{proposalId}", "p1"),
        headers: { cookie: refused.user().cookie },
        ...(row.body ? { payload: row.body() } : {}),
      });
      expect(response.statusCode).toBe(refused.status);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(await snapshot()).toBe(before);
    });
  }

  it("ignores the identity, id and time a client sends", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: stranger.cookie },
      payload: {
        ...taskInput(),
        userEmail: owner.email,
        userName: owner.name,
        _id: "chosen-id",
        createdAt: "2000-01-01",
      },
    });
    const { insertedId } = response.json();
    expect(insertedId).not.toBe("chosen-id");
    const created = (
      await ctx.app.inject({ url: `/api/tasks/${insertedId}`, headers: { cookie: owner.cookie } })
    ).json();
    expect(created).toMatchObject({ userEmail: stranger.email, userName: stranger.name });
    expect(created.createdAt).not.toBe("2000-01-01");
    await ctx.app.inject({ method: "DELETE", url: `/api/tasks/${insertedId}`, headers: { cookie: stranger.cookie } });
  });
});

/**
 * What a visitor (no session) may read (PRODUCT.md, Task pages are public): tasks, their questions,
 * the sitemap, public profiles and Find Freelancers; never anyone's contact, offers, messages or
 * account. A new read of the API without a row here fails the suite.
 */
const visitorReads: Record<string, 200 | 401> = {
  "GET /api/auth/sign-in-options": 200,
  "GET /api/features-tasks": 200,
  "GET /api/tasks": 200,
  "GET /api/tasks/{id}": 200,
  "GET /api/tasks/{id}/questions": 200,
  "GET /api/tasks/{id}/reviews": 200,
  "GET /api/users/{id}": 200,
  "GET /api/users/{id}/reviews": 200,
  "GET /api/users/{id}/invitable-tasks": 401,
  "GET /api/saved-searches": 401,
  "GET /api/freelancers": 200,
  "GET /api/bids": 401,
  "GET /api/my-bids": 401,
  "GET /api/me/summary": 401,
  "GET /api/me/notification-preferences": 401,
  "GET /api/notifications": 401,
  "GET /api/notifications/unread": 401,
  "GET /api/events": 401,
  "GET /api/threads": 401,
  "GET /api/tasks/{id}/threads/{bidderId}/messages": 401,
  "GET /api/me/standing": 401,
  "GET /api/admin/queue": 401,
  "GET /api/admin/audit": 401,
  "GET /api/admin/roles": 401,
  "GET /api/admin/disputes": 401,
  "GET /api/admin/people/{id}": 401,
  "GET /api/payments/{id}": 401,
  "GET /api/me/payments": 401,
  "GET /api/me/payments.csv": 401,
};

/** The id a read's path names: a person's for a profile (the task's poster), a payment's, else the task's. */
const idIn = (path: string) =>
  path.startsWith("/api/users/") ? owner.id : path.startsWith("/api/payments/") ? paymentId : taskId;

describe("what a visitor reads", () => {
  it("has a row for every read of the API", async () => {
    const document = (await ctx.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, object> };
    const reads = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method === "get")
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(reads.sort()).toEqual(Object.keys(visitorReads).sort());
  });

  for (const [operation, status] of Object.entries(visitorReads)) {
    const path = operation.split(" ")[1] ?? "";
    it(`${operation}: no session → ${status}`, async () => {
      const url = path.replace("{id}", idIn(path)).replace("{bidderId}", bidder.id);
      const response = await ctx.app.inject({ url: path === "/api/bids" ? `${url}?taskId=${taskId}` : url });
      expect(response.statusCode, response.body).toBe(status);
      if (status === 401) expect(response.headers["content-type"]).toContain("application/problem+json");
      // Whatever a visitor reads of a task, the poster's email and the offers' details are not in it.
      else {
        expect(response.body).not.toContain(owner.email);
        expect(response.body).not.toContain(bidder.email);
        expect(response.body).not.toContain(bidId);
      }
    });
  }

  it("reads the sitemap and robots.txt, which list the task's page", async () => {
    const sitemap = await ctx.app.inject({ url: "/sitemaps/tasks-1.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`/task-details/${taskId}</loc>`);
    expect((await ctx.app.inject({ url: "/robots.txt" })).statusCode).toBe(200);
  });
});

/**
 * Every /api/admin route for each role: a visitor 401, a signed-in person without a role 403, a
 * moderator allowed (roles 403), an admin allowed. A new admin route without a row fails the suite.
 */
const adminRoutes: Record<string, { id?: () => string; body?: () => object; adminOnly?: true }> = {
  "GET /api/admin/queue": {},
  "GET /api/admin/audit": {},
  "GET /api/admin/roles": { adminOnly: true },
  "POST /api/admin/roles": { adminOnly: true, body: () => ({ email: stranger.email, role: null }) },
  "POST /api/admin/decisions": {
    body: () => ({ targetKind: "review", targetId: reviewId, remove: false, sanction: "none", note: "Checked" }),
  },
  "POST /api/admin/sanctions/{id}/restore": { id: () => sanctionId, body: () => ({ note: "Lifted" }) },
  "POST /api/admin/appeals/{id}": { id: () => sanctionId, body: () => ({ decision: "uphold", note: "Stays" }) },
  // A person's page (issue 45): every moderator reads it; only an admin lifts.
  "GET /api/admin/people/{id}": { id: () => owner.id },
  "POST /api/admin/sanctions/{id}/lift": { adminOnly: true, id: () => sanctionId, body: () => ({ note: "Lifted" }) },
  // Payment disputes (issue 44): every moderator reads them, an admin decides them.
  "GET /api/admin/disputes": {},
  "POST /api/admin/disputes/{id}": {
    adminOnly: true,
    id: () => paymentId,
    body: () => ({ toFreelancer: 100, toClient: 100, rule: "honest", note: "Split" }),
  },
};

describe("the moderators' routes for each role", () => {
  it("has a row for every /api/admin route", async () => {
    const document = (await ctx.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, object> };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes.sort()).toEqual(Object.keys(adminRoutes).sort());
  });

  const send = (operation: string, user: TestUser | null) => {
    const [method = "", path = ""] = operation.split(" ");
    const row = adminRoutes[operation] ?? {};
    return ctx.app.inject({
      method: method as "GET" | "POST",
      url: path.replace("{id}", row.id?.() ?? ""),
      ...(user ? { headers: { cookie: user.cookie } } : {}),
      ...(row.body ? { payload: row.body() } : {}),
    });
  };

  for (const [operation, row] of Object.entries(adminRoutes)) {
    it(`${operation}: a visitor 401, anyone without a role 403, a moderator ${row.adminOnly ? "403" : "allowed"}, an admin allowed`, async () => {
      const refusals = [
        [null, 401, undefined],
        [stranger, 403, MODERATION_MESSAGES.staffOnly],
        [owner, 403, MODERATION_MESSAGES.staffOnly],
        ...(row.adminOnly ? [[moderator, 403, MODERATION_MESSAGES.adminOnly] as const] : []),
      ] as const;
      for (const [user, status, detail] of refusals) {
        const response = await send(operation, user);
        expect(response.statusCode, `${user?.name ?? "visitor"}: ${response.body}`).toBe(status);
        expect(response.headers["content-type"]).toContain("application/problem+json");
        if (detail) expect(response.json().detail).toBe(detail);
      }
      // Past the door: what the route itself answers (a second restore is 409, for instance).
      for (const user of row.adminOnly ? [admin] : [moderator, admin]) {
        const response = await send(operation, user);
        expect(response.statusCode, `${user.name}: ${response.body}`).toBeLessThan(500);
        expect([401, 403]).not.toContain(response.statusCode);
      }
    });
  }
});

describe("reads change nothing", () => {
  it("no GET of the API changes what anyone sees: unread counts, threads, notices, tasks, bids", async () => {
    // Something unread for the bidder: a message from the poster.
    const thread = `/api/tasks/${taskId}/threads/${bidder.id}/messages`;
    await ctx.app.inject({ method: "POST", url: thread, headers: { cookie: owner.cookie }, payload: { body: "Hi" } });
    const seenBy = async (user: TestUser) =>
      JSON.stringify(
        await Promise.all(
          ["/api/notifications/unread", "/api/threads", "/api/notifications", "/api/my-bids", "/api/me/summary"].map(
            async (url) => (await ctx.app.inject({ url, headers: { cookie: user.cookie } })).json(),
          ),
        ),
      );
    const everything = async () => `${await snapshot()}${await seenBy(bidder)}${await seenBy(owner)}`;
    const before = await everything();
    expect(JSON.parse(await seenBy(bidder))[0].messages).toBeGreaterThan(0);

    const document = (await ctx.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, object> };
    const queries: Record<string, string> = { "/api/bids": `?taskId=${taskId}` };
    const reads = Object.entries(document.paths)
      .filter(([path, operations]) => "get" in operations && path !== "/api/events")
      .map(([path]) => path);
    expect(reads).toContain("/api/tasks/{id}/threads/{bidderId}/messages");
    for (const user of [bidder, owner, stranger]) {
      for (const path of reads) {
        const url = `${path.replace("{id}", idIn(path)).replace("{bidderId}", bidder.id)}${queries[path] ?? ""}`;
        const response = await ctx.app.inject({ url, headers: { cookie: user.cookie } });
        expect(response.statusCode, `GET ${url}`).toBeLessThan(500);
      }
    }
    expect(await everything()).toBe(before);
  });
});

describe("concurrent changes", () => {
  it("leaves a consistent row when an update and a delete race", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await postTask(ctx.app, owner);
      const [update, remove] = await Promise.all([
        ctx.app.inject({
          method: "PUT",
          url: `/api/tasks/${id}`,
          headers: { cookie: owner.cookie },
          payload: taskInput({ title: "Raced" }),
        }),
        ctx.app.inject({ method: "DELETE", url: `/api/tasks/${id}`, headers: { cookie: owner.cookie } }),
      ]);
      expect(remove.json()).toEqual({ deletedCount: 1 });
      expect([200, 404]).toContain(update.statusCode);
      expect((await ctx.app.inject({ url: `/api/tasks/${id}` })).statusCode).toBe(404);
    }
  });
});
