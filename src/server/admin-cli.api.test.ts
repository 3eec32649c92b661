import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { setupTestApp, signUp } from "./test/test-app.ts";

const run = promisify(execFile);

/** `npm run admin -- …` as a person types it, on the test's database (either dialect). */
async function admin(databaseUrl: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/server/admin-cli.ts", ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "test", LOG_LEVEL: "silent" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("npm run admin: the first admin from the command line", () => {
  const context = setupTestApp();

  it("grants a role by email, lists it, takes it away, and writes each to the audit log as the command line", async () => {
    const person = await signUp(context.app, { name: "First Admin" });
    const queue = () =>
      context.app.inject({ method: "GET", url: "/api/admin/queue", headers: { cookie: person.cookie } });
    expect((await queue()).statusCode).toBe(403);

    const granted = await admin(context.database.url, "grant", person.email, "admin");
    expect(granted).toMatchObject({ code: 0, stdout: `${person.email} is now an admin.\n` });
    expect((await queue()).statusCode).toBe(200);
    expect((await admin(context.database.url, "list")).stdout).toContain(`admin     ${person.email} (First Admin)`);

    // As admin, they read who granted it: the command line, in the log nobody can change.
    const log = await context.app.inject({
      method: "GET",
      url: "/api/admin/audit?action=grant-role",
      headers: { cookie: person.cookie },
    });
    expect(log.json().entries).toEqual([
      expect.objectContaining({ action: "grant-role", actor: expect.objectContaining({ name: "command line" }) }),
    ]);

    expect((await admin(context.database.url, "revoke", person.email)).stdout).toBe(
      `${person.email} has no role now.\n`,
    );
    expect((await queue()).statusCode).toBe(403);
  });

  it("says what is wrong: an unknown email, a role that does not exist", async () => {
    const unknown = await admin(context.database.url, "grant", "nobody@example.com", "admin");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Nobody has an account with this email.");
    const noSuchRole = await admin(context.database.url, "grant", "someone@example.com", "owner");
    expect(noSuchRole.code).toBe(2);
    expect(noSuchRole.stderr).toContain("npm run admin -- grant <email> <moderator|admin>");
  });
});
