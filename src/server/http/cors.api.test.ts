import { describe, expect, it } from "vitest";
import { sessionCookie, setupTestApp, taskInput } from "../test/test-app.ts";
import { PREFLIGHT_MAX_AGE } from "./cors.ts";

const API = "https://api.quickgig.example";
const APP = "https://app.quickgig.example";
const ctx = setupTestApp({ PUBLIC_URL: API, TRUSTED_ORIGINS: APP });

const preflight = (origin: string, method = "POST") =>
  ctx.app.inject({
    method: "OPTIONS",
    url: "/api/tasks",
    headers: { origin, "access-control-request-method": method, "access-control-request-headers": "content-type" },
  });

describe("the web app on another origin (VITE_API_URL)", () => {
  it("a listed origin's preflight is allowed with credentials and cached; never `*`", async () => {
    const response = await preflight(APP);
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe(APP);
    expect(response.headers["access-control-allow-credentials"]).toBe("true");
    expect(response.headers["access-control-max-age"]).toBe(String(PREFLIGHT_MAX_AGE));
    expect(String(response.headers["access-control-allow-methods"])).toContain("PUT");
    expect(String(response.headers["access-control-allow-headers"]).toLowerCase()).toContain("content-type");
    expect(response.headers.vary).toContain("Origin");
  });

  it("another origin gets no CORS headers, so its page cannot read the answer", async () => {
    for (const origin of ["https://evil.example", "http://app.quickgig.example", "null"]) {
      const response = await preflight(origin);
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
      const read = await ctx.app.inject({ url: "/api/tasks", headers: { origin } });
      expect(read.headers["access-control-allow-origin"]).toBeUndefined();
    }
  });

  it("signs up, reads and writes from the listed origin with the session cookie, exposing the paging headers", async () => {
    const headers = { origin: APP, "sec-fetch-site": "same-site" };
    const signUp = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers,
      payload: {
        name: "Cross Origin",
        email: `cross-${Date.now()}@example.com`,
        password: "Far-Away-Pass-3",
        image: "https://example.com/a.png",
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(signUp.headers["access-control-allow-origin"]).toBe(APP);
    const cookie = sessionCookie(signUp);
    const posted = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { ...headers, cookie },
      payload: taskInput(),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const list = await ctx.app.inject({ url: "/api/tasks", headers: { ...headers, cookie } });
    expect(list.headers["access-control-allow-origin"]).toBe(APP);
    expect(String(list.headers["access-control-expose-headers"])).toContain("X-Total-Count");
  });

  it("a write from an origin not listed is still refused", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      payload: taskInput(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("a web app on another site", () => {
  const crossSite = setupTestApp({
    PUBLIC_URL: API,
    TRUSTED_ORIGINS: "https://quickgig-web.example",
    AUTH_COOKIE_SAMESITE: "none",
  });

  it("gets its session cookie as SameSite=None; Secure when the server is told so", async () => {
    const response = await crossSite.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "https://quickgig-web.example", "sec-fetch-site": "cross-site" },
      payload: {
        name: "Other Site",
        email: `other-site-${Date.now()}@example.com`,
        password: "Far-Away-Pass-3",
        image: "https://example.com/a.png",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/SameSite=None/i);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});
