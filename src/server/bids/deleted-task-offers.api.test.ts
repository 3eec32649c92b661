import { beforeAll, describe, expect, it } from "vitest";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

/** A deleted task's offers stay in their bidders' My Bids, marked so; everything else finds the task gone (decision 020). */

const ctx = setupTestApp();

type Method = "GET" | "POST" | "PATCH" | "DELETE";

function call(user: TestUser | null, method: Method, url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    ...(user ? { headers: { cookie: user.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function bid(user: TestUser, taskId: string, amount: number) {
  const response = await call(user, "POST", "/api/bids", { taskId, amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string };
}

async function myBids(user: TestUser, query = "") {
  const response = await call(user, "GET", `/api/my-bids${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return { bids: response.json(), total: Number(response.headers["x-total-count"]) };
}

let poster: TestUser;
let maya: TestUser;
let lucas: TestUser;

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Poster" });
  maya = await signUp(ctx.app, { name: "Maya" });
  lucas = await signUp(ctx.app, { name: "Lucas" });
});

describe("a deleted task's offers", () => {
  it("stay in My Bids marked as of a deleted task, the pending one ended, and the bidders are told", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Logo design", budget: 500 });
    const fromMaya = await bid(maya, taskId, 450);
    const fromLucas = await bid(lucas, taskId, 400);
    await call(lucas, "DELETE", `/api/bids/${fromLucas._id}`);
    // The poster's list counts the offers that were not withdrawn (what the delete warns of).
    const listed = (await call(poster, "GET", "/api/tasks?owner=me")).json();
    expect(listed.find((task: { _id: string }) => task._id === taskId)).toMatchObject({ bidCount: 1 });

    expect((await call(poster, "DELETE", `/api/tasks/${taskId}`)).json()).toEqual({ deletedCount: 1 });

    // Newer offers come first, as ever.
    const laterTask = await postTask(ctx.app, poster, { title: "Flyer" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = await bid(maya, laterTask, 100);
    const { bids, total } = await myBids(maya);
    expect(total).toBe(2);
    expect(bids.map((found: { _id: string }) => found._id)).toEqual([later._id, fromMaya._id]);
    expect(bids[1]).toMatchObject({
      _id: fromMaya._id,
      taskId,
      amount: 450,
      status: "cancelled",
      task: { _id: taskId, title: "Logo design", budget: 500, deleted: true },
    });
    expect(bids[0].task).not.toHaveProperty("deleted");
    expect(await myBids(maya, "?status=pending")).toMatchObject({ total: 1, bids: [{ _id: later._id }] });
    expect(await myBids(maya, "?status=cancelled")).toMatchObject({ total: 1, bids: [{ _id: fromMaya._id }] });
    expect((await myBids(lucas)).bids).toEqual([
      expect.objectContaining({
        _id: fromLucas._id,
        status: "withdrawn",
        task: expect.objectContaining({ deleted: true }),
      }),
    ]);

    const [notice] = (await call(maya, "GET", "/api/notifications")).json();
    expect(notice).toMatchObject({ kind: "task-deleted", data: { taskId, taskTitle: "Logo design" } });
    // Everything else finds the task gone.
    expect((await call(maya, "GET", `/api/tasks/${taskId}`)).statusCode).toBe(404);
    expect((await call(maya, "GET", `/api/bids?taskId=${taskId}`)).statusCode).toBe(404);
    const browse = (await call(null, "GET", "/api/tasks?q=logo")).json();
    expect(browse.map((task: { _id: string }) => task._id)).not.toContain(taskId);
  });
});
