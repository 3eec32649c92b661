import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { linkIn, startSmtpServer, type TestSmtpServer } from "../test/smtp-server.ts";
import { PUBLIC_URL, sessionCookie, setupTestApp, signUp, TEST_PASSWORD } from "../test/test-app.ts";
import { RESET_REQUEST_FLOOR_MS } from "./auth-routes.ts";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());

const ctx = setupTestApp(() => ({ SMTP_URL: smtp.url, EMAIL_RETRY_MS: "50" }));
const NEW_PASSWORD = "Brand-New-Pass-4";

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: "POST", url, payload, headers: { origin: PUBLIC_URL, ...headers } });
}

const signIn = (email: string, password: string) => post("/api/auth/sign-in/email", { email, password });

async function resetToken(email: string): Promise<string> {
  const before = smtp.received.filter((e) => e.to === email).length;
  const asked = await post("/api/auth/request-password-reset", { email });
  expect(asked.statusCode, asked.body).toBe(200);
  const arrived = await smtp.waitFor(
    (e) => e.to === email && e.subject === "Reset your QuickGig password" && smtp.received.indexOf(e) >= before,
  );
  const link = new URL(linkIn(arrived, `${PUBLIC_URL}/auth/reset-password`));
  return link.searchParams.get("token") ?? "";
}

describe("password reset", () => {
  it("emails a link; the new password works, the old one no longer does, and every session ends", async () => {
    const user = await signUp(ctx.app, { name: "Forgetful" });
    const otherDevice = sessionCookie(await signIn(user.email, TEST_PASSWORD));
    const token = await resetToken(user.email);
    const email = smtp.received.find((e) => e.to === user.email && e.subject.startsWith("Reset"));
    expect(email?.text).toContain("Hello Forgetful,");
    expect(email?.text).toContain("30 minutes");

    const reset = await post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    for (const cookie of [user.cookie, otherDevice]) {
      const session = await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie } });
      expect(session.json()).toBeNull();
    }
  });

  it("a link works once", async () => {
    const user = await signUp(ctx.app);
    const token = await resetToken(user.email);
    expect((await post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    const again = await post("/api/auth/reset-password", { token, newPassword: "Another-Pass-5" });
    expect(again.statusCode).toBe(400);
    expect(again.headers["content-type"]).toContain("application/problem+json");
    expect(again.json().code).toBe("INVALID_TOKEN");
    expect((await signIn(user.email, "Another-Pass-5")).statusCode).toBe(401);
  });

  it("a link expires after 30 minutes", async () => {
    const user = await signUp(ctx.app);
    const token = await resetToken(user.email);
    // 31 minutes later: the token's row says when it stops working.
    const database = openDatabase(ctx.database.config);
    try {
      const row = await database.db
        .selectFrom("verification")
        .select(["expiresAt", "createdAt"])
        .where("identifier", "=", `reset-password:${token}`)
        .executeTakeFirstOrThrow();
      const lifetime = new Date(row.expiresAt as string).getTime() - new Date(row.createdAt as string).getTime();
      expect(Math.round(lifetime / 60_000)).toBe(30);
      await database.db
        .updateTable("verification")
        .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
        .where("identifier", "=", `reset-password:${token}`)
        .execute();
    } finally {
      await database.close();
    }
    const late = await post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe("INVALID_TOKEN");
  });

  it("the new password follows the password rules", async () => {
    const user = await signUp(ctx.app);
    const token = await resetToken(user.email);
    const weak = await post("/api/auth/reset-password", { token, newPassword: "abcdef1" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toBe("Password must include an uppercase letter");
    const common = await post("/api/auth/reset-password", { token, newPassword: "Password1" });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe("COMMON_PASSWORD");
    // The link still works after a refused password.
    expect((await post("/api/auth/reset-password", { token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("answers the same, no sooner, whether or not the account exists, and emails only an existing one", async () => {
    const user = await signUp(ctx.app);
    const nobody = `nobody-${Date.now()}@example.com`;
    const timings: Record<string, number[]> = { existing: [], unknown: [] };
    const answers = new Set<string>();
    for (let round = 0; round < 3; round++) {
      for (const [label, email] of [
        ["existing", user.email],
        ["unknown", nobody],
      ] as const) {
        const started = performance.now();
        const response = await post("/api/auth/request-password-reset", { email });
        timings[label]?.push(performance.now() - started);
        answers.add(`${response.statusCode} ${response.body}`);
      }
    }
    expect(answers.size).toBe(1);
    for (const times of Object.values(timings)) {
      for (const time of times) expect(time).toBeGreaterThanOrEqual(RESET_REQUEST_FLOOR_MS - 1);
    }
    console.info(
      `reset request, ms: existing ${timings.existing?.map((t) => t.toFixed(0)).join(", ")}; unknown ${timings.unknown?.map((t) => t.toFixed(0)).join(", ")}`,
    );
    await smtp.waitFor((e) => e.to === user.email && e.subject.startsWith("Reset"));
    expect(smtp.received.some((e) => e.to === nobody)).toBe(false);
  });

  it("a bad email address is named", async () => {
    const response = await post("/api/auth/request-password-reset", { email: "not-an-email" });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe("Email must be a valid email address");
  });
});

describe("password reset limits", () => {
  const limited = setupTestApp(() => ({
    SMTP_URL: smtp.url,
    RATE_LIMIT_AUTH_PER_MINUTE: "4",
    RATE_LIMIT_ACCOUNT_PER_MINUTE: "2",
  }));

  it("are counted per address and per client", async () => {
    const ask = (email: string, ip: string) =>
      limited.app.inject({
        method: "POST",
        url: "/api/auth/request-password-reset",
        payload: { email },
        remoteAddress: ip,
        headers: { origin: PUBLIC_URL },
      });
    const target = `target-${Date.now()}@example.com`;
    expect((await ask(target, "10.0.0.1")).statusCode).toBe(200);
    expect((await ask(target, "10.0.0.2")).statusCode).toBe(200);
    const third = await ask(target, "10.0.0.3");
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    // One client asking for many addresses is stopped too.
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await ask(`other-${i}-${Date.now()}@example.com`, "10.0.0.9")).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });
});

describe("email verification", () => {
  it("a new account gets a link; following it confirms the address", async () => {
    const user = await signUp(ctx.app, { name: "Newcomer" });
    const before = await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie: user.cookie } });
    expect(before.json().user.emailVerified).toBe(false);
    const email = await smtp.waitFor((e) => e.to === user.email && e.subject === "Confirm your email for QuickGig");
    const link = new URL(linkIn(email, `${PUBLIC_URL}/api/auth/verify-email`));
    const followed = await ctx.app.inject({ url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe("/dashboard?verified=1");
    const after = await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie: user.cookie } });
    expect(after.json().user.emailVerified).toBe(true);
  });

  it("can be sent again", async () => {
    const user = await signUp(ctx.app);
    await smtp.waitFor((e) => e.to === user.email && e.subject.startsWith("Confirm"));
    const again = await post(
      "/api/auth/send-verification-email",
      { email: user.email, callbackURL: "/dashboard?verified=1" },
      { cookie: user.cookie },
    );
    expect(again.statusCode, again.body).toBe(200);
    await expect
      .poll(() => smtp.received.filter((e) => e.to === user.email && e.subject.startsWith("Confirm")).length)
      .toBe(2);
  });
});
