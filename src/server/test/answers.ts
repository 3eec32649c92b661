import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { TestContext, TestUser } from "./test-app.ts";

/** A request to the test app, as `user` (their session cookie) or nobody, with a JSON body when given. */
export function callerOf(ctx: TestContext) {
  return (user: TestUser | null, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      ...(user ? { headers: { cookie: user.cookie } } : {}),
      ...(payload ? { payload } : {}),
    });
}

/** A refusal: this status, as problem+json, with this detail when given. */
export function expectRefused(response: LightMyRequestResponse, status: number, detail?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  if (detail) expect(response.json().detail).toBe(detail);
}

/** What every answer must be, whatever was sent: no 5xx, the security headers, every 4xx problem+json with a readable detail and no stack trace. */
export function expectWellFormed(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  if (response.statusCode >= 400) {
    expect(response.headers["content-type"], `${response.statusCode} ${response.body}`).toContain(
      "application/problem+json",
    );
    const body = response.json();
    expect(body.status).toBe(response.statusCode);
    expect(typeof body.detail).toBe("string");
    expect(body.detail.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  }
}
