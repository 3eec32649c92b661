import { beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import { describeNotification } from "../../contract/notifications.ts";
import { postTask, setupTestApp, type TestUser } from "../test/test-app.ts";
import { expectRefused, moderationKit } from "./test/moderation-kit.ts";

/**
 * Issue 45: a decision is one unit (decision 032). "Remove + limit" is appealed once, and its
 * restore undoes both (or what the moderator chose) in one transaction; the reporter is told the
 * content is back; an admin lifts from the person's page. On both databases.
 */

const ctx = setupTestApp();
const kit = moderationKit(ctx);
const { call, ok, newPerson, report, decideAs, noticesOf, emailsTo } = kit;

let moderator: TestUser;
let second: TestUser;
let admin: TestUser;
let reporter: TestUser;

beforeAll(async () => {
  moderator = await newPerson("Mona Moderator");
  second = await newPerson("Sam Second");
  admin = await newPerson("Alma Admin");
  reporter = await newPerson("Remy Reporter");
  await kit.grant(moderator, "moderator");
  await kit.grant(second, "moderator");
  await kit.grant(admin, "admin");
});

/** A task of a new person, reported as a scam, removed and its author limited in one decision. */
async function removedAndLimited(name: string, title: string) {
  const author = await newPerson(name);
  const taskId = await postTask(ctx.app, author, { title });
  await ok(report(reporter, "task", taskId, "scam"), 201);
  const decided = await ok(
    decideAs(moderator, {
      targetKind: "task",
      targetId: taskId,
      remove: true,
      sanction: "limit",
      rule: "honest",
      note: "Asked for a fee up front.",
    }),
  );
  const [removal, limit] = decided.entries.map((entry: { sanctionId: string }) => entry.sanctionId) as string[];
  return { author, taskId, removal: removal as string, limit: limit as string };
}

const canPost = (user: TestUser) => call(user, "POST", "/api/tasks", taskBody());
function taskBody() {
  return {
    title: "A new honest task",
    category: "Writing",
    description: "Write three short paragraphs about our bakery.",
    budget: 80,
    deadline: "2099-06-30",
  };
}

describe("one decision, one appeal", () => {
  it("remove + limit: appealed once, restored once, both undone; the next post is accepted and the reporter is told", async () => {
    const { author, taskId, removal, limit } = await removedAndLimited("Lena Limited", "Bakery blog, fee first");
    const standing = await ok(call(author, "GET", "/api/me/standing"));
    expect(standing.sanctions.map((sanction: { decisionId: string }) => sanction.decisionId)).toEqual([
      removal,
      removal,
    ]);
    expectRefused(await canPost(author), 403, MODERATION_MESSAGES.limited("honest"));

    await ok(call(author, "POST", `/api/sanctions/${removal}/appeal`, { text: "It was a deposit, not a fee." }), 201);
    // The same decision by its other sanction: appealed already.
    expectRefused(
      await call(author, "POST", `/api/sanctions/${limit}/appeal`, { text: "Once more" }),
      409,
      MODERATION_MESSAGES.alreadyAppealed,
    );
    const queue = await ok(call(moderator, "GET", "/api/admin/queue"));
    const appeals = queue.appeals.filter((item: { person: { id: string } }) => item.person.id === author.id);
    expect(appeals).toHaveLength(1);
    expect(appeals[0].sanction._id).toBe(removal);
    expect(appeals[0].effects.map((effect: { kind: string }) => effect.kind)).toEqual(["remove", "limit"]);

    const restored = await ok(
      call(second, "POST", `/api/admin/appeals/${removal}`, { decision: "restore", note: "A deposit is fine." }),
    );
    expect(
      restored.entries.map((entry: { action: string; sanctionId: string }) => [entry.action, entry.sanctionId]),
    ).toEqual([
      ["restore", removal],
      ["restore", limit],
    ]);
    expect((await ok(call(reporter, "GET", `/api/tasks/${taskId}`))).title).toBe("Bakery blog, fee first");
    const after = await ok(call(author, "GET", "/api/me/standing"));
    expect(after.limited).toBeNull();
    expect(after.sanctions.every((sanction: { liftedAt: string | null }) => sanction.liftedAt !== null)).toBe(true);
    expect(after.sanctions.map((sanction: { appeal: { outcome: string } }) => sanction.appeal.outcome)).toEqual([
      "restored",
      "restored",
    ]);
    await ok(canPost(author), 201);

    const told = (await noticesOf(reporter, "report-outcome")).filter((notice) => notice.data.outcome === "restored");
    expect(told.map((notice) => describeNotification("report-outcome", notice.data))).toEqual([
      "We put back the task “Bakery blog, fee first”, which you reported as a scam: looked at again, it does not break the house rules.",
    ]);
    expect(await emailsTo(reporter, "What you reported is back up")).toHaveLength(1);
    const decided = (await noticesOf(author, "appeal-decided")).map((notice) => notice.data.decision);
    expect(decided).toEqual(["restored", "restored"]);
    expectRefused(
      await call(moderator, "POST", `/api/admin/appeals/${limit}`, { decision: "uphold", note: "Again" }),
      409,
      MODERATION_MESSAGES.noAppeal,
    );
  });

  it("the moderator may undo only some of its effects: the others are upheld", async () => {
    const { author, taskId, removal, limit } = await removedAndLimited("Pia Partial", "Logo, pay by wire");
    await ok(call(author, "POST", `/api/sanctions/${limit}/appeal`, { text: "The logo was real." }), 201);
    expectRefused(
      await call(moderator, "POST", `/api/admin/appeals/${removal}`, {
        decision: "restore",
        note: "x",
        effects: ["not-of-it"],
      }),
      400,
      MODERATION_MESSAGES.notInDecision,
    );
    const answer = await ok(
      call(moderator, "POST", `/api/admin/appeals/${removal}`, {
        decision: "restore",
        note: "The task may stay; the limit stays too.",
        effects: [removal],
      }),
    );
    expect(answer.entries.map((entry: { action: string }) => entry.action)).toEqual(["restore", "uphold"]);
    await ok(call(reporter, "GET", `/api/tasks/${taskId}`));
    expectRefused(await canPost(author), 403, MODERATION_MESSAGES.limited("honest"));
    const standing = await ok(call(author, "GET", "/api/me/standing"));
    expect(standing.limited._id).toBe(limit);
    expect(standing.limited.appeal.outcome).toBe("upheld");
  });

  it("two restores at once: one is applied, the other is answered 409 with nothing done", async () => {
    const { author, removal, limit } = await removedAndLimited("Rae Race", "Flyers, cash only");
    await ok(call(author, "POST", `/api/sanctions/${removal}/appeal`, { text: "Please look again." }), 201);
    const body = { decision: "restore", note: "Looked again." };
    const answers = await Promise.all([
      call(moderator, "POST", `/api/admin/appeals/${removal}`, body),
      call(second, "POST", `/api/admin/appeals/${limit}`, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = (await kit.auditRows()).filter((row) => [removal, limit].includes(row.target_id));
    expect(rows.filter((row) => row.action === "restore")).toHaveLength(2);
    expect((await noticesOf(author, "appeal-decided")).length).toBe(2);
    await ok(canPost(author), 201);
  });
});

describe("a person's page and Lift", () => {
  it("moderators read a person's sanctions in force and history; only an admin lifts, with a note, audited", async () => {
    const { author, removal, limit } = await removedAndLimited("Lou Lifted", "Translation, fee first");
    expectRefused(await call(reporter, "GET", `/api/admin/people/${author.id}`), 403, MODERATION_MESSAGES.staffOnly);
    expectRefused(await call(null, "GET", `/api/admin/people/${author.id}`), 401);
    expectRefused(await call(moderator, "GET", "/api/admin/people/nobody"), 404, MODERATION_MESSAGES.userNotFound);
    const seen = await ok(call(moderator, "GET", `/api/admin/people/${author.id}`));
    expect(seen).toMatchObject({ person: { id: author.id, name: "Lou Lifted" }, role: null, canLift: false });
    expect(seen.inForce.map((sanction: { _id: string }) => sanction._id).sort()).toEqual([removal, limit].sort());
    expect(seen.history).toHaveLength(2);
    expect((await ok(call(admin, "GET", `/api/admin/people/${author.id}`))).canLift).toBe(true);

    expectRefused(
      await call(moderator, "POST", `/api/admin/sanctions/${limit}/lift`, { note: "Served" }),
      403,
      MODERATION_MESSAGES.adminOnly,
    );
    const lifted = await ok(call(admin, "POST", `/api/admin/sanctions/${limit}/lift`, { note: "Served its time." }));
    expect(lifted.entries).toEqual([
      expect.objectContaining({ action: "restore", sanctionId: limit, note: "Served its time." }),
    ]);
    await ok(canPost(author), 201);
    const now = await ok(call(admin, "GET", `/api/admin/people/${author.id}`));
    expect(now.inForce.map((sanction: { _id: string }) => sanction._id)).toEqual([removal]);
    expectRefused(
      await call(admin, "POST", `/api/admin/sanctions/${limit}/lift`, { note: "Again" }),
      409,
      MODERATION_MESSAGES.alreadyLifted,
    );
    expect((await noticesOf(author, "moderation-lifted")).map((notice) => notice.data.sanction)).toEqual(["limit"]);
  });
});
