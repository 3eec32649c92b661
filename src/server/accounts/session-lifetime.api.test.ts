import { afterEach, describe, expect, it, vi } from "vitest";
import { setupTestApp, signUp } from "../test/test-app.ts";

const ctx = setupTestApp();
const DAY = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

async function isSignedIn(cookie: string) {
  const response = await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie } });
  return response.json() !== null;
}

describe("session lifetime (controlled clock)", () => {
  it("ends a session left unused for more than 7 days", async () => {
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    const user = await signUp(ctx.app);
    vi.setSystemTime(start + 6 * DAY);
    expect(await isSignedIn(user.cookie)).toBe(true);
    // Used on day 6, so it now lasts until day 13; unused until day 14, it has ended.
    vi.setSystemTime(start + 12.9 * DAY);
    expect(await isSignedIn(user.cookie)).toBe(true);
    vi.setSystemTime(start + 12.9 * DAY + 7.1 * DAY);
    expect(await isSignedIn(user.cookie)).toBe(false);
  });

  it("ends even a busy session 30 days after sign-in", async () => {
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    const user = await signUp(ctx.app);
    for (let day = 2; day <= 29; day += 2) {
      vi.setSystemTime(start + day * DAY);
      expect(await isSignedIn(user.cookie)).toBe(true);
    }
    vi.setSystemTime(start + 30 * DAY + 60_000);
    expect(await isSignedIn(user.cookie)).toBe(false);
    const write = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(write.statusCode).toBe(401);
  });
});
