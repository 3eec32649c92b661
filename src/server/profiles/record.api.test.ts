import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { withoutNotices } from "../notifications/notifier.ts";
import { listRecordsCounting, recountRecord } from "../reviews/record-recount.ts";
import { closeEndedWindows } from "../reviews/reviews.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

/**
 * The record kept in `profiles` (completed, stars' sum and count, listed) beside what changes it,
 * compared with what its tables hold (decision 022): the profile page's counts, and a recount.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const ctx = setupTestApp({}, undefined, { reviewPublishMs: 60 * 60_000 });
let database: Database;
beforeAll(() => {
  database = openDatabase(ctx.database.config);
});
afterAll(async () => database?.close());

type Method = "GET" | "POST" | "PUT";

async function call(user: TestUser, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> {
  const response = await ctx.app.inject({
    method,
    url,
    headers: { cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

const bid = async (user: TestUser, taskId: string) =>
  (await call(user, "POST", "/api/bids", { taskId })).json()._id as string;
const accept = (client: TestUser, taskId: string, bidId: string) =>
  call(client, "POST", `/api/tasks/${taskId}/accept`, { bidId });
const review = (user: TestUser, taskId: string, rating: number) =>
  call(user, "POST", `/api/tasks/${taskId}/reviews`, { rating, text: `${rating} stars` });

/** What `profiles` keeps of each person (none without a row). */
async function kept() {
  const rows = await database.db
    .selectFrom("profiles")
    .select(["user_id", "completed", "rating_sum", "rating_count", "listed"])
    .orderBy("user_id")
    .execute();
  return rows.map((row) => ({
    user_id: row.user_id,
    completed: Number(row.completed),
    rating_sum: Number(row.rating_sum),
    rating_count: Number(row.rating_count),
    listed: Number(row.listed),
  }));
}

/** Each person's record as the profile page counts it from assignments and published reviews. */
async function counted(people: TestUser[]) {
  return Promise.all(
    people.map(async (person) => {
      const profile = (await call(person, "GET", `/api/users/${person.id}`)).json();
      return {
        id: person.id,
        completed: profile.asFreelancer.completed,
        ratingSum: profile.asFreelancer.rating.average.numerator,
        ratingCount: profile.asFreelancer.rating.count,
      };
    }),
  );
}

/** Every person's kept counters equal the page's counts, and a recount changes nothing. */
async function expectTrue(people: TestUser[]) {
  const before = await kept();
  for (const person of await counted(people)) {
    const row = before.find((one) => one.user_id === person.id);
    expect({ id: person.id, completed: row?.completed ?? 0, ratingSum: row?.rating_sum ?? 0 }).toEqual({
      id: person.id,
      completed: person.completed,
      ratingSum: person.ratingSum,
    });
    expect(row?.rating_count ?? 0, person.id).toBe(person.ratingCount);
  }
  await database.db.transaction().execute(async (trx) => {
    for (const person of people) await recountRecord(trx, person.id);
  });
  expect(await kept()).toEqual(before);
}

describe("the record kept in profiles", () => {
  let alice: TestUser;
  let bruno: TestUser;
  let maya: TestUser;
  let lucas: TestUser;
  let noah: TestUser;
  let saysOnly: TestUser;
  let everyone: TestUser[];
  beforeAll(async () => {
    alice = await signUp(ctx.app, { name: "Alice Client" });
    bruno = await signUp(ctx.app, { name: "Bruno Client" });
    maya = await signUp(ctx.app, { name: "Maya" });
    lucas = await signUp(ctx.app, { name: "Lucas" });
    noah = await signUp(ctx.app, { name: "Noah" });
    saysOnly = await signUp(ctx.app, { name: "Says Only" });
    everyone = [alice, bruno, maya, lucas, noah, saysOnly];
  });

  it("equals what assignments and published reviews hold after hires, reviews and the window's end", async () => {
    await call(saysOnly, "PUT", "/api/profile/about", { bio: "", skills: ["Logo design"], field: null });
    await call(maya, "PUT", "/api/profile/about", { bio: "Hi", skills: ["Copy"], field: null });

    // Completed, both reviews in: published at once.
    const done = await postTask(ctx.app, alice, { title: "Done" });
    await accept(alice, done, await bid(maya, done));
    await call(alice, "POST", `/api/tasks/${done}/complete`);
    await review(alice, done, 5);
    await review(maya, done, 2);

    // Given back by Maya, finished by Lucas; only the client reviews: published at the window's end.
    const handedOn = await postTask(ctx.app, alice, { title: "Handed on" });
    const fromMaya = await bid(maya, handedOn);
    const fromLucas = await bid(lucas, handedOn);
    await accept(alice, handedOn, fromMaya);
    await call(maya, "POST", `/api/tasks/${handedOn}/release`);
    await accept(alice, handedOn, fromLucas);
    await call(alice, "POST", `/api/tasks/${handedOn}/complete`);
    await review(alice, handedOn, 3);

    // Cancelled while assigned, reviewed by both.
    const cancelled = await postTask(ctx.app, bruno, { title: "Cancelled" });
    await accept(bruno, cancelled, await bid(lucas, cancelled));
    await call(bruno, "POST", `/api/tasks/${cancelled}/cancel`);
    await review(bruno, cancelled, 1);
    await review(lucas, cancelled, 4);

    // Still assigned; and completed without a review.
    const active = await postTask(ctx.app, bruno, { title: "Active" });
    await accept(bruno, active, await bid(noah, active));
    const quiet = await postTask(ctx.app, bruno, { title: "Quiet" });
    await accept(bruno, quiet, await bid(maya, quiet));
    await call(bruno, "POST", `/api/tasks/${quiet}/complete`);
    // Maya clears what she says: still listed, by her completed tasks.
    await call(maya, "PUT", "/api/profile/about", { bio: "", skills: [], field: null });
    await expectTrue(everyone);

    // The window's end: the timed job's pass at a moment after it publishes Alice's hidden review of Lucas.
    const closed = await closeEndedWindows(
      withoutNotices(database.db),
      database.db,
      ctx.config.reviews.windowMs,
      new Date(Date.now() + ctx.config.reviews.windowMs + DAY_MS),
    );
    expect(closed).toBeGreaterThanOrEqual(1);
    await expectTrue(everyone);
    expect((await kept()).find((row) => row.user_id === lucas.id)).toMatchObject({
      completed: 1,
      rating_sum: 3 + 1,
      rating_count: 2,
      listed: 1,
    });
  });

  it("a recount makes it true again once rows it counted are gone (an account deleted, its cascade)", async () => {
    const counting = await listRecordsCounting(database.db, bruno.id);
    expect(counting.sort()).toEqual([lucas.id, maya.id].sort());
    const before = await kept();
    await database.db.deleteFrom("user").where("id", "=", bruno.id).execute();
    const people = everyone.filter((person) => person !== bruno);
    // The cascade took Bruno's hires and reviews; the kept counters still hold them.
    const page = await counted(people);
    expect(page.find((person) => person.id === maya.id)?.completed).toBe(1);
    expect(before.find((row) => row.user_id === maya.id)?.completed).toBe(2);
    await database.db.transaction().execute(async (trx) => {
      for (const id of counting) await recountRecord(trx, id);
    });
    await expectTrue(people);
    expect(await recountRecord(database.db, bruno.id)).toEqual({ completed: 0, ratingSum: 0, ratingCount: 0 });
    expect((await kept()).some((row) => row.user_id === bruno.id)).toBe(false);
  });
});
