import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DEMO_USER } from "../../contract/demo-data.ts";
import {
  BidSchema,
  CreatedBidSchema,
  DashboardSummarySchema,
  InsertedSchema,
  MessageSchema,
  ModifiedSchema,
  MyBidSchema,
  OfferSummarySchema,
  ProblemSchema,
  QuestionSchema,
  TaskSchema,
  ThreadSchema,
} from "../../contract/index.ts";
import { NotificationPreferencesSchema, NotificationSchema, UnreadCountsSchema } from "../../contract/notifications.ts";
import { setupTestApp } from "../../server/test/test-app.ts";
import { BROWSER_ONLY_OPERATIONS, createHandlers, MAIL_ONLY_OPERATIONS } from "./handlers.ts";

const ctx = setupTestApp();
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

  it("answers a whole story with the contract's shapes: browse, sign in, post, bid, hire, talk, be told", async () => {
    const tasks = await call(z.array(TaskSchema), "GET", "/api/tasks?category=Design&limit=5");
    expect(tasks.every((task) => task.category === "Design" && task.status === "open")).toBe(true);
    const refused = await call(ProblemSchema, "POST", "/api/tasks", { title: "" }, 401);
    expect(refused.detail).toBe("You need to sign in to do this.");

    await call(z.object({ user: z.object({ email: z.string() }) }), "POST", "/api/auth/sign-in/email", {
      email: DEMO_USER.email,
      password: DEMO_USER.password,
    });
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
    await call(ProblemSchema, "POST", "/api/bids", { taskId: insertedId }, 403);

    await call(z.unknown(), "POST", "/api/auth/sign-out", {});
    await call(z.unknown(), "POST", "/api/auth/sign-in/email", {
      email: "maya@quickgig.dev",
      password: DEMO_USER.password,
    });
    const bid = await call(CreatedBidSchema, "POST", "/api/bids", { taskId: insertedId, amount: 280 }, 201);
    await call(z.array(MyBidSchema), "GET", "/api/my-bids");
    await call(QuestionSchema, "POST", `/api/tasks/${insertedId}/questions`, { body: "How long?" }, 201);

    await call(z.unknown(), "POST", "/api/auth/sign-in/email", {
      email: DEMO_USER.email,
      password: DEMO_USER.password,
    });
    const notices = await call(z.array(NotificationSchema), "GET", "/api/notifications");
    expect(notices.map((notice) => notice.kind)).toEqual(expect.arrayContaining(["bid-new", "question-new"]));
    await call(UnreadCountsSchema, "GET", "/api/notifications/unread");
    await call(z.array(z.union([BidSchema, OfferSummarySchema])), "GET", `/api/bids?taskId=${insertedId}`);
    const bidderId = bid.bidderId ?? "";
    await call(MessageSchema, "POST", `/api/tasks/${insertedId}/threads/${bidderId}/messages`, { body: "Hello" }, 201);
    await call(z.array(ThreadSchema), "GET", "/api/threads");
    await call(TaskSchema, "POST", `/api/tasks/${insertedId}/accept`, { bidId: bid._id });
    await call(ModifiedSchema.or(ProblemSchema), "PUT", `/api/tasks/${insertedId}`, {}, 409);
    await call(NotificationPreferencesSchema, "PUT", "/api/me/notification-preferences", { "bid-new": "off" });
  });
});
