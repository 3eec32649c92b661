import { describe, expect, it } from "vitest";
import { PUBLIC_URL, postTask, setupTestApp, signUp, taskInput } from "../test/test-app.ts";

const ctx = setupTestApp();

async function countTasks(cookie: string) {
  const response = await ctx.app.inject({ url: "/api/tasks?owner=me", headers: { cookie } });
  return Number(response.headers["x-total-count"]);
}

describe("writes from other sites", () => {
  it.each([
    ["another origin", { origin: "https://evil.example" }],
    ["a cross-site fetch", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }],
    ["a same-site but other-origin fetch", { "sec-fetch-site": "same-site", origin: "https://sub.localhost" }],
    ["the null origin of a sandboxed page", { origin: "null" }],
  ])("refuses %s with 403 and changes nothing", async (_name, headers) => {
    const user = await signUp(ctx.app);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie, ...headers },
      payload: taskInput(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toBe("This request must come from the QuickGig site itself.");
    expect(await countTasks(user.cookie)).toBe(0);
  });

  it("refuses a cross-site delete and a cross-site sign-out", async () => {
    const user = await signUp(ctx.app);
    const id = await postTask(ctx.app, user);
    const evil = { cookie: user.cookie, origin: "https://evil.example" };
    expect((await ctx.app.inject({ method: "DELETE", url: `/api/tasks/${id}`, headers: evil })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: evil, payload: {} })).statusCode,
    ).toBe(403);
    expect(await countTasks(user.cookie)).toBe(1);
  });

  it("refuses a form-encoded or plain-text body, which any site's form could send", async () => {
    const user = await signUp(ctx.app);
    for (const contentType of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/bids",
        headers: { cookie: user.cookie, "content-type": contentType },
        payload: "taskId=abc",
      });
      expect(response.statusCode).toBe(415);
    }
  });

  it("accepts the site's own requests, by Origin or by Sec-Fetch-Site", async () => {
    const user = await signUp(ctx.app);
    const byOrigin = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie, origin: PUBLIC_URL },
      payload: taskInput(),
    });
    expect(byOrigin.statusCode).toBe(201);
    const byFetchSite = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie, "sec-fetch-site": "same-origin", origin: PUBLIC_URL },
      payload: taskInput(),
    });
    expect(byFetchSite.statusCode).toBe(201);
    expect(await countTasks(user.cookie)).toBe(2);
  });

  it("leaves reads from anywhere alone", async () => {
    const response = await ctx.app.inject({
      url: "/api/tasks",
      headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(200);
  });
});
