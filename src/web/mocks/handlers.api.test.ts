import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { SavedSearchSchema } from "../../contract/alerts.ts";
import { DEMO_ADMIN, DEMO_REPORTED_QUESTION, DEMO_USER } from "../../contract/demo-data.ts";
import {
  BidSchema,
  CreatedBidSchema,
  DashboardSummarySchema,
  InsertedSchema,
  MessageSchema,
  MyBidSchema,
  OfferSummarySchema,
  ProblemSchema,
  QuestionSchema,
  TaskSchema,
  ThreadSchema,
} from "../../contract/index.ts";
import {
  AuditPageSchema,
  DecisionResultSchema,
  MODERATION_MESSAGES,
  QueueSchema,
  StaffListSchema,
  StandingSchema,
} from "../../contract/moderation.ts";
import { NotificationPreferencesSchema, NotificationSchema, UnreadCountsSchema } from "../../contract/notifications.ts";
import {
  FreelancerPageSchema,
  PublicProfileSchema,
  ReviewPageSchema,
  ReviewSchema,
  TaskReviewsSchema,
} from "../../contract/reputation.ts";
import { setupTestApp } from "../../server/test/test-app.ts";
import { BROWSER_ONLY_OPERATIONS, createHandlers, MAIL_ONLY_OPERATIONS } from "./handlers.ts";
import type { ScenarioId } from "./scenarios.ts";
import { MockStore } from "./store.ts";

// With payments on: the checkout's operations are mocked too.
const ctx = setupTestApp({ PAYMENTS: "on" });
const { handlers } = createHandlers();
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());

const BASE = "http://quickgig.mock";

async function call<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown, status = 200) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  expect(response.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(status);
  return schema.parse(json) as z.infer<S>;
}

describe("the mock API", () => {
  it("has a handler for every operation of the server's OpenAPI document", async () => {
    const document = (await ctx.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, object> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    const mocked = new Set(
      handlers.map((handler) => `${handler.info.method} ${String(handler.info.path).replace(/^\*/, "")}`),
    );
    const missing = operations.filter(
      (operation) =>
        !mocked.has(operation) &&
        !BROWSER_ONLY_OPERATIONS.includes(operation) &&
        !MAIL_ONLY_OPERATIONS.includes(operation),
    );
    expect(missing).toEqual([]);
  });

  it("answers a whole story with the contract's shapes: browse, sign in, post, bid, hire, talk, review, moderate", async () => {
    const tasks = await call(z.array(TaskSchema), "GET", "/api/tasks?category=Design&limit=5");
    expect(tasks.every((task) => task.category === "Design" && task.status === "open")).toBe(true);
    const refused = await call(ProblemSchema, "POST", "/api/tasks", { title: "" }, 401);
    expect(refused.detail).toBe("You need to sign in to do this.");

    const signIn = (email: string) =>
      call(z.object({ user: z.object({ email: z.string() }) }), "POST", "/api/auth/sign-in/email", {
        email,
        password: DEMO_USER.password,
      });
    await signIn(DEMO_USER.email);
    const invalid = await call(ProblemSchema, "POST", "/api/tasks", { title: "" }, 400);
    expect(invalid.detail).toBe("Title is required");
    const { insertedId } = await call(
      InsertedSchema,
      "POST",
      "/api/tasks",
      {
        title: "Mocked task",
        category: "Writing",
        description: "Written against the mock API.",
        deadline: new Date(Date.now() + 5 * 864e5).toISOString().slice(0, 10),
        budget: 300,
      },
      201,
    );
    await call(TaskSchema, "GET", `/api/tasks/${insertedId}`);
    await call(DashboardSummarySchema, "GET", "/api/me/summary");

    await call(z.unknown(), "POST", "/api/auth/sign-out", {});
    await signIn("maya@quickgig.dev");
    const bid = await call(CreatedBidSchema, "POST", "/api/bids", { taskId: insertedId, amount: 280 }, 201);
    await call(z.array(MyBidSchema), "GET", "/api/my-bids");
    await call(QuestionSchema, "POST", `/api/tasks/${insertedId}/questions`, { body: "How long?" }, 201);
    await call(StandingSchema, "GET", "/api/me/standing");
    const saved = await call(SavedSearchSchema, "POST", "/api/saved-searches", { q: "logo", maxBudget: 400 }, 201);
    expect(saved).toMatchObject({ name: "logo", category: null, maxBudget: 400, frequency: "instant", paused: false });
    await call(SavedSearchSchema, "PATCH", `/api/saved-searches/${saved._id}`, { paused: true });
    // After the demo's two of Maya's.
    expect(await call(z.array(SavedSearchSchema), "GET", "/api/saved-searches")).toMatchObject([
      { name: "Logo work", paused: false },
      { name: "WordPress sites", frequency: "daily" },
      { name: "logo", paused: true },
    ]);
    await call(z.object({ deletedCount: z.literal(1) }), "DELETE", `/api/saved-searches/${saved._id}`);

    await signIn(DEMO_USER.email);
    await call(UnreadCountsSchema, "GET", "/api/notifications/unread");
    await call(z.array(NotificationSchema), "GET", "/api/notifications");
    await call(z.array(z.union([BidSchema, OfferSummarySchema])), "GET", `/api/bids?taskId=${insertedId}`);
    await call(
      MessageSchema,
      "POST",
      `/api/tasks/${insertedId}/threads/${bid.bidderId}/messages`,
      { body: "Hello" },
      201,
    );
    await call(z.array(ThreadSchema), "GET", "/api/threads");
    const hired = await call(TaskSchema, "POST", `/api/tasks/${insertedId}/accept`, { bidId: bid._id });
    expect(hired).toMatchObject({ status: "assigned", assigneeId: bid.bidderId, agreedAmount: 280 });
    await call(TaskSchema, "POST", `/api/tasks/${insertedId}/complete`, {});
    const reviews = await call(TaskReviewsSchema, "GET", `/api/tasks/${insertedId}/reviews`);
    expect(reviews).toMatchObject({ reviewable: true, canReview: true });
    await call(ReviewSchema, "POST", `/api/tasks/${insertedId}/reviews`, { rating: 5, text: "Quick and clear." }, 201);
    await call(PublicProfileSchema, "GET", `/api/users/${bid.bidderId}`);
    await call(ReviewPageSchema, "GET", `/api/users/${bid.bidderId}/reviews`);
    await call(FreelancerPageSchema, "GET", "/api/freelancers?field=Designers");
    await call(NotificationPreferencesSchema, "PUT", "/api/me/notification-preferences", { "bid-new": "off" });

    await signIn(DEMO_ADMIN.email);
    const queue = await call(QueueSchema, "GET", "/api/admin/queue");
    const [group] = queue.reports;
    expect(group?.reportCount).toBe(DEMO_REPORTED_QUESTION.reports.length);
    const decided = { targetKind: group?.targetKind, targetId: group?.targetId, remove: true, sanction: "none" };
    await call(DecisionResultSchema, "POST", "/api/admin/decisions", { ...decided, rule: "on-platform", note: "Off." });
    await call(AuditPageSchema, "GET", "/api/admin/audit");
    await call(StaffListSchema, "GET", "/api/admin/roles");
  });

  it("shows each scenario's refusal in the server's words, and nothing of it without the scenario", async () => {
    const scenarioServer = (scenario: ScenarioId) => {
      const store = new MockStore();
      store.scenario = scenario;
      server.use(...createHandlers(store).handlers);
      return store;
    };
    const store = scenarioServer("limited");
    store.viewerId = store.users.find((user) => user.email === "maya@quickgig.dev")?.id ?? null;
    const standing = await call(StandingSchema, "GET", "/api/me/standing");
    expect(standing.limited?.kind).toBe("limit");
    const limited = await call(ProblemSchema, "POST", "/api/bids", { taskId: store.tasks[0]?._id }, 403);
    expect(limited.detail).toBe(MODERATION_MESSAGES.limited("on-platform"));

    scenarioServer("task-removed");
    const removed = await call(ProblemSchema, "GET", `/api/tasks/${store.tasks[0]?._id}`, undefined, 404);
    expect(removed.detail).toBe(MODERATION_MESSAGES.removedTask);

    scenarioServer("suspended");
    const suspended = await call(
      ProblemSchema,
      "POST",
      "/api/auth/sign-in/email",
      { email: DEMO_USER.email, password: DEMO_USER.password },
      403,
    );
    expect(suspended.detail).toBe(MODERATION_MESSAGES.suspended("on-platform"));

    const closed = scenarioServer("review-window-closed");
    closed.viewerId = closed.users.find((user) => user.email === DEMO_USER.email)?.id ?? null;
    const finished = closed.tasks.find((task) => task.status === "completed");
    const window = await call(TaskReviewsSchema, "GET", `/api/tasks/${finished?._id}/reviews`);
    expect(window).toMatchObject({ reviewable: true, canReview: false, canEdit: false });
    expect(window.published.length).toBeGreaterThan(0);

    server.resetHandlers();
    server.use(...createHandlers().handlers);
    await call(TaskSchema, "GET", `/api/tasks/${store.tasks[0]?._id}`);
  });
});
