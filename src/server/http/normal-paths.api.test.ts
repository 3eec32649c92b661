import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { rawRequest } from "../test/raw-http.ts";
import { setupTestApp, signUp, TEST_PASSWORD } from "../test/test-app.ts";
import { isNormalPath, servedPath } from "./normal-paths.ts";

/** Limits low enough to reach: the per-account one is what password guesses run into. */
const ctx = setupTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: "100", RATE_LIMIT_ACCOUNT_PER_MINUTE: "4" });
let port: number;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as { port: number }).port;
});

/** A request with the path exactly as written, and a JSON body when one is given. */
async function send(method: string, path: string, body?: object) {
  const answer = await rawRequest(port, method, path, {
    ...(body ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}),
  });
  return { status: answer.status, type: answer.type, json: answer.body ? (JSON.parse(answer.body) as unknown) : null };
}

const SIGN_IN_DETOURS = [
  "/api/auth/sign-in/./email",
  "/api/auth/x/../sign-in/email",
  "/api/auth//sign-in/email",
  "/api/auth/sign-in\\email",
  "/api/auth/sign-in/%2e/email",
  "/api/auth/x/%2E%2e/sign-in/email",
  "/api/auth/sign-in/email#x",
];

describe("paths not in their plain form", () => {
  it("are refused before anything is served: password guesses by a detour never reach the password", async () => {
    const victim = await signUp(ctx.app);
    for (let round = 0; round < 2; round++) {
      for (const path of SIGN_IN_DETOURS) {
        const wrong = await send("POST", path, { email: victim.email, password: "Wrong-Guess-71" });
        expect(wrong.status, path).toBe(400);
        expect(wrong.type).toContain("application/problem+json");
        expect((wrong.json as { detail: string }).detail).toMatch(
          /^The address of this request is not in its plain form/,
        );
      }
    }
    // The right password by a detour opens nothing either.
    const right = await send("POST", SIGN_IN_DETOURS[0] ?? "", { email: victim.email, password: TEST_PASSWORD });
    expect(right.status).toBe(400);
    // The plain path counts every guess (the sign-up was the account's first attempt).
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await send("POST", "/api/auth/sign-in/email", { email: victim.email, password: "Wrong-1a" })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("send no reset email by a detour", async () => {
    const person = await signUp(ctx.app);
    for (const path of ["/api/auth/./request-password-reset", "/api/auth//request-password-reset"]) {
      for (let i = 0; i < 5; i++) {
        const response = await send("POST", path, { email: person.email, redirectTo: "/auth/reset-password" });
        expect(response.status, path).toBe(400);
      }
    }
    const database = openDatabase(ctx.database.config);
    try {
      const emails = await database.db
        .selectFrom("outbox")
        .select("subject")
        .where("recipient", "=", person.email)
        .execute();
      // Only the sign-up's confirmation email.
      expect(emails.map((email) => email.subject)).not.toContainEqual(expect.stringMatching(/password/i));
    } finally {
      await database.close();
    }
  });

  it.each([
    ["GET", "/./api/tasks"],
    ["GET", "/../api/tasks"],
    ["GET", "/api/tasks/./abc"],
    ["GET", "/api//tasks"],
    ["GET", "/api/tasks/%2e%2e/features-tasks"],
    ["GET", "/api/tasks/abc%2Fdef"],
    ["GET", "/api/tasks/abc%5cdef"],
    ["POST", "/api/x/../tasks"],
    ["GET", "/task-details/../about"],
  ])("are refused on every path, not only sign-in: %s %s", async (method, path) => {
    const response = await send(method, path, method === "POST" ? {} : undefined);
    expect(response.status).toBe(400);
    expect(response.type).toContain("application/problem+json");
  });

  it("leave plain paths, their queries and a trailing slash alone", async () => {
    expect((await send("GET", "/api/tasks?q=../x&sort=newest")).status).toBe(200);
    expect((await send("GET", "/api/tasks/")).status).toBe(200);
    expect((await send("GET", "/healthz")).status).toBe(200);
  });
});

describe("isNormalPath", () => {
  it.each([
    ["/", true],
    ["/api/tasks", true],
    ["/api/tasks/", true],
    ["/api/tasks?q=a/../b", true],
    ["/api/tasks/abc-123_x.y~z", true],
    ["/api/tasks/%20", true],
    ["/api/./tasks", false],
    ["/api/../tasks", false],
    ["/api//tasks", false],
    ["/api/%2e/tasks", false],
    ["/api/.%2E/tasks", false],
    ["/api\\tasks", false],
    ["/api/a%2fb", false],
    ["/api/a%5Cb", false],
    ["/api/tasks#frag", false],
    ["*", false],
  ])("%s → %s", (path, expected) => {
    expect(isNormalPath(path)).toBe(expected);
  });

  it("names the path a detour is served as", () => {
    expect(servedPath("/api/auth/x/../sign-in/./email?y=1")).toBe("/api/auth/sign-in/email");
    expect(servedPath("/api/auth//sign-in\\email")).toBe("/api/auth/sign-in/email");
  });
});
