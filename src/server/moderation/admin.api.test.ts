import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import { AUDIT_LOG_APPEND_ONLY } from "../db/migrations/0015-moderation.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";
import { COMMAND_LINE_ACTOR, grantRole } from "./roles.ts";
import { expectRefused, moderationKit } from "./test/moderation-kit.ts";

/** Issue 29: roles (admins only), the audit log and its filters, and a log nobody can change, on both databases. */

const ctx = setupTestApp();
const kit = moderationKit(ctx);
const { call, ok, decideAs } = kit;

let admin: TestUser;
let moderator: TestUser;
let person: TestUser;
let author: TestUser;

beforeAll(async () => {
  admin = await signUp(ctx.app, { name: "Ada Admin" });
  moderator = await signUp(ctx.app, { name: "Mo Moderator" });
  person = await signUp(ctx.app, { name: "Pat Person" });
  author = await signUp(ctx.app, { name: "Aud Author" });
});

describe("roles", () => {
  it("the first admin comes from the command line, signed in the log by it", async () => {
    const change = await kit.grant(admin, "admin");
    expect(change).toMatchObject({ person: { id: admin.id, email: admin.email }, before: null, after: "admin" });
    const [entry] = (await kit.auditRows()).filter((row) => row.subject_id === admin.id);
    expect(entry).toMatchObject({
      actor_id: null,
      actor_name: COMMAND_LINE_ACTOR,
      action: "grant-role",
      target_kind: "person",
      target_id: admin.id,
      subject_name: "Ada Admin",
      note: "Role: admin",
    });
    // Granting what they have changes nothing and logs nothing.
    expect((await kit.grant(admin, "admin")).entry).toBeNull();
    await expect(grantRole(kit.db().db, "nobody@example.com", "admin", null)).rejects.toThrow(
      MODERATION_MESSAGES.personNotFound,
    );
  });

  it("an admin grants and removes roles by email (any case); the log says who", async () => {
    const granted = await ok(
      call(admin, "POST", "/api/admin/roles", { email: `  ${moderator.email.toUpperCase()} `, role: "moderator" }),
    );
    expect(granted.staff).toEqual([
      {
        id: admin.id,
        name: "Ada Admin",
        image: expect.anything(),
        email: admin.email,
        role: "admin",
        grantedAt: expect.any(String),
      },
      {
        id: moderator.id,
        name: "Mo Moderator",
        image: expect.anything(),
        email: moderator.email,
        role: "moderator",
        grantedAt: expect.any(String),
      },
    ]);
    expect(await ok(call(admin, "GET", "/api/admin/roles"))).toEqual(granted);
    await ok(call(admin, "POST", "/api/admin/roles", { email: person.email, role: "admin" }));
    await ok(call(admin, "POST", "/api/admin/roles", { email: person.email, role: "moderator" }));
    const revoked = await ok(call(admin, "POST", "/api/admin/roles", { email: person.email, role: null }));
    expect(revoked.staff.map((member: { id: string }) => member.id)).toEqual([admin.id, moderator.id]);
    expect(
      (await kit.auditRows())
        .filter((row) => row.subject_id === person.id)
        .map((row) => [row.action, row.actor_id, row.actor_name, row.note]),
    ).toEqual([
      ["grant-role", admin.id, "Ada Admin", "Role: admin"],
      ["grant-role", admin.id, "Ada Admin", "Role: moderator (was admin)"],
      ["revoke-role", admin.id, "Ada Admin", "Role removed: moderator"],
    ]);
  });

  it("refuses a moderator (adminOnly), anyone without a role (staffOnly), one's own role, an unknown email", async () => {
    const before = (await kit.auditRows()).length;
    for (const [user, detail] of [
      [moderator, MODERATION_MESSAGES.adminOnly],
      [person, MODERATION_MESSAGES.staffOnly],
    ] as const) {
      expectRefused(await call(user, "GET", "/api/admin/roles"), 403, detail);
      expectRefused(await call(user, "POST", "/api/admin/roles", { email: user.email, role: "admin" }), 403, detail);
      // Before the body is read.
      expectRefused(await call(user, "POST", "/api/admin/roles", { nonsense: true }), 403, detail);
    }
    expectRefused(await call(null, "GET", "/api/admin/roles"), 401);
    expectRefused(
      await call(admin, "POST", "/api/admin/roles", { email: admin.email, role: null }),
      400,
      MODERATION_MESSAGES.ownRole,
    );
    expectRefused(
      await call(admin, "POST", "/api/admin/roles", { email: "nobody@example.com", role: "moderator" }),
      404,
      MODERATION_MESSAGES.personNotFound,
    );
    expectRefused(
      await call(admin, "POST", "/api/admin/roles", { email: person.email, role: "owner" }),
      400,
      "Role must be moderator or admin",
    );
    expect((await kit.auditRows()).length).toBe(before);
    expect((await ok(call(moderator, "GET", "/api/me/standing"))).role).toBe("moderator");
    expect((await ok(call(admin, "GET", "/api/me/standing"))).role).toBe("admin");
    expect((await ok(call(person, "GET", "/api/me/standing"))).role).toBeNull();
  });
});

describe("GET /api/admin/audit", () => {
  let taskIds: string[];

  beforeAll(async () => {
    taskIds = [];
    for (const title of ["First audited", "Second audited", "Third audited"]) {
      taskIds.push(await postTask(ctx.app, author, { title }));
    }
    const [first, second, third] = taskIds as [string, string, string];
    await ok(
      decideAs(moderator, { targetKind: "task", targetId: first, remove: false, sanction: "none", note: "Fine" }),
    );
    await ok(
      decideAs(admin, {
        targetKind: "task",
        targetId: second,
        remove: false,
        sanction: "warn",
        rule: "no-spam",
        note: "Spam",
      }),
    );
    await ok(
      decideAs(moderator, {
        targetKind: "task",
        targetId: third,
        remove: true,
        sanction: "none",
        rule: "lawful",
        note: "Illegal",
      }),
    );
  });

  it("reads newest first, every entry as the contract says, for moderators and admins; refuses everyone else", async () => {
    const page = await ok(call(moderator, "GET", "/api/admin/audit"));
    expect(page.total).toBe((await kit.auditRows()).length);
    const ats = page.entries.map((entry: { at: string }) => entry.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(page.entries[0]).toEqual({
      _id: expect.any(String),
      at: expect.any(String),
      actor: { id: moderator.id, name: "Mo Moderator", image: expect.anything() },
      action: "remove",
      targetKind: "task",
      targetId: taskIds[2],
      subject: { id: author.id, name: "Aud Author", image: expect.anything() },
      rule: "lawful",
      note: "Illegal",
      sanctionId: expect.any(String),
    });
    // The command line's entry: nobody's account.
    const first = page.entries.at(-1);
    expect(first).toMatchObject({ action: "grant-role", actor: { id: "", name: COMMAND_LINE_ACTOR, image: null } });
    expect(await ok(call(admin, "GET", "/api/admin/audit"))).toEqual(page);
    expectRefused(await call(person, "GET", "/api/admin/audit"), 403, MODERATION_MESSAGES.staffOnly);
    expectRefused(await call(null, "GET", "/api/admin/audit"), 401);
  });

  it("filters by action, actor, subject and days, and pages", async () => {
    const read = async (query: string) => ok(call(moderator, "GET", `/api/admin/audit?${query}`));
    const byAction = await read("action=warn");
    expect(byAction.entries.map((entry: { targetId: string }) => entry.targetId)).toEqual([taskIds[1]]);
    expect(byAction.total).toBe(1);
    const byActor = await read(`actor=${moderator.id}`);
    expect(byActor.entries.map((entry: { action: string }) => entry.action)).toEqual(["remove", "dismiss"]);
    const bySubject = await read(`subject=${author.id}&action=dismiss`);
    expect(bySubject.entries.map((entry: { targetId: string }) => entry.targetId)).toEqual([taskIds[0]]);

    const all = await read(`subject=${author.id}`);
    // The days the entries were written on (UTC), and the days around them.
    const days = all.entries.map((entry: { at: string }) => entry.at.slice(0, 10));
    const [last, first] = [days[0], days.at(-1)];
    const dayFrom = (day: string, shift: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + shift * 86_400_000).toISOString().slice(0, 10);
    expect((await read(`from=${first}&to=${last}&subject=${author.id}`)).total).toBe(3);
    expect((await read(`to=${dayFrom(first, -1)}&subject=${author.id}`)).total).toBe(0);
    expect((await read(`from=${dayFrom(last, 1)}`)).total).toBe(0);

    const second = await read(`subject=${author.id}&limit=1&page=2`);
    expect(second.total).toBe(3);
    expect(second.entries).toEqual([all.entries[1]]);
    expect((await read(`subject=${author.id}&limit=2&page=3`)).entries).toEqual([]);

    expectRefused(await call(moderator, "GET", "/api/admin/audit?action=delete"), 400);
    expectRefused(
      await call(moderator, "GET", "/api/admin/audit?from=2026-02-30"),
      400,
      "From must be a date (YYYY-MM-DD)",
    );
    expectRefused(await call(moderator, "GET", "/api/admin/audit?limit=101"), 400);
  });

  it("cannot be changed or deleted, by anyone: the database refuses", async () => {
    const { db } = kit.db();
    const before = await kit.auditRows();
    expect(before.length).toBeGreaterThan(0);
    await expect(db.updateTable("moderation_log").set({ note: "Rewritten" }).execute()).rejects.toThrow(
      AUDIT_LOG_APPEND_ONLY,
    );
    await expect(db.deleteFrom("moderation_log").where("action", "=", "dismiss").execute()).rejects.toThrow(
      AUDIT_LOG_APPEND_ONLY,
    );
    await expect(sql`delete from moderation_log`.execute(db)).rejects.toThrow(AUDIT_LOG_APPEND_ONLY);
    expect(await kit.auditRows()).toEqual(before);
    // Nor through the API: no route changes it.
    const document = (await ctx.app.inject({ url: "/api/docs/json" })).json() as { paths: Record<string, object> };
    expect(Object.keys(document.paths["/api/admin/audit"] ?? {})).toEqual(["get"]);
  });
});
