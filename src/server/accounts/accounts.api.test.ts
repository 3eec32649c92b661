import { describe, expect, it } from "vitest";
import { invisibleOnly } from "../../contract/index.ts";
import { openDatabase } from "../db/database.ts";
import { PUBLIC_URL, sessionCookie, setupTestApp, signUp, TEST_PASSWORD } from "../test/test-app.ts";

const ctx = setupTestApp();

function post(url: string, payload: object, cookie?: string) {
  return ctx.app.inject({
    method: "POST",
    url,
    payload,
    headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) },
  });
}

const validSignUp = () => ({
  name: "New Person",
  email: `new-${Math.random().toString(36).slice(2)}@example.com`,
  password: "Fresh-Start-9",
  image: "https://example.com/me.png",
});

describe("sign-up", () => {
  it("creates the account, signs the user in with an HttpOnly Lax cookie", async () => {
    const body = validSignUp();
    const response = await post("/api/auth/sign-up/email", body);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: "New Person", email: body.email, image: body.image });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const session = await ctx.app.inject({
      url: "/api/auth/get-session",
      headers: { cookie: sessionCookie(response) },
    });
    expect(session.json().user.email).toBe(body.email);
  });

  it.each([
    [{ password: "Ab1" }, "Password must be at least 6 characters"],
    [{ password: "abcdef1" }, "Password must include an uppercase letter"],
    [{ password: "ABCDEF1" }, "Password must include a lowercase letter"],
    [{ password: "Abcdefg" }, "Password must include a number"],
    [{ password: `Ab1${"x".repeat(126)}` }, "Password must be at most 128 characters"],
    [{ name: "" }, "Name is required"],
    [{ name: "n".repeat(81) }, "Name must be at most 80 characters"],
    [{ email: "not-an-email" }, "Email must be a valid email address"],
    [{ image: "javascript:alert(1)" }, "Photo URL must be a web address starting with http:// or https://"],
    [{ image: "data:image/png;base64,AAAA" }, "Photo URL must be a web address starting with http:// or https://"],
    [{ image: `https://example.com/${"a".repeat(2040)}` }, "Photo URL must be at most 2048 characters"],
  ])("refuses %o with problem+json naming the problem", async (override, message) => {
    const response = await post("/api/auth/sign-up/email", { ...validSignUp(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json()).toMatchObject({ status: 400, detail: message });
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it.each(["Password1", "Qwerty123", "Abc123", "PassWord1"])("refuses the common password %s", async (password) => {
    const response = await post("/api/auth/sign-up/email", { ...validSignUp(), password });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe("This password is too common. Choose one that is harder to guess.");
  });

  it("stores the password as an Argon2id hash at OWASP's parameters", async () => {
    const user = await signUp(ctx.app);
    const db = openDatabase(ctx.database.config);
    const account = await db.db
      .selectFrom("account")
      .select("password")
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    await db.close();
    expect(account.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account.password).not.toContain(TEST_PASSWORD);
  });

  it("refuses a second account with the same email, in any letter case", async () => {
    const body = validSignUp();
    await post("/api/auth/sign-up/email", body);
    const again = await post("/api/auth/sign-up/email", { ...validSignUp(), email: body.email.toUpperCase() });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(again.headers["content-type"]).toContain("application/problem+json");
    expect(again.json().detail).toMatch(/already exists/i);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the email in any case and the right password only", async () => {
    const user = await signUp(ctx.app);
    const ok = await post("/api/auth/sign-in/email", { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(sessionCookie(ok)).toContain("session_token");

    const wrong = await post("/api/auth/sign-in/email", { email: user.email, password: "Wrong1234" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers["content-type"]).toContain("application/problem+json");
    expect(wrong.json().detail).toBe("Invalid email or password");
  });

  it("gives a new session token on every sign-in", async () => {
    const user = await signUp(ctx.app);
    const first = sessionCookie(await post("/api/auth/sign-in/email", { email: user.email, password: TEST_PASSWORD }));
    const second = sessionCookie(await post("/api/auth/sign-in/email", { email: user.email, password: TEST_PASSWORD }));
    expect(first).not.toBe(second);
  });

  it("ends the session on the server: the old cookie no longer works", async () => {
    const user = await signUp(ctx.app);
    const out = await post("/api/auth/sign-out", {}, user.cookie);
    expect(out.statusCode).toBe(200);
    const session = await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie: user.cookie } });
    expect(session.json()).toBeNull();
    const write = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie },
      payload: {},
    });
    expect(write.statusCode).toBe(401);
  });
});

describe("cross-site requests", () => {
  it("refuses an account change from another origin, and changes nothing", async () => {
    const user = await signUp(ctx.app, { name: "Careful User" });
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { cookie: user.cookie, origin: "https://evil.example" },
      payload: { name: "Pwned" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    const session = (await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie: user.cookie } })).json();
    expect(session.user.name).toBe("Careful User");
  });
});

describe("profile", () => {
  it("updates the name and photo URL, and tasks show the new name", async () => {
    const user = await signUp(ctx.app, { name: "Old Name" });
    const response = await post(
      "/api/auth/update-user",
      { name: "New Name", image: "https://example.com/new.png" },
      user.cookie,
    );
    expect(response.statusCode).toBe(200);
    const session = (await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie: user.cookie } })).json();
    expect(session.user).toMatchObject({ name: "New Name", image: "https://example.com/new.png" });
  });

  it("refuses a bad photo URL or an empty name, and keeps the saved profile", async () => {
    const user = await signUp(ctx.app, { name: "Kept Name" });
    const bad = await post("/api/auth/update-user", { name: "X", image: "javascript:alert(1)" }, user.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe("Photo URL must be a web address starting with http:// or https://");
    const empty = await post("/api/auth/update-user", { name: "  " }, user.cookie);
    expect(empty.json().detail).toBe("Name is required");
    // Issue 42: a name of characters that show nothing is no name.
    const invisible = await post("/api/auth/update-user", { name: "\u200B\u202E\u3164" }, user.cookie);
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().detail).toBe(invisibleOnly("Name"));
    const session = (await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie: user.cookie } })).json();
    expect(session.user.name).toBe("Kept Name");
  });

  it("needs a session", async () => {
    const response = await post("/api/auth/update-user", { name: "Nobody" });
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toContain("application/problem+json");
  });
});

describe("Google sign-in without configuration", () => {
  it("answers a clear problem instead of failing", async () => {
    const response = await post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 503, detail: "Google sign-in is not available on this server" });
  });
});
