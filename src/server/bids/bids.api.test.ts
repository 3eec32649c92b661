import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.ts";
import { postTask, setupTestApp, signUp } from "../test/test-app.ts";

const ctx = setupTestApp();

async function bid(cookie: string | undefined, taskId: string, extra: object = {}) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/bids",
    headers: cookie ? { cookie } : {},
    payload: { taskId, ...extra },
  });
}

/** Sets a task's deadline directly, as time passing would. */
async function expireTask(taskId: string) {
  const db = (await import("../db/database.ts")).openDatabase(ctx.database.config);
  await db.db.updateTable("tasks").set({ deadline: "2020-01-01" }).where("id", "=", taskId).execute();
  await db.close();
}

describe("POST /api/bids", () => {
  it("places a bid as the session's user with the server's time", async () => {
    const poster = await signUp(ctx.app);
    const bidder = await signUp(ctx.app, { name: "Bidder Bee" });
    const taskId = await postTask(ctx.app, poster);
    const before = Date.now();
    const response = await bid(bidder.cookie, taskId, {
      userEmail: "fake@x.com",
      userName: "Fake",
      bidTime: "1999-01-01T00:00:00Z",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ taskId, userName: "Bidder Bee", userEmail: bidder.email, mine: true });
    expect(body.insertedId).toBe(body._id);
    expect(Date.parse(body.bidTime)).toBeGreaterThanOrEqual(before - 1000);

    const task = (await ctx.app.inject({ url: `/api/tasks/${taskId}`, headers: { cookie: bidder.cookie } })).json();
    expect(task).toMatchObject({ bidCount: 1, hasBid: true });
  });

  it("takes one bid per user per task (409)", async () => {
    const poster = await signUp(ctx.app);
    const bidder = await signUp(ctx.app);
    const taskId = await postTask(ctx.app, poster);
    expect((await bid(bidder.cookie, taskId)).statusCode).toBe(201);
    const second = await bid(bidder.cookie, taskId);
    expect(second.statusCode).toBe(409);
    expect(second.headers["content-type"]).toContain("application/problem+json");
    expect(second.json().detail).toBe(MESSAGES.alreadyBid);
  });

  it("takes exactly one of many parallel bids by one user", async () => {
    const poster = await signUp(ctx.app);
    const bidder = await signUp(ctx.app);
    const taskId = await postTask(ctx.app, poster);
    const responses = await Promise.all(Array.from({ length: 8 }, () => bid(bidder.cookie, taskId)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const list = await ctx.app.inject({ url: `/api/bids?taskId=${taskId}`, headers: { cookie: poster.cookie } });
    expect(list.json()).toHaveLength(1);
  });

  it("refuses a bid on one's own task (403)", async () => {
    const poster = await signUp(ctx.app);
    const taskId = await postTask(ctx.app, poster);
    const response = await bid(poster.cookie, taskId);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(MESSAGES.ownTaskBid);
  });

  it("refuses a bid after the deadline (409)", async () => {
    const poster = await signUp(ctx.app);
    const bidder = await signUp(ctx.app);
    const taskId = await postTask(ctx.app, poster);
    await expireTask(taskId);
    const response = await bid(bidder.cookie, taskId);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(MESSAGES.biddingClosed);
  });

  it("needs a session (401), a taskId (400) and an existing task (404)", async () => {
    const poster = await signUp(ctx.app);
    const taskId = await postTask(ctx.app, poster);
    expect((await bid(undefined, taskId)).statusCode).toBe(401);
    const missingId = await ctx.app.inject({
      method: "POST",
      url: "/api/bids",
      headers: { cookie: poster.cookie },
      payload: {},
    });
    expect(missingId.statusCode).toBe(400);
    expect(missingId.json().detail).toBe("taskId is required");
    const unknown = await bid(poster.cookie, "nope");
    expect(unknown.statusCode).toBe(404);
  });
});

describe("GET /api/bids", () => {
  it("shows bidders to the poster, each bidder only their own bid, and only the count to all", async () => {
    const poster = await signUp(ctx.app);
    const first = await signUp(ctx.app, { name: "First Bidder" });
    const second = await signUp(ctx.app, { name: "Second Bidder" });
    const onlooker = await signUp(ctx.app);
    const taskId = await postTask(ctx.app, poster);
    await bid(first.cookie, taskId);
    // Bid times are in milliseconds: two bids within one have no defined order.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await bid(second.cookie, taskId);

    const asPoster = await ctx.app.inject({ url: `/api/bids?taskId=${taskId}`, headers: { cookie: poster.cookie } });
    expect(asPoster.statusCode).toBe(200);
    expect(asPoster.headers["x-total-count"]).toBe("2");
    expect(asPoster.json().map((b: { userName: string }) => b.userName)).toEqual(["First Bidder", "Second Bidder"]);

    const asFirst = (
      await ctx.app.inject({ url: `/api/bids?taskId=${taskId}`, headers: { cookie: first.cookie } })
    ).json();
    expect(asFirst).toEqual([
      expect.objectContaining({ userName: "First Bidder", userEmail: first.email, mine: true }),
    ]);

    // Someone who neither posted nor bid learns how many offers there are, and nothing of them:
    // no ids, times or statuses that would tell when a rival changed an offer.
    const asOnlooker = await ctx.app.inject({
      url: `/api/bids?taskId=${taskId}`,
      headers: { cookie: onlooker.cookie },
    });
    expect(asOnlooker.json()).toEqual([]);
    expect(asOnlooker.headers["x-total-count"]).toBe("2");

    const anonymous = await ctx.app.inject({ url: `/api/bids?taskId=${taskId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("pages bids and needs a taskId", async () => {
    const poster = await signUp(ctx.app);
    const taskId = await postTask(ctx.app, poster);
    for (let i = 0; i < 3; i++) await bid((await signUp(ctx.app)).cookie, taskId);
    const page = await ctx.app.inject({
      url: `/api/bids?taskId=${taskId}&limit=2&page=2`,
      headers: { cookie: poster.cookie },
    });
    expect(page.json()).toHaveLength(1);
    expect(page.headers["x-total-count"]).toBe("3");
    const missing = await ctx.app.inject({ url: "/api/bids", headers: { cookie: poster.cookie } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe("taskId is required");
  });
});
