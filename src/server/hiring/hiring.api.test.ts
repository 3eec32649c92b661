import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.ts";
import { openDatabase } from "../db/database.ts";
import { postTask, setupTestApp, signUp, type TestUser, taskInput } from "../test/test-app.ts";

const ctx = setupTestApp();

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

function call(user: TestUser | null, method: Method, url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    ...(user ? { headers: { cookie: user.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function bid(user: TestUser, taskId: string, offer: object = {}) {
  const response = await call(user, "POST", "/api/bids", { taskId, ...offer });
  if (response.statusCode !== 201) throw new Error(`bid failed: ${response.statusCode} ${response.body}`);
  return response.json() as { _id: string; amount: number; status: string };
}

const task = async (user: TestUser | null, id: string) => (await call(user, "GET", `/api/tasks/${id}`)).json();

function expectRefused(response: LightMyRequestResponse, status: number, detail?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  if (detail) expect(response.json().detail).toBe(detail);
}

let poster: TestUser;
let maya: TestUser;
let lucas: TestUser;
let onlooker: TestUser;

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Poster" });
  maya = await signUp(ctx.app, { name: "Maya" });
  lucas = await signUp(ctx.app, { name: "Lucas" });
  onlooker = await signUp(ctx.app, { name: "Onlooker" });
});

describe("bids carry an offer", () => {
  it("takes amount, days and a message, and defaults the amount to the budget", async () => {
    const taskId = await postTask(ctx.app, poster, { budget: 480 });
    const offer = await call(maya, "POST", "/api/bids", { taskId, amount: 420.5, days: 6, message: "  Can do  " });
    expect(offer.statusCode).toBe(201);
    expect(offer.json()).toMatchObject({ amount: 420.5, days: 6, message: "Can do", status: "pending", mine: true });
    expect(offer.json().insertedId).toBe(offer.json()._id);
    const plain = await call(lucas, "POST", "/api/bids", { taskId });
    expect(plain.json()).toMatchObject({ amount: 480, status: "pending" });
    expect(plain.json()).not.toHaveProperty("days");
  });

  it.each([
    [{ amount: 0 }, "Amount must be more than 0"],
    [{ amount: 1_000_000.01 }, "Amount must be at most 1,000,000"],
    [{ amount: 10.123 }, "Amount can have at most two decimals"],
    [{ amount: "12" }, "Amount must be a number"],
    [{ days: 0 }, "Delivery days must be from 1 to 365"],
    [{ days: 366 }, "Delivery days must be from 1 to 365"],
    [{ days: 2.5 }, "Delivery days must be a whole number"],
    [{ message: "x".repeat(2001) }, "Message must be at most 2,000 characters"],
  ])("refuses %j, naming the field", async (offer, detail) => {
    const taskId = await postTask(ctx.app, poster);
    expectRefused(await call(maya, "POST", "/api/bids", { taskId, ...offer }), 400, detail);
    expect((await task(poster, taskId)).bidCount).toBe(0);
  });

  it("shows offers in full to the poster and the bidder, only the count to others, names and amounts when public", async () => {
    const taskId = await postTask(ctx.app, poster);
    await bid(maya, taskId, { amount: 300, days: 3, message: "Hello" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await bid(lucas, taskId, { amount: 250 });
    const list = async (user: TestUser) => (await call(user, "GET", `/api/bids?taskId=${taskId}`)).json();

    expect(await list(poster)).toMatchObject([
      { userName: "Maya", userEmail: maya.email, amount: 300, days: 3, message: "Hello", status: "pending" },
      { userName: "Lucas", userEmail: lucas.email, amount: 250, status: "pending" },
    ]);
    const asMaya = await list(maya);
    expect(asMaya).toEqual([expect.objectContaining({ mine: true, amount: 300, message: "Hello" })]);
    expect(await list(onlooker)).toEqual([]);

    const update = await call(poster, "PUT", `/api/tasks/${taskId}`, { ...taskInput(), offersPublic: true });
    expect(update.json()).toEqual({ modifiedCount: 1 });
    // Public: who and how much, nothing that says when or whether an offer changed.
    expect(await list(onlooker)).toEqual([
      { userName: "Maya", amount: 300, mine: false },
      { userName: "Lucas", amount: 250, mine: false },
    ]);
    expect(await list(maya)).toEqual([
      expect.objectContaining({ mine: true, amount: 300, message: "Hello", status: "pending" }),
      { userName: "Lucas", amount: 250, mine: false },
    ]);
    expect((await task(onlooker, taskId)).offersPublic).toBe(true);
  });

  it("keeps when an offer was placed, and says when it last changed", async () => {
    const taskId = await postTask(ctx.app, poster);
    const placed = (await call(maya, "POST", "/api/bids", { taskId, amount: 100 })).json();
    expect(placed).not.toHaveProperty("changedAt");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = (await call(maya, "PATCH", `/api/bids/${placed._id}`, { amount: 95 })).json();
    expect(changed.bidTime).toBe(placed.bidTime);
    expect(changed.changedAt > placed.bidTime).toBe(true);
    const [seen] = (await call(poster, "GET", `/api/bids?taskId=${taskId}`)).json();
    expect(seen).toMatchObject({ bidTime: placed.bidTime, changedAt: changed.changedAt, amount: 95 });
  });

  it("refuses to change an offer once bidding has closed, as it refuses a new one", async () => {
    const taskId = await postTask(ctx.app, poster);
    const placed = await bid(maya, taskId, { amount: 100 });
    // The deadline passes.
    const database = openDatabase(ctx.database.config);
    try {
      await database.db.updateTable("tasks").set({ deadline: "2020-01-01" }).where("id", "=", taskId).execute();
    } finally {
      await database.close();
    }
    expectRefused(await call(maya, "PATCH", `/api/bids/${placed._id}`, { amount: 999 }), 409, MESSAGES.biddingClosed);
    expectRefused(await call(lucas, "POST", "/api/bids", { taskId }), 409, MESSAGES.biddingClosed);
    const [seen] = (await call(poster, "GET", `/api/bids?taskId=${taskId}`)).json();
    expect(seen).toMatchObject({ amount: 100 });
    expect(seen).not.toHaveProperty("changedAt");
  });

  it("lets the bidder change a pending offer, withdraw it and bid again; never two live bids", async () => {
    const taskId = await postTask(ctx.app, poster);
    const placed = await bid(maya, taskId, { amount: 100 });
    expectRefused(await call(lucas, "PATCH", `/api/bids/${placed._id}`, { amount: 1 }), 403, MESSAGES.notBidder);
    const changed = await call(maya, "PATCH", `/api/bids/${placed._id}`, { amount: 90, days: 2, message: "Faster" });
    expect(changed.json()).toMatchObject({ amount: 90, days: 2, message: "Faster", status: "pending" });
    const cleared = await call(maya, "PATCH", `/api/bids/${placed._id}`, { days: null, message: null });
    expect(cleared.json()).toMatchObject({ amount: 90 });
    expect(cleared.json()).not.toHaveProperty("days");
    expect(cleared.json()).not.toHaveProperty("message");
    expectRefused(await call(maya, "POST", "/api/bids", { taskId }), 409, MESSAGES.alreadyBid);

    const withdrawn = await call(maya, "DELETE", `/api/bids/${placed._id}`);
    expect(withdrawn.json()).toMatchObject({ status: "withdrawn" });
    expect(await task(maya, taskId)).toMatchObject({ bidCount: 0, hasBid: false, myBid: { status: "withdrawn" } });
    expectRefused(await call(maya, "PATCH", `/api/bids/${placed._id}`, { amount: 5 }), 409, MESSAGES.bidNotPending);
    expectRefused(await call(maya, "DELETE", `/api/bids/${placed._id}`), 409, MESSAGES.bidNotPending);

    const again = await bid(maya, taskId, { amount: 80 });
    expect(again).toMatchObject({ _id: placed._id, amount: 80, status: "pending" });
    expect(await task(maya, taskId)).toMatchObject({ bidCount: 1, hasBid: true, myBid: { amount: 80 } });
  });
});

describe("choosing and finishing", () => {
  it("accept: the task is assigned at the bid's amount, that bid accepted, the others declined", async () => {
    const taskId = await postTask(ctx.app, poster, { budget: 500 });
    const fromMaya = await bid(maya, taskId, { amount: 450 });
    const fromLucas = await bid(lucas, taskId, { amount: 400 });

    const accepted = await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: fromMaya._id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "assigned", assignee: "Maya", agreedAmount: 450 });

    expect(await task(maya, taskId)).toMatchObject({
      assignee: "Maya",
      agreedAmount: 450,
      myBid: { status: "accepted" },
    });
    const asLucas = await task(lucas, taskId);
    expect(asLucas).toMatchObject({ status: "assigned", assignee: "Maya", myBid: { status: "declined" } });
    expect(asLucas).not.toHaveProperty("agreedAmount");
    const asVisitor = await task(null, taskId);
    expect(asVisitor).toMatchObject({ status: "assigned", assignee: "Maya" });
    expect(asVisitor).not.toHaveProperty("agreedAmount");

    expectRefused(
      await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: fromLucas._id }),
      409,
      MESSAGES.taskTaken,
    );
    expectRefused(await call(onlooker, "POST", "/api/bids", { taskId }), 409, MESSAGES.notTakingBids);
    expectRefused(await call(maya, "DELETE", `/api/bids/${fromMaya._id}`), 409, MESSAGES.bidNotPending);
    expectRefused(await call(poster, "PUT", `/api/tasks/${taskId}`, taskInput()), 409, MESSAGES.taskNotOpen.assigned);
    expectRefused(await call(poster, "DELETE", `/api/tasks/${taskId}`), 409, MESSAGES.taskNotOpen.assigned);
  });

  it("accept refuses a bid of another task, a withdrawn bid, and an unknown one", async () => {
    const taskId = await postTask(ctx.app, poster);
    const otherTask = await postTask(ctx.app, poster);
    const elsewhere = await bid(maya, otherTask);
    expectRefused(
      await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: elsewhere._id }),
      404,
      MESSAGES.bidNotOnTask,
    );
    const withdrawn = await bid(lucas, taskId);
    await call(lucas, "DELETE", `/api/bids/${withdrawn._id}`);
    expectRefused(
      await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: withdrawn._id }),
      409,
      MESSAGES.bidGone,
    );
    expectRefused(await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: "nope" }), 404);
    expect((await task(poster, taskId)).status).toBe("open");
  });

  it("complete, cancel and release move the task as the rules say, and refuse the rest", async () => {
    const taskId = await postTask(ctx.app, poster);
    expectRefused(await call(poster, "POST", `/api/tasks/${taskId}/complete`), 409, MESSAGES.notAssigned);
    const fromMaya = await bid(maya, taskId);
    const fromLucas = await bid(lucas, taskId);
    await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: fromMaya._id });

    // The freelancer gives it back: open again, their bid withdrawn; the declined one waits again.
    expectRefused(await call(lucas, "POST", `/api/tasks/${taskId}/release`), 403, MESSAGES.notAssignee);
    const released = await call(maya, "POST", `/api/tasks/${taskId}/release`);
    expect(released.json()).toMatchObject({ status: "open" });
    expect(released.json()).not.toHaveProperty("assignee");
    expect((await task(maya, taskId)).myBid).toMatchObject({ status: "withdrawn" });
    const changed = await call(lucas, "PATCH", `/api/bids/${fromLucas._id}`, { amount: 199 });
    expect(changed.json()).toMatchObject({ _id: fromLucas._id, status: "pending", amount: 199 });

    await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: fromLucas._id });
    const completed = await call(poster, "POST", `/api/tasks/${taskId}/complete`);
    expect(completed.json()).toMatchObject({ status: "completed", assignee: "Lucas", agreedAmount: 199 });
    expectRefused(await call(poster, "POST", `/api/tasks/${taskId}/cancel`), 409, MESSAGES.taskNotOpen.completed);
    expectRefused(await call(lucas, "POST", `/api/tasks/${taskId}/release`), 409, MESSAGES.taskNotOpen.completed);
    expectRefused(await call(poster, "DELETE", `/api/tasks/${taskId}`), 409, MESSAGES.taskNotOpen.completed);
  });

  it("a release brings back the offers declined at the hire: pending, told, in My Bids, hired at once", async () => {
    const taskId = await postTask(ctx.app, poster, { title: "Logo design" });
    const fromMaya = await bid(maya, taskId, { amount: 500 });
    const fromLucas = await bid(lucas, taskId, { amount: 450 });
    const fromOnlooker = await bid(onlooker, taskId, { amount: 400 });
    // Withdrawn before the hire: it stays withdrawn.
    await call(onlooker, "DELETE", `/api/bids/${fromOnlooker._id}`);
    await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: fromMaya._id });
    expect((await task(lucas, taskId)).myBid).toMatchObject({ status: "declined" });

    expect((await call(maya, "POST", `/api/tasks/${taskId}/release`)).statusCode).toBe(200);
    expect((await task(lucas, taskId)).myBid).toMatchObject({ status: "pending", amount: 450 });
    expect((await task(onlooker, taskId)).myBid).toMatchObject({ status: "withdrawn" });
    const mine = (await call(lucas, "GET", "/api/my-bids?status=pending")).json();
    expect(mine.map((b: { _id: string }) => b._id)).toContain(fromLucas._id);
    const [notice] = (await call(lucas, "GET", "/api/notifications")).json();
    expect(notice).toMatchObject({ kind: "task-reopened", data: { taskId, taskTitle: "Logo design" } });
    const onlookerKinds = (await call(onlooker, "GET", "/api/notifications"))
      .json()
      .map((n: { kind: string }) => n.kind);
    expect(onlookerKinds).not.toContain("task-reopened");
    // Their thread with the poster still works.
    const said = await call(lucas, "POST", `/api/tasks/${taskId}/threads/${lucas.id}/messages`, { body: "Still keen" });
    expect(said.statusCode, said.body).toBe(201);

    const accepted = await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: fromLucas._id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: "assigned", assignee: "Lucas", agreedAmount: 450 });
  });

  it("cancel from open declines the waiting offers; a cancelled task takes nothing more", async () => {
    const taskId = await postTask(ctx.app, poster);
    const waiting = await bid(maya, taskId);
    const cancelled = await call(poster, "POST", `/api/tasks/${taskId}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: "cancelled" });
    expect((await task(maya, taskId)).myBid).toMatchObject({ _id: waiting._id, status: "declined" });
    expectRefused(await call(lucas, "POST", "/api/bids", { taskId }), 409, MESSAGES.notTakingBids);
    expectRefused(await call(poster, "POST", `/api/tasks/${taskId}/cancel`), 409, MESSAGES.taskNotOpen.cancelled);
    expectRefused(await call(poster, "PUT", `/api/tasks/${taskId}`, taskInput()), 409, MESSAGES.taskNotOpen.cancelled);
  });

  it("cancel while assigned ends the hired offer too: My Bids and the figures no longer call it accepted", async () => {
    const hired = await signUp(ctx.app, { name: "Hired Then Cancelled" });
    const taskId = await postTask(ctx.app, poster, { title: "Cancelled after hiring" });
    const placed = await bid(hired, taskId);
    await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: placed._id });
    expect((await call(hired, "GET", "/api/me/summary")).json().bids).toMatchObject({ accepted: 1, cancelled: 0 });

    const cancelled = await call(poster, "POST", `/api/tasks/${taskId}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: "cancelled" });
    expect((await task(hired, taskId)).myBid).toMatchObject({ _id: placed._id, status: "cancelled" });
    expect((await call(hired, "GET", "/api/me/summary")).json().bids).toMatchObject({ accepted: 0, cancelled: 1 });
    const mine = await call(hired, "GET", "/api/my-bids?status=cancelled");
    expect(mine.headers["x-total-count"]).toBe("1");
    expect(mine.json()).toEqual([
      expect.objectContaining({
        _id: placed._id,
        status: "cancelled",
        task: expect.objectContaining({ status: "cancelled" }),
      }),
    ]);
    expect((await call(hired, "GET", "/api/my-bids?status=accepted")).json()).toEqual([]);
  });
});

describe("who may do what: anonymous, other user, bidder, poster, assignee", () => {
  const roles = ["anonymous", "other", "bidder", "poster", "assignee"] as const;
  type Role = (typeof roles)[number];
  // What each role gets from each call on a task assigned to `assignee`, where `bidder` offered too
  // and was declined (the steps that need another status are checked above). 200 = allowed, and
  // then the task is in the status the step leads to; any refusal leaves task and bids as they were.
  const expected: Record<string, Record<Role, number>> = {
    "POST accept (already assigned)": { anonymous: 401, other: 403, bidder: 403, poster: 409, assignee: 403 },
    "POST complete": { anonymous: 401, other: 403, bidder: 403, poster: 200, assignee: 403 },
    "POST cancel": { anonymous: 401, other: 403, bidder: 403, poster: 200, assignee: 403 },
    "POST release": { anonymous: 401, other: 403, bidder: 403, poster: 403, assignee: 200 },
    "PATCH the accepted bid": { anonymous: 401, other: 403, bidder: 403, poster: 403, assignee: 409 },
    "DELETE the accepted bid": { anonymous: 401, other: 403, bidder: 403, poster: 403, assignee: 409 },
  };
  const afterwards: Record<string, string> = {
    "POST complete": "completed",
    "POST cancel": "cancelled",
    "POST release": "open",
  };

  for (const [operation, byRole] of Object.entries(expected)) {
    for (const role of roles) {
      it(`${operation} as ${role} → ${byRole[role]}`, async () => {
        const bidder = await signUp(ctx.app);
        const assignee = await signUp(ctx.app);
        const other = await signUp(ctx.app);
        const taskId = await postTask(ctx.app, poster);
        const hired = await bid(assignee, taskId);
        await bid(bidder, taskId);
        await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: hired._id });
        const users: Record<Role, TestUser | null> = { anonymous: null, other, bidder, poster, assignee };
        const state = async () =>
          JSON.stringify([
            await task(poster, taskId),
            (await call(poster, "GET", `/api/bids?taskId=${taskId}`)).json(),
          ]);
        const before = await state();

        const [method, path, payload]: [Method, string, object?] = {
          "POST accept (already assigned)": ["POST", `/api/tasks/${taskId}/accept`, { bidId: hired._id }],
          "POST complete": ["POST", `/api/tasks/${taskId}/complete`],
          "POST cancel": ["POST", `/api/tasks/${taskId}/cancel`],
          "POST release": ["POST", `/api/tasks/${taskId}/release`],
          "PATCH the accepted bid": ["PATCH", `/api/bids/${hired._id}`, { amount: 1 }],
          "DELETE the accepted bid": ["DELETE", `/api/bids/${hired._id}`],
        }[operation] as [Method, string, object?];
        const response = await call(users[role], method, path, payload);
        expect(response.statusCode, response.body).toBe(byRole[role]);
        if (byRole[role] === 200) {
          expect((await task(poster, taskId)).status).toBe(afterwards[operation]);
        } else {
          expect(response.headers["content-type"]).toContain("application/problem+json");
          expect(await state()).toBe(before);
        }
      });
    }
  }
});

describe("the task list by status", () => {
  it("filters by one status or several, and counts them", async () => {
    const owner = await signUp(ctx.app);
    const open = await postTask(ctx.app, owner);
    const assigned = await postTask(ctx.app, owner);
    const cancelled = await postTask(ctx.app, owner);
    await call(owner, "POST", `/api/tasks/${assigned}/accept`, { bidId: (await bid(maya, assigned))._id });
    await call(owner, "POST", `/api/tasks/${cancelled}/cancel`);
    const ids = async (query: string) => {
      const response = await call(owner, "GET", `/api/tasks?owner=me&${query}`);
      return {
        ids: response
          .json()
          .map((t: { _id: string }) => t._id)
          .sort(),
        total: response.headers["x-total-count"],
      };
    };
    expect(await ids("status=open")).toEqual({ ids: [open], total: "1" });
    expect(await ids("status=open&status=assigned")).toEqual({ ids: [open, assigned].sort(), total: "2" });
    expect(await ids("status=assigned,cancelled")).toEqual({ ids: [assigned, cancelled].sort(), total: "2" });
    expect((await ids("")).total).toBe("3");
    expectRefused(
      await call(owner, "GET", "/api/tasks?status=expired"),
      400,
      "Status must be one of open, closed, assigned, completed, cancelled",
    );
  });

  it("counts the whole list by status from the kept totals, as the rows say", async () => {
    const all = async (query: string) =>
      Number((await call(null, "GET", `/api/tasks?limit=1&${query}`)).headers["x-total-count"]);
    const rows = async (status: string) => {
      let count = 0;
      for (let page = 1; ; page++) {
        const batch = (
          await call(null, "GET", `/api/tasks?limit=100&page=${page}&status=${status}`)
        ).json() as unknown[];
        count += batch.length;
        if (batch.length < 100) return count;
      }
    };
    // Open and closed: the open tasks taking offers and those past their deadline (one of this file's).
    for (const status of ["open", "closed", "assigned", "completed", "cancelled"]) {
      expect(await all(`status=${status}`)).toBe(await rows(status));
    }
    expect(await all("status=closed")).toBeGreaterThan(0);
    expect(await all("")).toBe(
      (await all("status=open")) +
        (await all("status=closed")) +
        (await all("status=assigned")) +
        (await all("status=completed")) +
        (await all("status=cancelled")),
    );
  });
});

describe("My Bids", () => {
  it("lists my bids with their tasks, latest first, filterable by status", async () => {
    const freelancer = await signUp(ctx.app);
    const won = await postTask(ctx.app, poster, { title: "Won task" });
    const lost = await postTask(ctx.app, poster, { title: "Lost task" });
    const waiting = await postTask(ctx.app, poster, { title: "Waiting task" });
    const winning = await bid(freelancer, won, { amount: 77 });
    await call(poster, "POST", `/api/tasks/${won}/accept`, { bidId: winning._id });
    await bid(freelancer, lost);
    await call(poster, "POST", `/api/tasks/${lost}/accept`, { bidId: (await bid(lucas, lost))._id });
    await bid(freelancer, waiting);

    const mine = await call(freelancer, "GET", "/api/my-bids");
    expect(mine.headers["x-total-count"]).toBe("3");
    const byTitle = Object.fromEntries(mine.json().map((b: { task: { title: string } }) => [b.task.title, b]));
    expect(byTitle["Won task"]).toMatchObject({
      status: "accepted",
      amount: 77,
      task: { status: "assigned", _id: won },
    });
    expect(byTitle["Lost task"]).toMatchObject({ status: "declined", task: { status: "assigned" } });
    expect(byTitle["Waiting task"]).toMatchObject({ status: "pending", task: { status: "open" } });
    const declined = await call(freelancer, "GET", "/api/my-bids?status=declined");
    expect(declined.json().map((b: { task: { title: string } }) => b.task.title)).toEqual(["Lost task"]);
    expectRefused(await call(null, "GET", "/api/my-bids"), 401);
  });
});

describe("the dashboard's figures", () => {
  it("counts a person's own tasks and bids by status, what they spent and earned, and their latest doings", async () => {
    const client = await signUp(ctx.app);
    const worker = await signUp(ctx.app);
    // Times are in milliseconds: a pause between steps gives the activity a defined order.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const done = await postTask(ctx.app, client, { title: "Done task", budget: 300 });
    await tick();
    const working = await postTask(ctx.app, client, { title: "Working task" });
    await tick();
    await postTask(ctx.app, client, { title: "Waiting task" });
    const doneBid = await bid(worker, done, { amount: 275.5 });
    await call(client, "POST", `/api/tasks/${done}/accept`, { bidId: doneBid._id });
    await call(client, "POST", `/api/tasks/${done}/complete`);
    await call(client, "POST", `/api/tasks/${working}/accept`, {
      bidId: (await bid(worker, working, { amount: 90 }))._id,
    });
    const elsewhere = await postTask(ctx.app, poster);
    await tick();
    await bid(worker, elsewhere);

    const mine = (await call(client, "GET", "/api/me/summary")).json();
    expect(mine).toMatchObject({
      tasks: { open: 1, assigned: 1, completed: 1, cancelled: 0 },
      bids: { pending: 0, accepted: 0, declined: 0, withdrawn: 0 },
      spent: 275.5,
      earned: 0,
      working: 0,
      completedJobs: 0,
    });
    expect(mine.activity.map((item: { kind: string; title: string }) => `${item.kind} ${item.title}`)).toEqual([
      "posted Waiting task",
      "posted Working task",
      "posted Done task",
    ]);
    const theirs = (await call(worker, "GET", "/api/me/summary")).json();
    expect(theirs).toMatchObject({
      tasks: { open: 0, assigned: 0, completed: 0, cancelled: 0 },
      bids: { pending: 1, accepted: 2, declined: 0, withdrawn: 0 },
      spent: 0,
      earned: 275.5,
      working: 1,
      completedJobs: 1,
    });
    expect(theirs.activity[0]).toMatchObject({ kind: "bid", taskId: elsewhere, status: "pending", amount: 250 });
    expectRefused(await call(null, "GET", "/api/me/summary"), 401);
  });
});

describe("races, with real concurrent requests", () => {
  let origin: string;
  beforeAll(async () => {
    await ctx.app.listen({ host: "127.0.0.1", port: 0 });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => ctx.app.server.close());

  const post = (user: TestUser, path: string, body: object, method = "POST") =>
    fetch(`${origin}${path}`, {
      method,
      headers: { cookie: user.cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("two accepts of different bids on one task: exactly one wins, the other gets 409", async () => {
    for (let round = 0; round < 10; round++) {
      const taskId = await postTask(ctx.app, poster);
      const first = await bid(maya, taskId);
      const second = await bid(lucas, taskId);
      const answers = await Promise.all([
        post(poster, `/api/tasks/${taskId}/accept`, { bidId: first._id }),
        post(poster, `/api/tasks/${taskId}/accept`, { bidId: second._id }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const bids = (await call(poster, "GET", `/api/bids?taskId=${taskId}`)).json() as Array<{
        status: string;
        userName: string;
      }>;
      expect(bids.map((b) => b.status).sort()).toEqual(["accepted", "declined"]);
      const winner = bids.find((b) => b.status === "accepted");
      expect((await task(poster, taskId)).assignee).toBe(winner?.userName);
    }
  });

  it("an accept racing the bid's withdrawal: one of them happens, never both", async () => {
    for (let round = 0; round < 10; round++) {
      const taskId = await postTask(ctx.app, poster);
      const offer = await bid(maya, taskId);
      const [accept, withdraw] = await Promise.all([
        post(poster, `/api/tasks/${taskId}/accept`, { bidId: offer._id }),
        post(maya, `/api/bids/${offer._id}`, {}, "DELETE"),
      ]);
      expect([accept.status, withdraw.status].sort()).toEqual([200, 409]);
      const now = await task(maya, taskId);
      if (accept.status === 200) expect(now).toMatchObject({ status: "assigned", myBid: { status: "accepted" } });
      else expect(now).toMatchObject({ status: "open", myBid: { status: "withdrawn" } });
    }
  });

  it("an accept and a release in one category at once both go through (the counts take their rows in order)", async () => {
    for (let round = 0; round < 10; round++) {
      const toAccept = await postTask(ctx.app, poster, { category: "Marketing" });
      const offer = await bid(maya, toAccept);
      const toRelease = await postTask(ctx.app, poster, { category: "Marketing" });
      await call(poster, "POST", `/api/tasks/${toRelease}/accept`, { bidId: (await bid(lucas, toRelease))._id });
      const [accept, release] = await Promise.all([
        post(poster, `/api/tasks/${toAccept}/accept`, { bidId: offer._id }),
        post(lucas, `/api/tasks/${toRelease}/release`, {}),
      ]);
      expect([accept.status, release.status]).toEqual([200, 200]);
    }
    // The kept totals (X-Total-Count of a list with no search) still match the rows.
    for (const status of ["open", "assigned"]) {
      const query = `/api/tasks?status=${status}&category=Marketing`;
      const kept = Number((await call(null, "GET", `${query}&limit=1`)).headers["x-total-count"]);
      let rows = 0;
      for (let page = 1; ; page++) {
        const batch = (await call(null, "GET", `${query}&limit=100&page=${page}`)).json() as unknown[];
        rows += batch.length;
        if (batch.length < 100) break;
      }
      expect(kept).toBe(rows);
    }
  });

  it("an offer changed after the poster looked at it is not accepted at the new price", async () => {
    const taskId = await postTask(ctx.app, poster);
    const offer = await bid(maya, taskId, { amount: 100 });
    await call(maya, "PATCH", `/api/bids/${offer._id}`, { amount: 900 });
    expectRefused(
      await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: offer._id, amount: 100 }),
      409,
      MESSAGES.offerChanged,
    );
    expect(await task(maya, taskId)).toMatchObject({ status: "open", myBid: { status: "pending", amount: 900 } });
    const accepted = await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: offer._id, amount: 900 });
    expect(accepted.json()).toMatchObject({ status: "assigned", agreedAmount: 900 });
  });

  it("a second release sent after the poster hired someone else changes nothing", async () => {
    const taskId = await postTask(ctx.app, poster);
    const first = await bid(maya, taskId);
    const second = await bid(lucas, taskId);
    await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: first._id });
    expect((await post(maya, `/api/tasks/${taskId}/release`, {})).status).toBe(200);
    await call(lucas, "PATCH", `/api/bids/${second._id}`, { amount: 240 });
    await call(poster, "POST", `/api/tasks/${taskId}/accept`, { bidId: second._id });
    const late = await post(maya, `/api/tasks/${taskId}/release`, {});
    expect(late.status).toBe(403);
    expect(await task(poster, taskId)).toMatchObject({ status: "assigned", assignee: "Lucas", agreedAmount: 240 });
  });

  it("a bid racing an accept never leaves a pending bid on an assigned task", async () => {
    for (let round = 0; round < 10; round++) {
      const taskId = await postTask(ctx.app, poster);
      const offer = await bid(maya, taskId);
      const [accept, late] = await Promise.all([
        post(poster, `/api/tasks/${taskId}/accept`, { bidId: offer._id }),
        post(lucas, "/api/bids", { taskId }),
      ]);
      expect(accept.status).toBe(200);
      expect([201, 409]).toContain(late.status);
      const statuses = (
        (await call(poster, "GET", `/api/bids?taskId=${taskId}`)).json() as Array<{ status: string }>
      ).map((b) => b.status);
      expect(statuses).not.toContain("pending");
    }
  });
});
