import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import { postTask, setupTestApp, signUp, type TestUser, taskInput } from "../test/test-app.ts";
import { expectRefused, moderationKit } from "./test/moderation-kit.ts";

/** Issue 29: reporting what one sees, kept as it was, and the moderators' queue (decision 023), on both databases. */

const ctx = setupTestApp();
const kit = moderationKit(ctx);
const { call, ok, report } = kit;

let poster: TestUser;
let bidder: TestUser;
let reporter: TestUser;
let other: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Paula Poster" });
  bidder = await signUp(ctx.app, { name: "Bob Bidder" });
  reporter = await signUp(ctx.app, { name: "Rita Reporter" });
  other = await signUp(ctx.app, { name: "Olga Other" });
  moderator = await signUp(ctx.app, { name: "Mo Moderator" });
  await kit.grant(moderator, "moderator");
});

async function reportRow(id: string) {
  return kit.db().db.selectFrom("reports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function queue(as: TestUser = moderator) {
  return ok(call(as, "GET", "/api/admin/queue"));
}

describe("POST /api/reports", () => {
  it("reports a task with a reason and keeps it as it was; refuses it twice while open, one's own, the unknown and the anonymous", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Easy money", description: "Pay a fee first" });
    const created = await ok(report(reporter, "task", taskId, "scam"), 201);
    expect(created).toEqual({ _id: expect.any(String), createdAt: expect.any(String) });
    const row = await reportRow(created._id);
    expect(row).toMatchObject({
      reporter_id: reporter.id,
      target_kind: "task",
      target_id: taskId,
      author_id: poster.id,
      reason: "scam",
      status: "open",
      note: null,
    });
    expect(JSON.parse(row.snapshot)).toEqual({
      title: "Easy money",
      text: "Pay a fee first",
      author: { id: poster.id, name: "Paula Poster", image: expect.anything() },
      taskId,
      // Everyone it is about, kept for when it is gone: nobody it concerns judges it (issue 42).
      people: [poster.id],
    });

    expectRefused(await report(reporter, "task", taskId, "spam"), 409, MODERATION_MESSAGES.alreadyReported);
    expectRefused(await report(poster, "task", taskId), 400, MODERATION_MESSAGES.ownContent);
    expectRefused(await report(reporter, "task", "no-such-task"), 404, MODERATION_MESSAGES.targetNotFound);
    expectRefused(await report(reporter, "question", taskId), 404, MODERATION_MESSAGES.targetNotFound);
    expectRefused(
      await call(null, "POST", "/api/reports", { targetKind: "task", targetId: taskId, reason: "scam" }),
      401,
    );
    expectRefused(
      await report(other, "task", taskId, "other"),
      400,
      'Tell us what is wrong: a note is required for "Other"',
    );
    expectRefused(await report(other, "task", taskId, "rude"), 400, "Choose a reason");
    // Another person may report it too, with a note.
    const second = await ok(report(other, "task", taskId, "other", "  Asks for a fee up front  "), 201);
    expect((await reportRow(second._id)).note).toBe("Asks for a fee up front");
  });

  it("of two reports of one target at once by one person, takes one (the open reports' unique index)", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Raced report" });
    const answers = await Promise.all([report(reporter, "task", taskId), report(reporter, "task", taskId, "spam")]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    if (refused) expectRefused(refused, 409, MODERATION_MESSAGES.alreadyReported);
    const rows = await kit.db().db.selectFrom("reports").select("id").where("target_id", "=", taskId).execute();
    expect(rows).toHaveLength(1);
  });

  it("a question hidden by the poster is seen (and reported) only by the poster and its asker", async () => {
    const taskId = await postTask(ctx.app, poster);
    const questionId = await kit.ask(bidder, taskId, "Pay me on another site?");
    await ok(call(poster, "PATCH", `/api/questions/${questionId}`, { hidden: true }));
    expectRefused(await report(reporter, "question", questionId), 404, MODERATION_MESSAGES.targetNotFound);
    expectRefused(await report(bidder, "question", questionId), 400, MODERATION_MESSAGES.ownContent);
    const created = await ok(report(poster, "question", questionId, "off-platform"), 201);
    expect(JSON.parse((await reportRow(created._id)).snapshot)).toMatchObject({
      title: taskInput().title,
      text: "Pay me on another site?",
      author: { id: bidder.id, name: "Bob Bidder" },
      taskId,
    });
  });

  it("a message is seen (and reported) only by its thread's two people", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Thread task" });
    await kit.bid(bidder, taskId);
    const messageId = await kit.message(bidder, taskId, bidder, "Pay me by wire");
    expectRefused(await report(reporter, "message", messageId), 404, MODERATION_MESSAGES.targetNotFound);
    expectRefused(await report(bidder, "message", messageId), 400, MODERATION_MESSAGES.ownContent);
    const created = await ok(report(poster, "message", messageId, "off-platform"), 201);
    expect(JSON.parse((await reportRow(created._id)).snapshot)).toMatchObject({
      title: "Thread task",
      text: "Pay me by wire",
      author: { id: bidder.id },
      taskId,
    });
  });

  it("a review is seen (and reported) once published; before, by its author alone", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Hidden review task" });
    const bidId = await kit.bid(bidder, taskId);
    await ok(call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId }));
    await ok(call(poster, "POST", `/api/tasks/${taskId}/complete`));
    const hidden = await ok(call(poster, "POST", `/api/tasks/${taskId}/reviews`, { rating: 1, text: "Awful" }), 201);
    expectRefused(await report(bidder, "review", hidden._id), 404, MODERATION_MESSAGES.targetNotFound);
    expectRefused(await report(reporter, "review", hidden._id), 404, MODERATION_MESSAGES.targetNotFound);
    expectRefused(await report(poster, "review", hidden._id), 400, MODERATION_MESSAGES.ownContent);

    const { reviewId, taskId: reviewedTask } = await kit.reviewed(poster, bidder, "Liar and cheat");
    const created = await ok(report(bidder, "review", reviewId, "offensive"), 201);
    expect(JSON.parse((await reportRow(created._id)).snapshot)).toMatchObject({
      title: "Reviewed work",
      text: "Liar and cheat",
      author: { id: poster.id },
      taskId: reviewedTask,
    });
    await ok(report(reporter, "review", reviewId, "offensive"), 201);
  });

  it("a profile is its person's id: its name, bio and skills; not one's own", async () => {
    await ok(
      call(bidder, "PUT", "/api/profile/about", {
        bio: "Cheap followers",
        skills: ["Followers", "Likes"],
        field: null,
      }),
    );
    const created = await ok(report(reporter, "profile", bidder.id, "prohibited"), 201);
    expect(JSON.parse((await reportRow(created._id)).snapshot)).toEqual({
      title: "Bob Bidder",
      text: "Cheap followers\n\nSkills: Followers, Likes",
      author: { id: bidder.id, name: "Bob Bidder", image: expect.anything() },
      taskId: null,
      people: [bidder.id],
    });
    expectRefused(await report(bidder, "profile", bidder.id), 400, MODERATION_MESSAGES.ownContent);
    expectRefused(await report(reporter, "profile", "nobody"), 404, MODERATION_MESSAGES.targetNotFound);
  });

  it("removed content and a suspended person's profile cannot be reported", async () => {
    const scammer = await signUp(ctx.app, { name: "Sam Scammer" });
    const taskId = await postTask(ctx.app, scammer, { title: "To be removed" });
    await ok(report(reporter, "task", taskId), 201);
    await ok(
      kit.decideAs(moderator, {
        targetKind: "task",
        targetId: taskId,
        remove: true,
        sanction: "suspend",
        rule: "honest",
        note: "Fee scam",
      }),
    );
    expectRefused(await report(other, "task", taskId), 404, MODERATION_MESSAGES.targetNotFound);
    expectRefused(await report(other, "profile", scammer.id), 404, MODERATION_MESSAGES.targetNotFound);
  });

  it("a published review stays on its subject's profile once its task is removed, and can be reported there", async () => {
    const client = await signUp(ctx.app, { name: "Cal Client" });
    const freelancer = await signUp(ctx.app, { name: "Fay Freelancer" });
    const { taskId, reviewId } = await kit.reviewed(client, freelancer, "Never again");
    await ok(
      kit.decideAs(moderator, {
        targetKind: "task",
        targetId: taskId,
        remove: true,
        sanction: "none",
        rule: "lawful",
        note: "A prohibited task.",
      }),
    );
    const shown = await ok(call(other, "GET", `/api/users/${freelancer.id}/reviews?as=freelancer`));
    expect(shown.reviews.map((review: { _id: string }) => review._id)).toEqual([reviewId]);
    await ok(report(other, "review", reviewId), 201);
  });
});

describe("the snapshot", () => {
  it("survives an edit and then the deletion of the target: the queue shows it beside the target as it is now", async () => {
    const author = await signUp(ctx.app, { name: "Eddie Editor" });
    const taskId = await postTask(ctx.app, author, { title: "Send gift cards", description: "Buy gift cards for me" });
    await ok(report(reporter, "task", taskId), 201);
    await ok(call(author, "PUT", `/api/tasks/${taskId}`, taskInput({ title: "Logo design", description: "A logo" })));

    const edited = (await queue()).reports.find((group: { targetId: string }) => group.targetId === taskId);
    expect(edited.reports[0].snapshot).toMatchObject({ title: "Send gift cards", text: "Buy gift cards for me" });
    expect(edited.current).toMatchObject({ title: "Logo design", text: "A logo", author: { id: author.id } });
    expect(edited.removed).toBe(false);

    await ok(call(author, "DELETE", `/api/tasks/${taskId}`));
    const deleted = (await queue()).reports.find((group: { targetId: string }) => group.targetId === taskId);
    expect(deleted.current).toBeNull();
    expect(deleted.reports[0].snapshot).toMatchObject({ title: "Send gift cards", text: "Buy gift cards for me" });
    expect(deleted.author).toEqual({ id: author.id, name: "Eddie Editor", image: expect.anything() });
  });
});

describe("GET /api/admin/queue", () => {
  // A marketplace of its own: the queue holds exactly what these tests reported.
  const fresh = setupTestApp();
  const q = moderationKit(fresh);
  let author: TestUser;
  let reporters: TestUser[];
  let mod: TestUser;

  beforeAll(async () => {
    author = await signUp(fresh.app, { name: "Ann Author" });
    reporters = [];
    for (const name of ["First", "Second", "Third"]) reporters.push(await signUp(fresh.app, { name }));
    mod = await signUp(fresh.app, { name: "Queue Mod" });
    await q.grant(mod, "moderator");
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * The queue orders by times kept to the millisecond, and two requests can share one. A clock that
   * stands still between steps a second apart makes the order the one this test wrote.
   */
  function startSteppedClock() {
    const start = Date.now();
    let steps = 0;
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    return () => vi.setSystemTime(start + ++steps * 1000);
  }

  it("groups open reports by target, the longest waiting first, each with its reasons, reports oldest first, and the author's history", async () => {
    const [first, second, third] = reporters as [TestUser, TestUser, TestUser];
    const step = startSteppedClock();
    // Before these: one of the author's tasks reported and the author warned for it.
    const earlier = await postTask(fresh.app, author, { title: "Earlier" });
    await q.ok(q.report(first, "task", earlier, "spam"), 201);
    const warned = await q.ok(
      q.decideAs(mod, {
        targetKind: "task",
        targetId: earlier,
        remove: false,
        sanction: "warn",
        rule: "no-spam",
        note: "Posted three times",
      }),
    );

    const scam = await postTask(fresh.app, author, { title: "Scam task" });
    const other = await postTask(fresh.app, reporters[0] as TestUser, { title: "Other poster's task" });
    const questionId = await q.ask(author, other, "Pay outside?");
    for (const [reporter, kind, target, reason] of [
      [first, "task", scam, "scam"],
      [first, "question", questionId, "off-platform"],
      [second, "task", scam, "spam"],
      [third, "task", scam, "scam"],
    ] as const) {
      step();
      await q.ok(q.report(reporter, kind, target, reason), 201);
    }

    const answer = await q.ok(q.call(mod, "GET", "/api/admin/queue"));
    expect(
      answer.reports.map((group: { targetKind: string; targetId: string }) => [group.targetKind, group.targetId]),
    ).toEqual([
      ["task", scam],
      ["question", questionId],
    ]);
    const [task, question] = answer.reports;
    expect(task).toMatchObject({
      reportCount: 3,
      reasons: { scam: 2, spam: 1 },
      removed: false,
      author: { id: author.id, name: "Ann Author" },
      current: { title: "Scam task", taskId: scam },
    });
    expect(
      task.reports.map((report: { reporter: { name: string }; reason: string }) => [
        report.reporter.name,
        report.reason,
      ]),
    ).toEqual([
      ["First", "scam"],
      ["Second", "spam"],
      ["Third", "scam"],
    ]);
    expect(task.firstReportedAt).toBe(task.reports[0].createdAt);
    // The earlier report; the warning, with its rule.
    expect(task.history.reports).toBe(1);
    expect(task.history.sanctions).toEqual([
      {
        _id: warned.entries[0].sanctionId,
        kind: "warn",
        rule: "no-spam",
        createdAt: expect.any(String),
        liftedAt: null,
      },
    ]);
    expect(question).toMatchObject({
      reportCount: 1,
      reasons: { "off-platform": 1 },
      current: { title: "Other poster's task", text: "Pay outside?", author: { id: author.id } },
      history: { reports: 2 },
    });
    expect(answer.appeals).toEqual([]);
  });

  it("lists appeals waiting, the oldest first, until answered", async () => {
    const sanctionIds: string[] = [];
    const step = startSteppedClock();
    for (const title of ["Appealed one", "Appealed two"]) {
      const taskId = await postTask(fresh.app, author, { title });
      const decided = await q.ok(
        q.decideAs(mod, {
          targetKind: "task",
          targetId: taskId,
          remove: true,
          sanction: "none",
          rule: "lawful",
          note: "Not allowed",
        }),
      );
      sanctionIds.push(decided.entries[0].sanctionId);
    }
    for (const id of [...sanctionIds].reverse()) {
      step();
      await q.ok(q.call(author, "POST", `/api/sanctions/${id}/appeal`, { text: `Please look again at ${id}` }), 201);
    }
    const { appeals } = await q.ok(q.call(mod, "GET", "/api/admin/queue"));
    expect(appeals.map((appeal: { sanction: { _id: string } }) => appeal.sanction._id)).toEqual(
      [...sanctionIds].reverse(),
    );
    expect(appeals[0]).toMatchObject({
      sanction: {
        kind: "remove",
        rule: "lawful",
        note: "Not allowed",
        targetKind: "task",
        targetTitle: "Appealed two",
      },
      person: { id: author.id, name: "Ann Author" },
      text: `Please look again at ${sanctionIds[1]}`,
    });
    await q.ok(q.call(mod, "POST", `/api/admin/appeals/${sanctionIds[1]}`, { decision: "uphold", note: "Stays" }));
    const after = await q.ok(q.call(mod, "GET", "/api/admin/queue"));
    expect(after.appeals.map((appeal: { sanction: { _id: string } }) => appeal.sanction._id)).toEqual([sanctionIds[0]]);
  });

  it("answers 401 signed out and 403 to anyone without a role", async () => {
    expectRefused(await q.call(null, "GET", "/api/admin/queue"), 401);
    expectRefused(await q.call(author, "GET", "/api/admin/queue"), 403, MODERATION_MESSAGES.staffOnly);
  });
});
