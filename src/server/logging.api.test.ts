import { describe, expect, it } from "vitest";
import { openDatabase } from "./db/database.ts";
import { appealToken } from "./moderation/appeal-token.ts";
import { grantRole } from "./moderation/roles.ts";
import {
  PUBLIC_URL,
  postTask,
  sessionCookie,
  setupTestApp,
  signUp,
  TEST_PASSWORD,
  taskInput,
} from "./test/test-app.ts";

const lines: string[] = [];
const ctx = setupTestApp({ LOG_LEVEL: "info", PAYMENTS: "on" }, undefined, {
  logStream: { write: (line) => lines.push(line) },
});

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the log of a full session", () => {
  it("records sign-ins, failures and refusals, and never a password, cookie or token", async () => {
    const alice = await signUp(ctx.app, { name: "Alice Logger" });
    const bob = await signUp(ctx.app);
    const failed = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: alice.email, password: "Wrong-Password-1" },
    });
    expect(failed.statusCode).toBe(401);
    const signedIn = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: alice.email, password: TEST_PASSWORD },
    });
    const freshCookie = sessionCookie(signedIn);
    const taskId = await postTask(ctx.app, alice);
    await ctx.app.inject({ method: "DELETE", url: `/api/tasks/${taskId}`, headers: { cookie: bob.cookie } });
    await ctx.app.inject({ method: "POST", url: "/api/tasks", payload: taskInput() });
    await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: bob.cookie, origin: "https://evil.example" },
      payload: taskInput(),
    });
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: freshCookie, origin: PUBLIC_URL },
      payload: {},
    });

    const events = entries();
    expect(events).toContainEqual(
      expect.objectContaining({ event: "sign-up", msg: "sign-up succeeded", userId: alice.id }),
    );
    expect(events).toContainEqual(expect.objectContaining({ event: "sign-in", msg: "sign-in failed", status: 401 }));
    expect(events).toContainEqual(
      expect.objectContaining({ event: "sign-in", msg: "sign-in succeeded", userId: alice.id }),
    );
    expect(events).toContainEqual(expect.objectContaining({ event: "sign-out", msg: "sign-out succeeded" }));
    const refusals = events.filter((entry) => entry.msg === "access refused").map((entry) => entry.status);
    expect(refusals).toEqual(expect.arrayContaining([401, 403, 403]));
    expect(events.every((entry) => typeof entry.reqId === "string" || entry.reqId === undefined)).toBe(true);

    const log = lines.join("");
    const secrets = [
      TEST_PASSWORD,
      "Wrong-Password-1",
      ...[alice, bob].map((user) => user.cookie.split("=")[1]),
      freshCookie.split("=")[1],
    ];
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/session_token/i);
  });
});

describe("what the log never holds", () => {
  it("keeps the path of every request and none of its query: reset and unsubscribe links, searches", async () => {
    const from = lines.length;
    const secrets = ["reset-token-4f1a9c", "unsubscribe-token-77e2b0", "search-words-b31d"];
    const urls = [
      `/auth/reset-password?token=${secrets[0]}`,
      `/email/unsubscribe?token=${secrets[1]}`,
      `/api/tasks?q=${secrets[2]}`,
      `/api/nothing-here?token=${secrets[0]}`,
    ];
    for (const url of urls) await ctx.app.inject({ method: "GET", url });
    const written = lines.slice(from).join("");
    for (const secret of secrets) expect(written).not.toContain(secret);
    for (const url of urls) expect(written).toContain(`"url":"${url.split("?")[0]}"`);
  });

  it("writes one line a request, when it is answered: what was asked, the status and the time taken", async () => {
    const from = lines.length;
    const person = await signUp(ctx.app, { name: "One Line" });
    const answer = await ctx.app.inject({
      method: "GET",
      url: "/api/notifications",
      headers: { cookie: person.cookie },
    });
    const id = answer.headers["x-request-id"];
    const about = entries()
      .slice(from)
      .filter((entry) => entry.reqId === id);
    expect(about).toEqual([
      expect.objectContaining({
        msg: "request completed",
        req: expect.objectContaining({ method: "GET", url: "/api/notifications" }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it("hides a secret a log line is given by name", async () => {
    const from = lines.length;
    ctx.app.log.info({ token: "given-token-93ac", user: { password: "Given-Pass-81" } }, "a careless line");
    const written = lines.slice(from).join("");
    expect(written).toContain("a careless line");
    expect(written).not.toContain("given-token-93ac");
    expect(written).not.toContain("Given-Pass-81");
  });
});

describe("an appeal by its email's link (issue 42, held)", () => {
  it("is logged by its sanction's id: the token, sent valid, replayed or forged, is in no line", async () => {
    const moderator = await signUp(ctx.app, { name: "Log Moderator" });
    const person = await signUp(ctx.app, { name: "Log Suspended" });
    const database = openDatabase(ctx.database.config);
    try {
      await grantRole(database.db, moderator.email, "moderator", null);
    } finally {
      await database.close();
    }
    const decision = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/decisions",
      headers: { cookie: moderator.cookie },
      payload: {
        targetKind: "profile",
        targetId: person.id,
        remove: false,
        sanction: "suspend",
        rule: "respectful",
        note: "Threats in messages.",
      },
    });
    expect(decision.statusCode, decision.body).toBe(200);
    const sanctionId = decision.json().entries[0].sanctionId as string;
    const token = appealToken(ctx.config.authSecret, sanctionId);
    const forged = `${token.slice(0, -4)}AAAA`;
    const from = lines.length;
    const appeal = (sent: string) =>
      ctx.app.inject({ method: "POST", url: "/api/appeals", payload: { token: sent, text: "I was hacked." } });
    expect((await appeal(token)).statusCode).toBe(201);
    expect((await appeal(token)).statusCode).toBe(409);
    expect((await appeal(forged)).statusCode).toBe(400);
    const written = lines.slice(from).join("");
    expect(written).toContain(sanctionId);
    expect(written).not.toContain(token);
    expect(written).not.toContain(forged);
    expect(written).not.toContain(token.split(".").at(-1));
  });
});

describe("a payment by card (issue 44)", () => {
  it("is logged by the payment's id: no card number, expiry or CVC is in any line, paid or declined", async () => {
    const client = await signUp(ctx.app, { name: "Log Client" });
    const freelancer = await signUp(ctx.app, { name: "Log Freelancer" });
    const taskId = await postTask(ctx.app, client);
    const call = (user: { cookie: string }, url: string, payload: object) =>
      ctx.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, payload });
    const offer = (await call(freelancer, "/api/bids", { taskId, amount: 120 })).json();
    const { paymentId } = (await call(client, `/api/tasks/${taskId}/accept`, { bidId: offer._id })).json();
    const from = lines.length;
    const card = (number: string) => ({ card: { number, expiry: "11/37", cvc: "9731" } });
    expect((await call(client, `/api/payments/${paymentId}/pay`, card("4000000000000002"))).statusCode).toBe(402);
    expect((await call(client, `/api/payments/${paymentId}/pay`, card("42424242"))).statusCode).toBe(400);
    expect((await call(client, `/api/payments/${paymentId}/pay`, card("4242424242424242"))).statusCode).toBe(200);
    const written = lines.slice(from).join("");
    expect(written).toContain(paymentId);
    for (const secret of ["4000000000000002", "42424242", "11/37", "9731"]) expect(written).not.toContain(secret);
  });
});
