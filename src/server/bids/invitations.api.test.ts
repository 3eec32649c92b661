import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITE_MESSAGES, MESSAGES } from "../../contract/index.ts";
import { REVIEW_MESSAGES } from "../../contract/reputation-words.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { createId } from "../ids.ts";
import { callerOf, expectRefused } from "../test/answers.ts";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp-server.ts";
import { markEmailVerified, postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

/** Invitations to a task (issue 45): the poster invites, the invitee is told and sees who; their offer is marked. */

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());

const ctx = setupTestApp(() => ({ SMTP_URL: smtp.url, EMAIL_RETRY_MS: "50" }));
/** Writes limited to three a minute: the fourth invitation is refused. */
const limited = setupTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: "3" });
const call = callerOf(ctx);
let database: Database | undefined;
afterAll(async () => database?.close());
const db = () => {
  database ??= openDatabase(ctx.database.config);
  return database.db;
};

let client: TestUser;
let maya: TestUser;
let lucas: TestUser;

beforeAll(async () => {
  client = await signUp(ctx.app, { name: "Demo Client" });
  maya = await signUp(ctx.app, { name: "Maya Freelancer" });
  lucas = await signUp(ctx.app, { name: "Lucas Bidder" });
  for (const user of [client, maya, lucas]) await markEmailVerified(ctx, user.email);
});

const invite = (who: TestUser, taskId: string, freelancerId: string) =>
  call(who, "POST", `/api/tasks/${taskId}/invitations`, { freelancerId });

/** A sanction in force on a person, as a moderator's decision writes it. */
async function sanction(person: TestUser, kind: "limit" | "suspend") {
  await db()
    .insertInto("sanctions")
    .values({
      id: createId(),
      user_id: person.id,
      kind,
      rule: "honest",
      note: "Seen in the queue.",
      target_kind: "profile",
      target_id: person.id,
      task_id: null,
      target_title: person.name,
      previous_state: null,
      created_by: client.id,
      created_at: new Date().toISOString(),
    })
    .execute();
}

describe("POST /api/tasks/{id}/invitations", () => {
  it("invites a freelancer once: they are told in the app and by email, a second time is refused clearly", async () => {
    const taskId = await postTask(ctx.app, client, { title: "Logo for a bakery", budget: 300 });
    const response = await invite(client, taskId, maya.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ taskId, freelancerId: maya.id, freelancerName: "Maya Freelancer" });

    const notices = (await call(maya, "GET", "/api/notifications")).json();
    expect(notices[0]).toMatchObject({
      kind: "task-invitation",
      data: { taskId, taskTitle: "Logo for a bakery", actorName: "Demo Client", amount: 300 },
      read: false,
    });
    const email = await smtp.waitFor(
      (sent) => sent.to === maya.email && sent.subject === "Demo Client invited you to “Logo for a bakery”",
    );
    expect(email.text).toContain("Demo Client invited you to “Logo for a bakery” for $300.00.");
    expect(email.text).toContain(`/task-details/${taskId}`);

    expectRefused(await invite(client, taskId, maya.id), 409, INVITE_MESSAGES.alreadyInvited);
    const rows = await db().selectFrom("invitations").selectAll().where("task_id", "=", taskId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ freelancer_id: maya.id, inviter_id: client.id });
  });

  it("takes exactly one of several invitations sent at once, and tells the person once", async () => {
    const taskId = await postTask(ctx.app, client, { title: "Sent at once" });
    const responses = await Promise.all(Array.from({ length: 5 }, () => invite(client, taskId, lucas.id)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const notices = (await call(lucas, "GET", "/api/notifications")).json();
    expect(notices.filter((notice: { data: { taskId: string } }) => notice.data.taskId === taskId)).toHaveLength(1);
  });

  it("tells the invitee who invited them on the task, and nobody else", async () => {
    const taskId = await postTask(ctx.app, client);
    expect((await call(maya, "GET", `/api/tasks/${taskId}`)).json().invitedBy).toBeUndefined();
    await invite(client, taskId, maya.id);
    expect((await call(maya, "GET", `/api/tasks/${taskId}`)).json().invitedBy).toBe("Demo Client");
    expect((await call(lucas, "GET", `/api/tasks/${taskId}`)).json().invitedBy).toBeUndefined();
    expect((await call(client, "GET", `/api/tasks/${taskId}`)).json().invitedBy).toBeUndefined();
    expect((await call(null, "GET", `/api/tasks/${taskId}`)).json().invitedBy).toBeUndefined();
  });

  it("marks the invited freelancer's offer in the poster's list, and only there", async () => {
    const taskId = await postTask(ctx.app, client, { offersPublic: true });
    await invite(client, taskId, maya.id);
    for (const bidder of [maya, lucas]) {
      expect((await call(bidder, "POST", "/api/bids", { taskId })).statusCode).toBe(201);
    }
    const offers = (await call(client, "GET", `/api/bids?taskId=${taskId}`)).json();
    expect(offers.map((bid: { userName: string; invited?: boolean }) => [bid.userName, bid.invited])).toEqual([
      ["Maya Freelancer", true],
      ["Lucas Bidder", undefined],
    ]);
    const own = (await call(maya, "GET", `/api/bids?taskId=${taskId}`)).json();
    expect(own.every((bid: { invited?: boolean }) => bid.invited === undefined)).toBe(true);
  });

  it("refuses anyone but the task's poster (403) and a visitor (401)", async () => {
    const taskId = await postTask(ctx.app, client);
    expectRefused(await invite(lucas, taskId, maya.id), 403, INVITE_MESSAGES.notOwner);
    expectRefused(await call(null, "POST", `/api/tasks/${taskId}/invitations`, { freelancerId: maya.id }), 401);
  });

  it("refuses inviting oneself (403)", async () => {
    const taskId = await postTask(ctx.app, client);
    expectRefused(await invite(client, taskId, client.id), 403, INVITE_MESSAGES.ownProfile);
  });

  it("refuses an unknown person and an unknown task (404)", async () => {
    const taskId = await postTask(ctx.app, client);
    expectRefused(await invite(client, taskId, "nobody-here"), 404, REVIEW_MESSAGES.userNotFound);
    expectRefused(await invite(client, "no-such-task", maya.id), 404, MESSAGES.taskNotFound);
  });

  it("refuses a task no longer open (409)", async () => {
    const taskId = await postTask(ctx.app, client);
    expect((await call(client, "POST", `/api/tasks/${taskId}/cancel`)).statusCode).toBe(200);
    expectRefused(await invite(client, taskId, maya.id), 409, INVITE_MESSAGES.notOpen);
    const expired = await postTask(ctx.app, client);
    await db().updateTable("tasks").set({ deadline: "2020-01-01" }).where("id", "=", expired).execute();
    expectRefused(await invite(client, expired, maya.id), 409, INVITE_MESSAGES.notOpen);
  });

  it("refuses a suspended person as if gone (404), a limited one (409), and a limited client (403)", async () => {
    const suspended = await signUp(ctx.app, { name: "Suspended Sam" });
    const limitedPerson = await signUp(ctx.app, { name: "Limited Lee" });
    const limitedClient = await signUp(ctx.app, { name: "Limited Client" });
    const taskId = await postTask(ctx.app, client);
    const ownTask = await postTask(ctx.app, limitedClient);
    await sanction(suspended, "suspend");
    await sanction(limitedPerson, "limit");
    await sanction(limitedClient, "limit");
    expectRefused(await invite(client, taskId, suspended.id), 404, REVIEW_MESSAGES.userNotFound);
    expectRefused(await invite(client, taskId, limitedPerson.id), 409, INVITE_MESSAGES.inviteeLimited);
    const refused = await invite(limitedClient, ownTask, maya.id);
    expectRefused(refused, 403);
    expect(refused.json().detail).toMatch(/limited/i);
    const rows = await db().selectFrom("invitations").selectAll().where("task_id", "in", [taskId, ownTask]).execute();
    expect(rows).toEqual([]);
  });
});

describe("GET /api/users/{id}/invitable-tasks", () => {
  it("lists the reader's open tasks taking offers, newest first, with whether this person is invited", async () => {
    const reader = await signUp(ctx.app, { name: "Lister" });
    const first = await postTask(ctx.app, reader, { title: "First" });
    const second = await postTask(ctx.app, reader, { title: "Second" });
    const cancelled = await postTask(ctx.app, reader, { title: "Cancelled" });
    await call(reader, "POST", `/api/tasks/${cancelled}/cancel`);
    await postTask(ctx.app, client, { title: "Someone else's" });
    expect((await invite(reader, first, maya.id)).statusCode).toBe(201);
    const tasks = (await call(reader, "GET", `/api/users/${maya.id}/invitable-tasks`)).json();
    expect(tasks.map((task: { _id: string; invited: boolean }) => [task._id, task.invited])).toEqual([
      [second, false],
      [first, true],
    ]);
    expect(tasks[0]).toMatchObject({ title: "Second", budget: 250 });
    expectRefused(await call(null, "GET", `/api/users/${maya.id}/invitable-tasks`), 401);
  });
});

describe("the write limit", () => {
  it("counts invitations as writes: past the limit, 429 as problem+json", async () => {
    const poster = await signUp(limited.app);
    const people = await Promise.all([1, 2, 3, 4].map(() => signUp(limited.app)));
    const response = await limited.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: poster.cookie },
      payload: {
        title: "Limited",
        category: "Web Development",
        description: "Invitations past the limit.",
        deadline: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        budget: 100,
      },
    });
    const taskId = response.json().insertedId as string;
    const statuses: number[] = [];
    for (const person of people) {
      const answer = await limited.app.inject({
        method: "POST",
        url: `/api/tasks/${taskId}/invitations`,
        headers: { cookie: poster.cookie },
        payload: { freelancerId: person.id },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expectRefused(answer, 429);
    }
    // The task's post was the first write of the minute.
    expect(statuses).toEqual([201, 201, 429, 429]);
  });
});
