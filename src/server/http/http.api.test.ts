import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setupTestApp, signUp, taskInput } from "../test/test-app.ts";

const webDist = mkdtempSync(path.join(tmpdir(), "quickgig-web-"));
mkdirSync(path.join(webDist, "assets"));
writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>QuickGig</title><div id=root></div>");
writeFileSync(path.join(webDist, "assets", "app-3f9a.js"), "console.log('app')");
writeFileSync(path.join(webDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = setupTestApp({ WEB_DIST: webDist }, (app) => {
  app.get("/api/test-only-explode", { schema: { hide: true } }, async () => {
    throw new Error("SELECT * FROM secret_table failed at /src/server/secret.ts:12");
  });
});

describe("errors", () => {
  it("answers unknown API paths with 404 problem+json", async () => {
    const response = await ctx.app.inject({ url: "/api/no-such-thing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json()).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "There is nothing at GET /api/no-such-thing.",
      instance: "/api/no-such-thing?x=1",
    });
  });

  it("answers malformed JSON with 400 problem+json, without internals", async () => {
    const user = await signUp(ctx.app);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie, "content-type": "application/json" },
      payload: '{"title": "oops",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toBe("The request body is not valid JSON.");
  });

  it("refuses a body that is not JSON and a body that is not an object", async () => {
    const user = await signUp(ctx.app);
    const form = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie, "content-type": "application/x-www-form-urlencoded" },
      payload: "title=x",
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().detail).toBe(
      "Requests that change data must send a JSON body (Content-Type: application/json).",
    );
    const array = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie },
      payload: [1, 2],
    });
    expect(array.statusCode).toBe(400);
    expect(array.json().detail).toBe("The request body must be a JSON object.");
  });

  it("refuses an oversized body with 413", async () => {
    const user = await signUp(ctx.app);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie },
      payload: taskInput({ description: "x".repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers["content-type"]).toContain("application/problem+json");
  });

  it("hides internal failures: 500 problem+json with no stack or SQL", async () => {
    const user = await signUp(ctx.app);
    const response = await ctx.app.inject({ url: "/api/test-only-explode", headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.body).not.toMatch(/secret|SELECT|\.ts:|at /);
    expect(response.json().detail).toBe("Something went wrong on our side. Please try again.");
  });

  it("gives every response a request id", async () => {
    const response = await ctx.app.inject({ url: "/api/tasks" });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("health", () => {
  it("answers /healthz and /readyz when the database answers", async () => {
    expect((await ctx.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await ctx.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });
});

describe("API reference", () => {
  it("publishes an OpenAPI 3 document with every API call and a browsable page", async () => {
    const document = (await ctx.app.inject({ url: "/api/docs/json" })).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).sort()).toEqual([
      "/api/admin/appeals/{id}",
      "/api/admin/audit",
      "/api/admin/decisions",
      "/api/admin/disputes",
      "/api/admin/people/{id}",
      "/api/admin/queue",
      "/api/admin/roles",
      "/api/admin/sanctions/{id}/lift",
      "/api/admin/sanctions/{id}/restore",
      "/api/appeals",
      "/api/auth/sign-in-options",
      "/api/bids",
      "/api/bids/{id}",
      "/api/email/one-click-unsubscribe",
      "/api/email/unsubscribe",
      "/api/events",
      "/api/features-tasks",
      "/api/freelancers",
      "/api/me/notification-preferences",
      "/api/me/standing",
      "/api/me/summary",
      "/api/my-bids",
      "/api/notifications",
      "/api/notifications/read-all",
      "/api/notifications/unread",
      "/api/notifications/{id}/read",
      "/api/profile/about",
      "/api/questions/{id}",
      "/api/questions/{id}/answer",
      "/api/reports",
      "/api/reviews/{id}/answer",
      "/api/sanctions/{id}/appeal",
      "/api/saved-searches",
      "/api/saved-searches/{id}",
      "/api/tasks",
      "/api/tasks/{id}",
      "/api/tasks/{id}/accept",
      "/api/tasks/{id}/cancel",
      "/api/tasks/{id}/complete",
      "/api/tasks/{id}/invitations",
      "/api/tasks/{id}/questions",
      "/api/tasks/{id}/release",
      "/api/tasks/{id}/reviews",
      "/api/tasks/{id}/reviews/mine",
      "/api/tasks/{id}/threads/{bidderId}/messages",
      "/api/tasks/{id}/threads/{bidderId}/read",
      "/api/threads",
      "/api/users/{id}",
      "/api/users/{id}/invitable-tasks",
      "/api/users/{id}/reviews",
    ]);
    expect(Object.keys(document.paths["/api/bids/{id}"]).sort()).toEqual(["delete", "patch"]);
    expect(Object.keys(document.paths["/api/tasks"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(document.paths["/api/tasks/{id}"]).sort()).toEqual(["delete", "get", "put"]);
    expect(document.paths["/api/tasks"].post.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["title", "category", "description", "deadline", "budget"]),
    );
    const page = await ctx.app.inject({ url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
  });
});

describe("the built web app", () => {
  it("serves index.html uncached for the root and for any page path", async () => {
    for (const url of ["/", "/browse-tasks", "/task-details/abc", "/no/such/page"]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain("<div id=root>");
    }
  });

  it("caches hashed assets for a year and other files briefly", async () => {
    const asset = await ctx.app.inject({ url: "/assets/app-3f9a.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await ctx.app.inject({ url: "/favicon.svg" });
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });

  it("does not answer a missing asset with index.html", async () => {
    const response = await ctx.app.inject({ url: "/api/missing" });
    expect(response.headers["content-type"]).toContain("application/problem+json");
  });
});
