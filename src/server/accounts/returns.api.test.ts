import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, startSmtpServer, type TestSmtpServer } from "../test/smtp-server.ts";
import { PUBLIC_URL, setupTestApp, TEST_PASSWORD } from "../test/test-app.ts";

/**
 * Every way into an account returns to where the person was going, a path of this site only:
 * the reset email's link and the confirmation email's link (Google's: google.api.test.ts).
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());

const ctx = setupTestApp(() => ({ SMTP_URL: smtp.url, EMAIL_RETRY_MS: "50" }));
const TASK = "/task-details/abc?bid=open";

function post(url: string, payload: object) {
  return ctx.app.inject({ method: "POST", url, payload, headers: { origin: PUBLIC_URL } });
}

let count = 0;
async function signUpWith(extra: Record<string, unknown>) {
  count += 1;
  const email = `returns-${count}-${Date.now()}@example.com`;
  const response = await post("/api/auth/sign-up/email", { name: "Nora", email, password: TEST_PASSWORD, ...extra });
  return { email, response };
}

async function confirmationLink(email: string): Promise<URL> {
  const sent = await smtp.waitFor((e) => e.to === email && e.subject === "Confirm your email for QuickGig");
  return new URL(linkIn(sent, `${PUBLIC_URL}/api/auth/verify-email?token=`));
}

async function resetLink(email: string, redirectTo?: string): Promise<URL> {
  const before = smtp.received.length;
  const asked = await post("/api/auth/request-password-reset", { email, ...(redirectTo ? { redirectTo } : {}) });
  expect(asked.statusCode, asked.body).toBe(200);
  const sent = await smtp.waitFor(
    (e) => e.to === email && e.subject === "Reset your QuickGig password" && smtp.received.indexOf(e) >= before,
  );
  return new URL(linkIn(sent, `${PUBLIC_URL}/auth/reset-password?token=`));
}

describe("The way back through the server's flows", () => {
  it("tells the forms that neither Google nor Firebase sign-in is offered on a server without them", async () => {
    const options = await ctx.app.inject({ url: "/api/auth/sign-in-options" });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ google: false, firebase: false });
  });

  it("signs up without a photo: the account has none", async () => {
    const { email, response } = await signUpWith({});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ email, image: null });
    const empty = await signUpWith({ image: "" });
    expect(empty.response.statusCode, empty.response.body).toBe(200);
  });

  it("changes the photo later, and takes it away (the initials stand in); a bad one is refused as problem+json", async () => {
    const { response } = await signUpWith({});
    const cookie = String(response.headers["set-cookie"]);
    const update = (payload: object) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/update-user",
        payload,
        headers: { origin: PUBLIC_URL, cookie },
      });
    const image = async () =>
      (await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie } })).json().user.image;
    expect((await update({ image: "https://example.com/nora.png" })).statusCode).toBe(200);
    expect(await image()).toBe("https://example.com/nora.png");
    const bad = await update({ image: "ftp://example.com/nora.png" });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers["content-type"]).toContain("application/problem+json");
    expect(await image()).toBe("https://example.com/nora.png");
    expect((await update({ image: "" })).statusCode).toBe(200);
    expect(await image()).toBeFalsy();
  });

  it("still refuses a photo address that is not a web address, as problem+json", async () => {
    const { response } = await signUpWith({ image: "javascript:alert(1)" });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toBe("Photo URL must be a web address starting with http:// or https://");
  });

  it("the confirmation link returns to the sign-up's way back, with ?verified=1", async () => {
    const { email, response } = await signUpWith({ callbackURL: TASK });
    expect(response.statusCode, response.body).toBe(200);
    const link = await confirmationLink(email);
    expect(link.searchParams.get("callbackURL")).toBe("/task-details/abc?bid=open&verified=1");
    const opened = await ctx.app.inject({ url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/task-details/abc?bid=open&verified=1");
  });

  it("refuses a sign-up whose way back leaves the site, as problem+json", async () => {
    for (const callbackURL of ["https://evil.example/x", "//evil.example/x", "/\\evil.example"]) {
      const { response } = await signUpWith({ callbackURL });
      expect(response.statusCode, callbackURL).toBe(403);
      expect(response.headers["content-type"]).toContain("application/problem+json");
    }
  });

  it("the confirmation link of a sign-up with no way back, or a full address even of this site, returns to the dashboard", async () => {
    for (const callbackURL of [undefined, `${PUBLIC_URL}/x`]) {
      const { email, response } = await signUpWith(callbackURL ? { callbackURL } : {});
      expect(response.statusCode, response.body).toBe(200);
      const link = await confirmationLink(email);
      expect(link.searchParams.get("callbackURL")).toBe("/dashboard?verified=1");
    }
  });

  it("a resent confirmation link returns to the page it was asked from", async () => {
    const { email, response } = await signUpWith({});
    const cookie = String(response.headers["set-cookie"]);
    await confirmationLink(email);
    const before = smtp.received.length;
    const resent = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/send-verification-email",
      payload: { email, callbackURL: "/dashboard/my-bids" },
      headers: { origin: PUBLIC_URL, cookie },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const sent = await smtp.waitFor(
      (e) => e.to === email && e.subject.startsWith("Confirm") && smtp.received.indexOf(e) >= before,
    );
    const link = new URL(linkIn(sent, `${PUBLIC_URL}/api/auth/verify-email?token=`));
    expect(link.searchParams.get("callbackURL")).toBe("/dashboard/my-bids?verified=1");
  });

  it("the reset link carries the way back to the reset page, which passes it to login", async () => {
    const { email } = await signUpWith({});
    const link = await resetLink(email, TASK);
    expect(link.pathname).toBe("/auth/reset-password");
    expect(link.searchParams.get("redirect")).toBe(TASK);
    expect(link.searchParams.get("token")).toBeTruthy();
    const plain = await resetLink(email);
    expect(plain.searchParams.has("redirect")).toBe(false);
  });

  it("refuses a reset request whose way back leaves the site, as problem+json, and sends nothing", async () => {
    const { email } = await signUpWith({});
    for (const redirectTo of ["https://evil.example/x", "//evil.example/x", "/\\evil.example"]) {
      const asked = await post("/api/auth/request-password-reset", { email, redirectTo });
      expect(asked.statusCode, redirectTo).toBe(403);
      expect(asked.headers["content-type"]).toContain("application/problem+json");
    }
    expect(smtp.received.some((e) => e.to === email && e.subject.startsWith("Reset"))).toBe(false);
  });
});
