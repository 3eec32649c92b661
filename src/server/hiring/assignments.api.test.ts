import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

/** Every hire is a row of assignments, written in the hiring step's own transaction (issue 28, decision 022). */

const ctx = setupTestApp();
let database: Database;
let client: TestUser;
let maya: TestUser;
let lucas: TestUser;

beforeAll(async () => {
  database = openDatabase(ctx.database.config);
  client = await signUp(ctx.app, { name: "Client" });
  maya = await signUp(ctx.app, { name: "Maya" });
  lucas = await signUp(ctx.app, { name: "Lucas" });
});
afterAll(async () => database?.close());

async function step(user: TestUser, url: string, payload?: object): Promise<LightMyRequestResponse> {
  const response = await ctx.app.inject({
    method: "POST",
    url,
    headers: { cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

const bid = async (user: TestUser, taskId: string) => (await step(user, "/api/bids", { taskId })).json()._id as string;

async function assignmentsOf(taskId: string) {
  return database.db
    .selectFrom("assignments")
    .select(["client_id", "freelancer_id", "outcome", "assigned_at", "ended_at", "reviews_closed_at"])
    .where("task_id", "=", taskId)
    .orderBy("assigned_at")
    .execute();
}

async function recordOf(user: TestUser) {
  const row = await database.db
    .selectFrom("profiles")
    .select(["completed", "listed", "rating_count", "updated_at"])
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return row && { ...row, completed: Number(row.completed), listed: Number(row.listed) };
}

describe("assignments", () => {
  it("accept, release, accept again and complete: two hires, the second completed, counted once", async () => {
    const taskId = await postTask(ctx.app, client);
    const fromMaya = await bid(maya, taskId);
    const fromLucas = await bid(lucas, taskId);
    expect(await assignmentsOf(taskId)).toEqual([]);

    await step(client, `/api/tasks/${taskId}/accept`, { bidId: fromMaya });
    expect(await assignmentsOf(taskId)).toEqual([
      expect.objectContaining({ client_id: client.id, freelancer_id: maya.id, outcome: "active", ended_at: null }),
    ]);

    await step(maya, `/api/tasks/${taskId}/release`);
    const [released] = await assignmentsOf(taskId);
    expect(released).toMatchObject({ freelancer_id: maya.id, outcome: "released" });
    expect(released?.ended_at).not.toBeNull();
    expect(await recordOf(maya)).toBeUndefined();

    await step(client, `/api/tasks/${taskId}/accept`, { bidId: fromLucas });
    const lucasBefore = (await recordOf(lucas))?.completed ?? 0;
    await step(client, `/api/tasks/${taskId}/complete`);
    const rows = await assignmentsOf(taskId);
    expect(rows).toEqual([
      expect.objectContaining({ freelancer_id: maya.id, outcome: "released" }),
      expect.objectContaining({ client_id: client.id, freelancer_id: lucas.id, outcome: "completed" }),
    ]);
    expect(rows[1]?.ended_at).not.toBeNull();
    expect(rows[1]?.reviews_closed_at).toBeNull();
    expect(await recordOf(lucas)).toMatchObject({ completed: lucasBefore + 1, listed: 1, rating_count: 0 });
    expect(await recordOf(maya)).toBeUndefined();

    // A second completion of the same freelancer adds to the row they have.
    const next = await postTask(ctx.app, client);
    await step(client, `/api/tasks/${next}/accept`, { bidId: await bid(lucas, next) });
    await step(client, `/api/tasks/${next}/complete`);
    expect(await recordOf(lucas)).toMatchObject({ completed: lucasBefore + 2, listed: 1 });
  });

  it("a cancel ends the hire as cancelled; a task cancelled before a hire has none", async () => {
    const assigned = await postTask(ctx.app, client);
    await step(client, `/api/tasks/${assigned}/accept`, { bidId: await bid(maya, assigned) });
    await step(client, `/api/tasks/${assigned}/cancel`);
    const [cancelled] = await assignmentsOf(assigned);
    expect(cancelled).toMatchObject({ freelancer_id: maya.id, outcome: "cancelled" });
    expect(cancelled?.ended_at).not.toBeNull();
    expect(await recordOf(maya)).toBeUndefined();

    const open = await postTask(ctx.app, client);
    await bid(maya, open);
    await step(client, `/api/tasks/${open}/cancel`);
    expect(await assignmentsOf(open)).toEqual([]);
  });

  it("a completion credits the freelancer of the hire it ended, whatever the task's row names", async () => {
    const taskId = await postTask(ctx.app, client);
    await step(client, `/api/tasks/${taskId}/accept`, { bidId: await bid(maya, taskId) });
    // The task's row and its active hire disagree (as a row changed by hand or a past bug would leave them).
    await database.db
      .updateTable("assignments")
      .set({ freelancer_id: lucas.id })
      .where("task_id", "=", taskId)
      .where("outcome", "=", "active")
      .execute();
    const mayaBefore = (await recordOf(maya))?.completed ?? 0;
    const lucasBefore = (await recordOf(lucas))?.completed ?? 0;
    await step(client, `/api/tasks/${taskId}/complete`);
    expect(await assignmentsOf(taskId)).toEqual([
      expect.objectContaining({ freelancer_id: lucas.id, outcome: "completed" }),
    ]);
    expect((await recordOf(lucas))?.completed).toBe(lucasBefore + 1);
    expect((await recordOf(maya))?.completed ?? 0).toBe(mayaBefore);
  });

  it("two completes at once end the hire once and count it once", async () => {
    const taskId = await postTask(ctx.app, client);
    await step(client, `/api/tasks/${taskId}/accept`, { bidId: await bid(maya, taskId) });
    const before = (await recordOf(maya))?.completed ?? 0;
    const answers = await Promise.all(
      [1, 2].map(() =>
        ctx.app.inject({ method: "POST", url: `/api/tasks/${taskId}/complete`, headers: { cookie: client.cookie } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await assignmentsOf(taskId)).map((row) => row.outcome)).toEqual(["completed"]);
    expect(await recordOf(maya)).toMatchObject({ completed: before + 1 });
  });
});
