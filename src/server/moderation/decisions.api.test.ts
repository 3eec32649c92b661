import { beforeAll, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import { describeNotification, type NotificationKind } from "../../contract/notifications.ts";
import {
  PUBLIC_URL,
  postTask,
  sessionCookie,
  setupTestApp,
  signUp,
  TEST_PASSWORD,
  type TestUser,
} from "../test/test-app.ts";
import { expectRefused, moderationKit } from "./test/moderation-kit.ts";

/**
 * Issue 29: moderators' decisions, restores and appeals, each one transaction with its audit
 * entries and notices (decision 023), on both databases.
 */

const ctx = setupTestApp();
const kit = moderationKit(ctx);
const { call, ok, newPerson, report, decideAs, noticesOf, emailsTo } = kit;

let moderator: TestUser;
let second: TestUser;
let admin: TestUser;
let reporter: TestUser;
let witness: TestUser;

beforeAll(async () => {
  moderator = await newPerson("Mo Moderator");
  second = await newPerson("Sue Second");
  admin = await newPerson("Ada Admin");
  reporter = await newPerson("Rita Reporter");
  witness = await newPerson("Will Witness");
  await kit.grant(moderator, "moderator");
  await kit.grant(second, "moderator");
  await kit.grant(admin, "admin");
});

const removal = (targetKind: string, targetId: string, extra: object = {}) => ({
  targetKind,
  targetId,
  remove: true,
  sanction: "none",
  rule: "honest",
  note: "A fee taken up front is a scam.",
  ...extra,
});
/** A suspension of a person, decided on their profile. */
const suspension = (person: TestUser, note: string) => ({
  targetKind: "profile",
  targetId: person.id,
  remove: false,
  sanction: "suspend",
  rule: "respectful",
  note,
});
const dismissal = (targetKind: string, targetId: string) => ({
  targetKind,
  targetId,
  remove: false,
  sanction: "none",
  note: "Looks fine to me.",
});

async function sanctionRow(id: string) {
  return kit.db().db.selectFrom("sanctions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
async function taskStatus(id: string) {
  return (await kit.db().db.selectFrom("tasks").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
}
async function reportsOf(targetId: string) {
  return kit.db().db.selectFrom("reports").selectAll().where("target_id", "=", targetId).execute();
}
async function logOf(targetId: string) {
  return (await kit.auditRows()).filter((row) => row.target_id === targetId);
}

describe("a decision on reports", () => {
  it("removes a scam task and limits its poster: the reporters learn it was removed, never the sanction; the poster learns the rule and the note", async () => {
    const scammer = await newPerson("Sam Scammer");
    const taskId = await postTask(ctx.app, scammer, { title: "Easy money" });
    await ok(report(reporter, "task", taskId, "scam"), 201);
    await ok(report(witness, "task", taskId, "spam"), 201);

    const result = await ok(
      decideAs(moderator, removal("task", taskId, { sanction: "limit", note: "Asked bidders for a fee." })),
    );
    expect(result.entries.map((entry: { action: string }) => entry.action)).toEqual(["remove", "limit"]);
    expect(result.entries[0]).toMatchObject({
      actor: { id: moderator.id, name: "Mo Moderator" },
      targetKind: "task",
      targetId: taskId,
      subject: { id: scammer.id, name: "Sam Scammer" },
      rule: "honest",
      note: "Asked bidders for a fee.",
      sanctionId: expect.any(String),
    });
    const [removed, limited] = result.entries.map((entry: { sanctionId: string }) => entry.sanctionId);
    expect(await taskStatus(taskId)).toBe("removed");
    expect(await sanctionRow(removed)).toMatchObject({
      user_id: scammer.id,
      kind: "remove",
      rule: "honest",
      target_kind: "task",
      target_id: taskId,
      task_id: taskId,
      target_title: "Easy money",
      created_by: moderator.id,
      lifted_at: null,
    });
    // What restoring puts back: the task's status.
    expect(JSON.parse((await sanctionRow(removed)).previous_state ?? "{}")).toMatchObject({ status: "open" });
    expect(await sanctionRow(limited)).toMatchObject({ kind: "limit", previous_state: null });

    // Every open report closed, removed.
    expect((await reportsOf(taskId)).map((row) => [row.status, row.outcome, row.closed_at !== null])).toEqual([
      ["closed", "removed", true],
      ["closed", "removed", true],
    ]);
    const queue = await ok(call(moderator, "GET", "/api/admin/queue"));
    expect(queue.reports.map((group: { targetId: string }) => group.targetId)).not.toContain(taskId);

    // The reporters: what came of it, with their own reason, and nothing of the sanction.
    for (const [person, phrase] of [
      [reporter, "as a scam"],
      [witness, "as spam"],
    ] as const) {
      const [notice, ...more] = await noticesOf(person, "report-outcome");
      expect(more).toEqual([]);
      expect(notice?.data).toEqual({
        taskId,
        taskTitle: "Easy money",
        targetKind: "task",
        reason: phrase === "as a scam" ? "scam" : "spam",
        outcome: "removed",
      });
      const text = describeNotification("report-outcome", notice?.data);
      expect(text).toBe(`We removed the task “Easy money”, which you reported ${phrase}. Thank you for telling us.`);
      const [email] = await emailsTo(person, "We removed what you reported");
      expect(email?.text_body).toContain(text);
      for (const secret of ["limit", "Be honest", "fee", "Sam"]) expect(email?.text_body).not.toContain(secret);
    }

    // The author: one notice a sanction, with the rule; the note in the email.
    const told = await noticesOf(scammer, "moderation-action");
    expect(told.map((notice) => notice.data)).toEqual([
      { taskId, taskTitle: "Easy money", targetKind: "task", sanction: "remove", rule: "honest", sanctionId: removed },
      { taskId, taskTitle: "Easy money", targetKind: "task", sanction: "limit", rule: "honest", sanctionId: limited },
    ]);
    const [limitEmail] = await emailsTo(scammer, "Your QuickGig account is limited");
    expect(limitEmail?.text_body).toContain("Your account is limited for breaking the rule “Be honest”");
    expect(limitEmail?.text_body).toContain("“Asked bidders for a fee.”");
    expect(limitEmail?.text_body).toContain(`Open in QuickGig: ${PUBLIC_URL}/account/standing`);
    const [removalEmail] = await emailsTo(scammer, "A moderator removed your content");
    expect(removalEmail?.text_body).toContain(
      "A moderator removed your task “Easy money” for breaking the rule “Be honest”.",
    );
    expect(removalEmail?.text_body).toContain("“Asked bidders for a fee.”");

    // The audit log: one entry an effect (both at the decision's moment).
    expect(
      (await logOf(taskId))
        .map((row) => [row.action, row.actor_id, row.subject_id, row.rule, row.sanction_id])
        .sort((a, b) => String(b[0]).localeCompare(String(a[0]))),
    ).toEqual([
      ["remove", moderator.id, scammer.id, "honest", removed],
      ["limit", moderator.id, scammer.id, "honest", limited],
    ]);

    // Their standing: the limit in force, every sanction newest first, each appealable once.
    const standing = await ok(call(scammer, "GET", "/api/me/standing"));
    expect(standing.role).toBeNull();
    expect(standing.limited).toMatchObject({ _id: limited, kind: "limit", rule: "honest", canAppeal: true });
    expect(standing.sanctions.map((sanction: { _id: string }) => sanction._id).sort()).toEqual(
      [removed, limited].sort(),
    );
    expect(standing.sanctions[0]).toMatchObject({
      note: "Asked bidders for a fee.",
      targetKind: "task",
      targetTitle: "Easy money",
      liftedAt: null,
      appeal: null,
      canAppeal: true,
    });
  });

  it("dismisses: the reports close as staying up, the reporter is told so, one dismiss entry, nobody sanctioned", async () => {
    const poster = await newPerson("Honest Poster");
    const taskId = await postTask(ctx.app, poster, { title: "Walk my dog" });
    await ok(report(reporter, "task", taskId, "spam"), 201);
    const result = await ok(decideAs(moderator, dismissal("task", taskId)));
    expect(result.entries).toEqual([expect.objectContaining({ action: "dismiss", rule: null, sanctionId: null })]);
    expect(await taskStatus(taskId)).toBe("open");
    expect((await reportsOf(taskId)).map((row) => [row.status, row.outcome])).toEqual([["closed", "stays"]]);
    const notice = (await noticesOf(reporter, "report-outcome")).find((row) => row.task_id === taskId);
    expect(describeNotification("report-outcome", notice?.data)).toBe(
      "We looked at the task “Walk my dog”, which you reported as spam, and it stays up: it does not break the house rules.",
    );
    expect(await emailsTo(reporter, "We looked at what you reported")).toHaveLength(1);
    expect(await noticesOf(poster, "moderation-action")).toEqual([]);
    expect((await logOf(taskId)).map((row) => row.action)).toEqual(["dismiss"]);
  });

  it("removes a question, a message, a review and a profile's bio, and tells a profile's reporters with its person's link", async () => {
    const author = await newPerson("Quentin Questioner");
    const owner = await newPerson("Olive Owner");
    const taskId = await postTask(ctx.app, owner, { title: "Fix my sink" });
    const questionId = await kit.ask(author, taskId, "Pay me in crypto?");
    await kit.bid(author, taskId);
    const messageId = await kit.message(author, taskId, author, "WhatsApp me");
    const { reviewId } = await kit.reviewed(author, owner, "Scammer!!!");
    await ok(call(author, "PUT", "/api/profile/about", { bio: "Buy followers", skills: ["Followers"], field: null }));

    await ok(report(owner, "question", questionId, "off-platform"), 201);
    await ok(report(owner, "message", messageId, "off-platform"), 201);
    await ok(report(owner, "review", reviewId, "offensive"), 201);
    await ok(report(owner, "profile", author.id, "prohibited"), 201);
    for (const [kind, id] of [
      ["question", questionId],
      ["message", messageId],
      ["review", reviewId],
      ["profile", author.id],
    ] as const) {
      const result = await ok(decideAs(moderator, removal(kind, id, { rule: "on-platform" })));
      expect(result.entries.map((entry: { action: string }) => entry.action)).toEqual(["remove"]);
    }
    const db = kit.db().db;
    const flags = await Promise.all([
      db.selectFrom("questions").select("removed").where("id", "=", questionId).executeTakeFirstOrThrow(),
      db.selectFrom("messages").select("removed").where("id", "=", messageId).executeTakeFirstOrThrow(),
      db.selectFrom("reviews").select("removed").where("id", "=", reviewId).executeTakeFirstOrThrow(),
      db.selectFrom("profiles").select("removed").where("user_id", "=", author.id).executeTakeFirstOrThrow(),
    ]);
    expect(flags.map((row) => Number(row.removed))).toEqual([1, 1, 1, 1]);

    const outcomes = (await noticesOf(owner, "report-outcome")).map((notice) => notice.data);
    expect(outcomes.map((data) => [data.targetKind, data.taskId, data.taskTitle, data.userId])).toEqual([
      ["question", taskId, "Fix my sink", undefined],
      ["message", taskId, "Fix my sink", undefined],
      ["review", expect.any(String), "Reviewed work", undefined],
      ["profile", "", "Quentin Questioner", author.id],
    ]);
    expect(describeNotification("report-outcome", outcomes[3])).toBe(
      "We removed Quentin Questioner's profile, which you reported as a prohibited task. Thank you for telling us.",
    );
    const profileAction = (await noticesOf(author, "moderation-action")).at(-1);
    expect(describeNotification("moderation-action", profileAction?.data)).toBe(
      "A moderator removed your profile's bio and skills for breaking the rule “Keep payment and contact on QuickGig”.",
    );

    // A profile stays reportable (its name is still shown); the queue shows its removed words to moderators.
    await ok(report(witness, "profile", author.id, "scam"), 201);
    const group = (await ok(call(moderator, "GET", "/api/admin/queue"))).reports.find(
      (item: { targetId: string }) => item.targetId === author.id,
    );
    expect(group).toMatchObject({
      removed: true,
      current: { title: "Quentin Questioner", text: "Buy followers\n\nSkills: Followers" },
    });
  });

  it("may act on a target nobody reported (from an author's history), and on reports of content deleted since", async () => {
    const author = await newPerson("Del Deleter");
    const unreported = await postTask(ctx.app, author, { title: "Nobody reported me" });
    const warned = await ok(
      decideAs(moderator, {
        targetKind: "task",
        targetId: unreported,
        remove: false,
        sanction: "warn",
        rule: "no-spam",
        note: "Reposted",
      }),
    );
    expect(warned.entries.map((entry: { action: string }) => entry.action)).toEqual(["warn"]);
    const warning = (await noticesOf(author, "moderation-action")).at(-1);
    expect(describeNotification("moderation-action", warning?.data)).toBe(
      "A moderator warned you for breaking the rule “No spam”.",
    );

    const deleted = await postTask(ctx.app, author, { title: "Deleted scam" });
    await ok(report(reporter, "task", deleted, "scam"), 201);
    await ok(call(author, "DELETE", `/api/tasks/${deleted}`));
    const limited = await ok(decideAs(moderator, removal("task", deleted, { sanction: "limit" })));
    // Nothing left to hide: the limit, on the evidence the report kept.
    expect(limited.entries.map((entry: { action: string }) => entry.action)).toEqual(["limit"]);
    expect(await sanctionRow(limited.entries[0].sanctionId)).toMatchObject({
      user_id: author.id,
      target_title: "Deleted scam",
      task_id: deleted,
    });
    // The reporter learns its author deleted it first, not that a moderator removed it.
    expect((await reportsOf(deleted)).map((row) => row.outcome)).toEqual(["deleted"]);
    const [outcome] = (await noticesOf(reporter, "report-outcome")).filter((notice) => notice.task_id === deleted);
    expect(describeNotification("report-outcome", outcome?.data)).toBe(
      "We looked at the task “Deleted scam”, which you reported as a scam: its author has deleted it.",
    );

    expectRefused(await decideAs(moderator, removal("task", "never-was")), 404, MODERATION_MESSAGES.targetNotFound);

    // Gone with its author's account: nobody left to sanction, the reports still closed.
    const leaver = await newPerson("Lee Leaver");
    const orphan = await postTask(ctx.app, leaver, { title: "Left behind" });
    await ok(report(reporter, "task", orphan, "scam"), 201);
    await kit.db().db.deleteFrom("user").where("id", "=", leaver.id).execute();
    expectRefused(
      await decideAs(moderator, removal("task", orphan, { sanction: "suspend" })),
      404,
      MODERATION_MESSAGES.targetNotFound,
    );
    await ok(decideAs(moderator, removal("task", orphan)));
    expect((await reportsOf(orphan)).map((row) => [row.status, row.outcome])).toEqual([["closed", "deleted"]]);
  });

  it("refuses a moderator's own content, a missing rule, and everyone without a role", async () => {
    const taskId = await postTask(ctx.app, moderator, { title: "Moderator's own task" });
    await ok(report(reporter, "task", taskId, "spam"), 201);
    expectRefused(await decideAs(moderator, removal("task", taskId)), 403, MODERATION_MESSAGES.selfDecision);
    expectRefused(
      await decideAs(second, { ...removal("task", taskId), rule: undefined }),
      400,
      "Name the house rule that was broken",
    );
    expectRefused(await decideAs(reporter, removal("task", taskId)), 403, MODERATION_MESSAGES.staffOnly);
    expectRefused(await call(null, "POST", "/api/admin/decisions", removal("task", taskId)), 401);
    expect(await taskStatus(taskId)).toBe("open");
    expect((await reportsOf(taskId)).map((row) => row.status)).toEqual(["open"]);
    expect(await logOf(taskId)).toEqual([]);
    // Another moderator may not either, a moderator's content being an admin's to decide; an admin may.
    expectRefused(await decideAs(second, dismissal("task", taskId)), 403, MODERATION_MESSAGES.staffDecision);
    await ok(decideAs(admin, dismissal("task", taskId)));
  });

  it("of two moderators deciding the same reports at once, one decides and the other is answered 409 with nothing applied", async () => {
    for (let round = 0; round < 3; round++) {
      const author = await newPerson(`Racer ${round}`);
      const taskId = await postTask(ctx.app, author, { title: `Raced ${round}` });
      await ok(report(reporter, "task", taskId, "scam"), 201);
      await ok(report(witness, "task", taskId, "scam"), 201);
      // Both moderators have the queue open: each decides on the reports their page shows.
      const group = (await ok(call(moderator, "GET", "/api/admin/queue"))).reports.find(
        (item: { targetId: string }) => item.targetId === taskId,
      );
      const reportIds = group.reports.map((item: { _id: string }) => item._id);
      expect(reportIds).toHaveLength(2);
      const answers = await Promise.all([
        decideAs(moderator, removal("task", taskId, { sanction: "warn", reportIds })),
        decideAs(second, removal("task", taskId, { sanction: "limit", reportIds })),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((answer) => answer.statusCode === 409);
      if (lost) expectRefused(lost, 409, MODERATION_MESSAGES.decidedByOther);
      const won = answers.find((answer) => answer.statusCode === 200)?.json();
      // One decision: its two entries and two sanctions, one notice to each person.
      const actions = won.entries.map((entry: { action: string }) => entry.action);
      expect(actions).toHaveLength(2);
      expect((await logOf(taskId)).map((row) => row.action).sort()).toEqual([...actions].sort());
      const sanctions = await kit
        .db()
        .db.selectFrom("sanctions")
        .select("kind")
        .where("user_id", "=", author.id)
        .execute();
      expect(sanctions.map((row) => row.kind).sort()).toEqual([...actions].sort());
      for (const person of [reporter, witness]) {
        expect((await noticesOf(person, "report-outcome")).filter((notice) => notice.task_id === taskId)).toHaveLength(
          1,
        );
      }
      expect(await noticesOf(author, "moderation-action")).toHaveLength(2);
    }
  });

  it("a decision on reports another moderator closed since is refused; a report that came after the page was read stays open", async () => {
    const author = await newPerson("Late Reported");
    const taskId = await postTask(ctx.app, author, { title: "Seen twice" });
    const first = (await ok(report(reporter, "task", taskId, "spam"), 201))._id;
    await ok(decideAs(second, { ...dismissal("task", taskId), reportIds: [first] }));
    expectRefused(
      await decideAs(moderator, removal("task", taskId, { reportIds: [first] })),
      409,
      MODERATION_MESSAGES.decidedByOther,
    );
    expect(await taskStatus(taskId)).toBe("open");

    const seen = (await ok(report(reporter, "task", taskId, "scam"), 201))._id;
    const late = (await ok(report(witness, "task", taskId, "scam"), 201))._id;
    await ok(decideAs(moderator, removal("task", taskId, { reportIds: [seen] })));
    expect(Object.fromEntries((await reportsOf(taskId)).map((row) => [row.id, row.status]))).toEqual({
      [first]: "closed",
      [seen]: "closed",
      [late]: "open",
    });
    expect((await logOf(taskId)).map((row) => row.action)).toEqual(["dismiss", "remove"]);
  });
});

describe("restoring", () => {
  it("lifts a removal: the task's status back, the person told, a restore entry; a second restore is refused", async () => {
    const author = await newPerson("Rex Restored");
    const taskId = await postTask(ctx.app, author, { title: "Wrongly removed" });
    const questionId = await kit.ask(reporter, taskId, "Is this real?");
    const removed = (await ok(decideAs(moderator, removal("task", taskId)))).entries[0].sanctionId;
    const question = (await ok(decideAs(moderator, removal("question", questionId)))).entries[0].sanctionId;
    expect(await taskStatus(taskId)).toBe("removed");

    const restored = await ok(
      call(second, "POST", `/api/admin/sanctions/${removed}/restore`, { note: "It was a real task." }),
    );
    expect(restored.entries).toEqual([
      expect.objectContaining({
        action: "restore",
        targetKind: "sanction",
        targetId: removed,
        subject: expect.objectContaining({ id: author.id }),
        actor: expect.objectContaining({ id: second.id }),
        rule: "honest",
        note: "It was a real task.",
        sanctionId: removed,
      }),
    ]);
    expect(await taskStatus(taskId)).toBe("open");
    expect(await sanctionRow(removed)).toMatchObject({ lifted_by: second.id, lifted_at: expect.any(String) });
    const lifted = await noticesOf(author, "moderation-lifted");
    expect(describeNotification("moderation-lifted", lifted[0]?.data)).toBe(
      "A moderator lifted the removal of your task “Wrongly removed”. It is visible again.",
    );
    const [email] = await emailsTo(author, "A moderator's decision about you was lifted");
    expect(email?.text_body).toContain("“It was a real task.”");

    await ok(call(moderator, "POST", `/api/admin/sanctions/${question}/restore`, { note: "Fine after all" }));
    const flag = await kit
      .db()
      .db.selectFrom("questions")
      .select("removed")
      .where("id", "=", questionId)
      .executeTakeFirstOrThrow();
    expect(Number(flag.removed)).toBe(0);

    expectRefused(
      await call(moderator, "POST", `/api/admin/sanctions/${removed}/restore`, { note: "Again" }),
      409,
      MODERATION_MESSAGES.alreadyLifted,
    );
    expectRefused(
      await call(moderator, "POST", "/api/admin/sanctions/nope/restore", { note: "?" }),
      404,
      MODERATION_MESSAGES.sanctionNotFound,
    );
    expect((await kit.auditRows()).filter((row) => row.target_id === removed).map((row) => row.action)).toEqual([
      "restore",
    ]);
  });

  it("lifts a limit (the standing shows none in force); a moderator cannot lift their own sanction", async () => {
    const author = await newPerson("Lim Ited");
    const taskId = await postTask(ctx.app, author, { title: "Limited for" });
    const limit = (await ok(decideAs(moderator, { ...removal("task", taskId), remove: false, sanction: "limit" })))
      .entries[0].sanctionId;
    expect((await ok(call(author, "GET", "/api/me/standing"))).limited).toMatchObject({ _id: limit });
    await ok(call(moderator, "POST", `/api/admin/sanctions/${limit}/restore`, { note: "Served" }));
    const standing = await ok(call(author, "GET", "/api/me/standing"));
    expect(standing.limited).toBeNull();
    expect(standing.sanctions[0]).toMatchObject({ _id: limit, liftedAt: expect.any(String), canAppeal: false });
    // Nothing left to appeal.
    expectRefused(
      await call(author, "POST", `/api/sanctions/${limit}/appeal`, { text: "Too late" }),
      409,
      MODERATION_MESSAGES.alreadyLifted,
    );

    const own = await postTask(ctx.app, moderator, { title: "A moderator's task" });
    const warning = (await ok(decideAs(admin, { ...removal("task", own), remove: false, sanction: "warn" }))).entries[0]
      .sanctionId;
    expectRefused(
      await call(moderator, "POST", `/api/admin/sanctions/${warning}/restore`, { note: "Mine" }),
      403,
      MODERATION_MESSAGES.selfDecision,
    );
    expect((await ok(call(moderator, "GET", "/api/me/standing"))).role).toBe("moderator");
    await ok(call(admin, "POST", `/api/admin/sanctions/${warning}/restore`, { note: "Lifted by an admin" }));
  });
});

describe("appeals", () => {
  it("a sanction is appealed once by its person; someone else's is not found; the moderator upholds it and the person is told", async () => {
    const author = await newPerson("App Ealer");
    const taskId = await postTask(ctx.app, author, { title: "Appealed removal" });
    const id = (await ok(decideAs(moderator, removal("task", taskId)))).entries[0].sanctionId;
    expectRefused(await call(author, "POST", `/api/admin/appeals/${id}`, { decision: "uphold", note: "x" }), 403);
    expectRefused(
      await call(moderator, "POST", `/api/admin/appeals/${id}`, { decision: "uphold", note: "Nothing to answer" }),
      409,
      MODERATION_MESSAGES.noAppeal,
    );

    const appeal = { text: "  It was a real job, I can show the contract.  " };
    expectRefused(
      await call(reporter, "POST", `/api/sanctions/${id}/appeal`, appeal),
      404,
      MODERATION_MESSAGES.sanctionNotFound,
    );
    expectRefused(
      await call(author, "POST", "/api/sanctions/nope/appeal", appeal),
      404,
      MODERATION_MESSAGES.sanctionNotFound,
    );
    expectRefused(await call(null, "POST", `/api/sanctions/${id}/appeal`, appeal), 401);
    const appealed = await ok(call(author, "POST", `/api/sanctions/${id}/appeal`, appeal), 201);
    expect(appealed).toMatchObject({
      _id: id,
      appeal: { text: "It was a real job, I can show the contract.", outcome: null, decidedAt: null, note: null },
      canAppeal: false,
    });
    expectRefused(
      await call(author, "POST", `/api/sanctions/${id}/appeal`, { text: "Once more" }),
      409,
      MODERATION_MESSAGES.alreadyAppealed,
    );

    const upheld = await ok(
      call(second, "POST", `/api/admin/appeals/${id}`, { decision: "uphold", note: "The fee was the job." }),
    );
    expect(upheld.entries).toEqual([
      expect.objectContaining({ action: "uphold", targetKind: "sanction", targetId: id, note: "The fee was the job." }),
    ]);
    expect(await taskStatus(taskId)).toBe("removed");
    const [decided] = await noticesOf(author, "appeal-decided");
    expect(describeNotification("appeal-decided", decided?.data)).toBe(
      "Your appeal was looked at: the removal of your task “Appealed removal” stays.",
    );
    expect((await emailsTo(author, "Your appeal was answered"))[0]?.text_body).toContain("“The fee was the job.”");
    const standing = await ok(call(author, "GET", "/api/me/standing"));
    expect(standing.sanctions[0].appeal).toMatchObject({
      outcome: "upheld",
      decidedAt: expect.any(String),
      note: "The fee was the job.",
    });
    expectRefused(
      await call(moderator, "POST", `/api/admin/appeals/${id}`, { decision: "restore", note: "Changed my mind" }),
      409,
      MODERATION_MESSAGES.noAppeal,
    );
    expect((await kit.auditRows()).filter((row) => row.target_id === id).map((row) => row.action)).toEqual(["uphold"]);
  });

  it("a suspension ends the sessions; its email carries the appeal link, whose token appeals once without signing in; restored on appeal", async () => {
    const suspect = await newPerson("Sus Pended");
    const taskId = await postTask(ctx.app, suspect, { title: "Fake job" });
    await ok(report(reporter, "profile", suspect.id, "scam"), 201);
    const result = await ok(
      decideAs(moderator, {
        targetKind: "profile",
        targetId: suspect.id,
        remove: false,
        sanction: "suspend",
        rule: "honest",
        note: "Fake identity.",
      }),
    );
    const id = result.entries[0].sanctionId;
    expect(
      (await logOf(suspect.id)).map((row) => [row.action, row.target_kind, row.subject_id, row.sanction_id]),
    ).toEqual([["suspend", "profile", suspect.id, id]]);
    expectRefused(await call(suspect, "GET", "/api/me/standing"), 401);
    expect(await taskStatus(taskId)).toBe("cancelled");

    const [email, ...others] = await emailsTo(suspect, "Your QuickGig account is suspended");
    expect(others).toEqual([]);
    expect(email?.text_body).toContain("Your account is suspended for breaking the rule “Be honest”.");
    expect(email?.text_body).toContain("“Fake identity.”");
    expect(email?.text_body).not.toContain("/account/standing");
    const link = email?.text_body.match(/Appeal this decision: (\S+)/)?.[1] ?? "";
    expect(link.startsWith(`${PUBLIC_URL}/appeal#token=`)).toBe(true);
    expect(email?.html_body).toContain(`href="${link}"`);
    const token = decodeURIComponent(link.split("#token=")[1] ?? "");
    expect(token.startsWith(`${id}.`)).toBe(true);

    const text = "I am who I say I am.";
    for (const forged of [`${id}.forged`, "nonsense", `${id}`, token.replace(id, "someone-else")]) {
      expectRefused(
        await call(null, "POST", "/api/appeals", { token: forged, text }),
        400,
        MODERATION_MESSAGES.badAppealLink,
      );
    }
    const appealed = await ok(call(null, "POST", "/api/appeals", { token, text }), 201);
    expect(appealed).toMatchObject({ _id: id, kind: "suspend", appeal: { text }, canAppeal: false });
    expectRefused(await call(null, "POST", "/api/appeals", { token, text }), 409, MODERATION_MESSAGES.alreadyAppealed);

    const queue = await ok(call(moderator, "GET", "/api/admin/queue"));
    expect(queue.appeals.find((item: { sanction: { _id: string } }) => item.sanction._id === id)).toMatchObject({
      person: { id: suspect.id },
      text,
      sanction: { kind: "suspend", targetKind: "profile", targetTitle: "Sus Pended" },
    });

    const restored = await ok(
      call(second, "POST", `/api/admin/appeals/${id}`, { decision: "restore", note: "Verified their ID." }),
    );
    expect(restored.entries.map((entry: { action: string }) => entry.action)).toEqual(["restore"]);
    expect(await sanctionRow(id)).toMatchObject({
      appeal_outcome: "restored",
      appeal_note: "Verified their ID.",
      lifted_by: second.id,
      lifted_at: expect.any(String),
    });
    const [decided] = await noticesOf(suspect, "appeal-decided");
    expect(describeNotification("appeal-decided", decided?.data)).toBe(
      "Your appeal was accepted: your account's suspension is lifted.",
    );
    // Tasks a suspension cancelled stay cancelled.
    expect(await taskStatus(taskId)).toBe("cancelled");
  });

  it("a suspension's email goes even to an unconfirmed address and to someone who turned those emails off: it is their only way to appeal", async () => {
    const unconfirmed = await signUp(ctx.app, { name: "Una Confirmed" });
    const turnedOff = await newPerson("Tom Turnedoff");
    await ok(call(turnedOff, "PUT", "/api/me/notification-preferences", { "moderation-action": "off" }));
    for (const person of [unconfirmed, turnedOff]) {
      await ok(decideAs(moderator, suspension(person, "Insults in every message.")));
      const [email] = await emailsTo(person, "Your QuickGig account is suspended");
      expect(email?.text_body).toMatch(/Appeal this decision: \S+\/appeal#token=/);
    }
    // A warning follows the person's choice, as any notice does.
    const warned = await newPerson("Wren Warned");
    await ok(call(warned, "PUT", "/api/me/notification-preferences", { "moderation-action": "app" }));
    await ok(
      decideAs(moderator, {
        targetKind: "profile",
        targetId: warned.id,
        remove: false,
        sanction: "warn",
        rule: "respectful",
        note: "Mind your words.",
      }),
    );
    expect(await emailsTo(warned, "A warning from QuickGig's moderators")).toEqual([]);
  });

  it("only an admin decides about a moderator's or an admin's account, content or sanction", async () => {
    const decision = (person: TestUser) => ({
      targetKind: "profile" as const,
      targetId: person.id,
      remove: false,
      sanction: "warn" as const,
      rule: "respectful" as const,
      note: "Rude to a client.",
    });
    for (const staff of [admin, second]) {
      expectRefused(await decideAs(moderator, decision(staff)), 403, MODERATION_MESSAGES.staffDecision);
    }
    const warned = await ok(decideAs(admin, decision(second)));
    const id = warned.entries[0].sanctionId;
    expectRefused(
      await call(moderator, "POST", `/api/admin/sanctions/${id}/restore`, { note: "Let it go." }),
      403,
      MODERATION_MESSAGES.staffDecision,
    );
    await ok(call(admin, "POST", `/api/admin/sanctions/${id}/restore`, { note: "Said sorry." }));
  });

  it("a bidder who reported a task whose poster is suspended learns it is gone, never the suspension", async () => {
    const poster = await newPerson("Pat Poster");
    const bidder = await newPerson("Bea Bidder");
    const taskId = await postTask(ctx.app, poster, { title: "Too good to be true" });
    await ok(call(bidder, "POST", "/api/bids", { taskId, amount: 100 }), 201);
    await ok(report(bidder, "task", taskId, "scam"), 201);
    await ok(
      decideAs(moderator, {
        targetKind: "task",
        targetId: taskId,
        remove: false,
        sanction: "suspend",
        rule: "honest",
        note: "A known scam.",
      }),
    );
    const lines = [...(await noticesOf(bidder, "task-removed")), ...(await noticesOf(bidder, "report-outcome"))].map(
      (notice) => describeNotification(notice.kind as NotificationKind, notice.data),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        "“Too good to be true”, which you bid on, was removed by a moderator.",
        "We removed the task “Too good to be true”, which you reported as a scam. Thank you for telling us.",
      ]),
    );
    expect(lines.join(" ")).not.toMatch(/suspend/i);
  });
});

describe("a moderator's own case (issue 42)", () => {
  it("a moderator hired by a client cannot remove the client's review of him, limit the client, or answer the client's appeal", async () => {
    const client = await newPerson("Cliff Client");
    const hiredModerator = await newPerson("Hugh Hired");
    await kit.grant(hiredModerator, "moderator");
    const { reviewId } = await kit.reviewed(client, hiredModerator, "One star, slow work");
    await ok(report(hiredModerator, "review", reviewId, "offensive"), 201);

    const own = MODERATION_MESSAGES.ownCase;
    expectRefused(await decideAs(hiredModerator, removal("review", reviewId)), 403, own);
    expectRefused(
      await decideAs(hiredModerator, { ...removal("review", reviewId), remove: false, sanction: "limit" }),
      403,
      own,
    );
    // Anything else of the client's is about someone who hired him: a task they post later, their profile.
    const later = await postTask(ctx.app, client, { title: "Posted after the hire" });
    expectRefused(await decideAs(hiredModerator, removal("task", later)), 403, own);
    expectRefused(await decideAs(hiredModerator, removal("profile", client.id)), 403, own);
    expect((await reportsOf(reviewId)).map((row) => row.status)).toEqual(["open"]);
    expect(await logOf(reviewId)).toEqual([]);

    // Another moderator decides it; the client appeals; the hired moderator may neither answer nor restore.
    const decided = await ok(decideAs(moderator, removal("review", reviewId, { sanction: "limit" })));
    const [removedId, limitId] = decided.entries.map((entry: { sanctionId: string }) => entry.sanctionId);
    await ok(call(client, "POST", `/api/sanctions/${limitId}/appeal`, { text: "It was an honest review." }), 201);
    for (const decision of ["uphold", "restore"]) {
      expectRefused(
        await call(hiredModerator, "POST", `/api/admin/appeals/${limitId}`, { decision, note: "Mine to judge" }),
        403,
        own,
      );
    }
    expectRefused(
      await call(hiredModerator, "POST", `/api/admin/sanctions/${removedId}/restore`, { note: "Mine" }),
      403,
      own,
    );
    expect((await sanctionRow(limitId)).appeal_outcome).toBeNull();
    // The moderator who is not concerned answers it.
    await ok(call(second, "POST", `/api/admin/appeals/${limitId}`, { decision: "restore", note: "Fair review" }));
    expect((await sanctionRow(limitId)).appeal_outcome).toBe("restored");
  });

  it("a moderator cannot decide on a question on their task, or on a message in their thread, whoever wrote it", async () => {
    const asker = await newPerson("Ann Asker");
    const taskId = await postTask(ctx.app, moderator, { title: "The moderator's own job" });
    const questionId = await kit.ask(asker, taskId);
    await kit.bid(asker, taskId);
    const messageId = await kit.message(asker, taskId, asker);
    const own = MODERATION_MESSAGES.ownCase;
    expectRefused(await decideAs(moderator, removal("question", questionId)), 403, own);
    expectRefused(await decideAs(moderator, removal("message", messageId)), 403, own);
    // As the bidder of a thread on someone else's task too.
    const elsewhere = await postTask(ctx.app, asker, { title: "Someone else's job" });
    await kit.bid(second, elsewhere);
    const inThread = await kit.message(asker, elsewhere, second);
    expectRefused(await decideAs(second, removal("message", inThread)), 403, own);
    // A moderator with no part in it decides.
    await ok(decideAs(second, removal("question", questionId)));
    await ok(decideAs(moderator, removal("message", inThread)));
  });

  it("nor once the content is gone: a question on the moderator's own task, reported, then deleted with the task", async () => {
    const asker = await newPerson("Gone Asker");
    const taskId = await postTask(ctx.app, moderator, { title: "Deleted with its questions" });
    const questionId = await kit.ask(asker, taskId);
    await ok(report(reporter, "question", questionId, "scam"), 201);
    await ok(call(moderator, "DELETE", `/api/tasks/${taskId}`));
    const limitAsker = { ...removal("question", questionId), remove: false, sanction: "limit" };
    expectRefused(await decideAs(moderator, limitAsker), 403, MODERATION_MESSAGES.ownCase);
    expect((await reportsOf(questionId)).map((row) => row.status)).toEqual(["open"]);
    // Another moderator decides it; the one whose task it was may not restore it either.
    const limitId = (await ok(decideAs(second, limitAsker))).entries[0].sanctionId;
    expectRefused(
      await call(moderator, "POST", `/api/admin/sanctions/${limitId}/restore`, { note: "Mine" }),
      403,
      MODERATION_MESSAGES.ownCase,
    );
  });
});

describe("a suspension while its person signs in (issue 42, held)", () => {
  it("leaves no session alive, whichever finishes first, cycle after cycle", async () => {
    const person = await newPerson("Racing Rae");
    const signIn = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: PUBLIC_URL },
        payload: { email: person.email, password: TEST_PASSWORD },
      });
    const signedIn = async (cookie: string) =>
      (await ctx.app.inject({ url: "/api/auth/get-session", headers: { cookie } })).json() !== null ||
      (await call({ ...person, cookie }, "GET", "/api/tasks?owner=me")).statusCode !== 401;
    for (let cycle = 0; cycle < 20; cycle += 1) {
      const [decision, ...signIns] = await Promise.all([
        decideAs(moderator, suspension(person, `Cycle ${cycle}`)),
        signIn(),
        signIn(),
        signIn(),
      ]);
      expect(decision.statusCode, decision.body).toBe(200);
      for (const answer of signIns) {
        expect([200, 403]).toContain(answer.statusCode);
        const cookie = sessionCookie(answer);
        if (cookie.includes("session_token=")) expect(await signedIn(cookie), `cycle ${cycle}`).toBe(false);
      }
      const suspensionId = decision.json().entries[0].sanctionId as string;
      await ok(call(admin, "POST", `/api/admin/sanctions/${suspensionId}/restore`, { note: `Lifted ${cycle}` }));
    }
  });
});
