import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invisibleOnly, LIMITS } from "../../contract/index.ts";
import { REVIEW_MESSAGES } from "../../contract/reputation.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { createId } from "../ids.ts";
import { PUBLIC_URL, postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

/**
 * Public profiles and Find Freelancers (issue 28). Assignments and published reviews are written
 * straight into the database: what reviews/ and hiring/ write, here without their steps.
 */
const ctx = setupTestApp();
let database: Database;

beforeAll(() => {
  database = openDatabase(ctx.database.config);
});
afterAll(async () => {
  await database?.close();
});

async function call(user: TestUser | null, method: "GET" | "PUT" | "POST", url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie, origin: PUBLIC_URL } : {},
    ...(payload ? { payload } : {}),
  });
}

let clock = Date.parse("2026-01-01T00:00:00.000Z");
/** Distinct, increasing times, so that "newest first" has one answer. */
const tick = () => {
  clock += 60_000;
  return new Date(clock).toISOString();
};

type Outcome = "active" | "completed" | "released" | "cancelled";

async function assign(client: TestUser, freelancer: TestUser, outcome: Outcome, taskId = createId()) {
  const id = createId();
  await database.db
    .insertInto("assignments")
    .values({
      id,
      task_id: taskId,
      client_id: client.id,
      freelancer_id: freelancer.id,
      assigned_at: tick(),
      outcome,
      ended_at: outcome === "active" ? null : tick(),
    })
    .execute();
  return id;
}

interface ReviewOptions {
  rating: number;
  published?: boolean;
  text?: string;
  communication?: number;
  quality?: number;
  deadline?: number;
  answer?: string;
  title?: string;
}

/** A task of the client's completed by the freelancer, and one review of it. */
async function review(author: TestUser, subject: TestUser, role: "client" | "freelancer", options: ReviewOptions) {
  const client = role === "client" ? author : subject;
  const freelancer = role === "client" ? subject : author;
  const taskId = await postTask(ctx.app, client, { title: options.title ?? "Logo design" });
  const assignmentId = await assign(client, freelancer, "completed", taskId);
  const id = createId();
  const now = tick();
  await database.db
    .insertInto("reviews")
    .values({
      id,
      task_id: taskId,
      assignment_id: assignmentId,
      author_id: author.id,
      subject_id: subject.id,
      role,
      rating: options.rating,
      text: options.text ?? `${options.rating} stars`,
      communication: options.communication ?? null,
      quality: options.quality ?? null,
      deadline: options.deadline ?? null,
      created_at: now,
      updated_at: now,
      published_at: options.published === false ? null : now,
      answer: options.answer ?? null,
      answered_at: options.answer ? now : null,
    })
    .execute();
  return { id, taskId };
}

/** The record reviews/ and hiring/ keep in profiles (record-repository.ts), set as it would be. */
/** A record as kept: from its stars, or (for counts too many to list) their sum and count. */
async function setRecord(
  user: TestUser,
  record: { ratings?: number[]; sum?: number; count?: number; completed?: number },
) {
  const ratings = record.ratings ?? [];
  const values = {
    rating_sum: record.sum ?? ratings.reduce((sum, rating) => sum + rating, 0),
    rating_count: record.count ?? ratings.length,
    completed: record.completed ?? 0,
  };
  await database.db
    .insertInto("profiles")
    .values({ user_id: user.id, ...values, listed: values.completed > 0 ? 1 : 0, updated_at: tick() })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
    .execute();
}

async function setAbout(user: TestUser, about: { bio?: string; skills?: string[]; field?: string | null }) {
  const response = await call(user, "PUT", "/api/profile/about", { bio: "", skills: [], field: null, ...about });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("GET /api/users/:id", () => {
  let maya: TestUser;
  let carla: TestUser;
  let dan: TestUser;

  beforeAll(async () => {
    maya = await signUp(ctx.app, { name: "Maya Okafor" });
    carla = await signUp(ctx.app, { name: "Carla Client" });
    dan = await signUp(ctx.app, { name: "Dan Other" });
  });

  it("answers a newcomer with zeros, rates not shown, and who they are", async () => {
    const response = await call(null, "GET", `/api/users/${dan.id}`);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({ id: dan.id, name: "Dan Other", bio: "", skills: [], field: null });
    expect(profile.image).toBe("https://example.com/avatar.png");
    expect(Date.parse(profile.memberSince)).toBeGreaterThan(Date.now() - 60_000);
    expect(profile.asFreelancer.completed).toBe(0);
    expect(profile.asFreelancer.rating).toMatchObject({
      count: 0,
      distribution: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 },
      average: { value: null, numerator: 0, denominator: 0, shown: false },
    });
    expect(profile.asFreelancer.completionRate).toMatchObject({ value: null, shown: false, denominator: 0 });
    expect(profile.asClient).toMatchObject({ posted: 0, hired: 0, completed: 0 });
  });

  it("counts every figure with its numerator, denominator and period; hidden reviews do not count", async () => {
    // Maya's work: three tasks completed with reviews, one given back, one still active, and one
    // her client cancelled (which does not count against her).
    await review(carla, maya, "client", { rating: 5, communication: 4, quality: 5 });
    await review(carla, maya, "client", { rating: 4, communication: 5 });
    await review(dan, maya, "client", { rating: 2, deadline: 1 });
    await review(dan, maya, "client", { rating: 1, published: false, communication: 1 });
    await assign(dan, maya, "released");
    await assign(dan, maya, "active");
    await assign(carla, maya, "cancelled");
    // Maya as a client: two tasks posted, one freelancer's review of her.
    await postTask(ctx.app, maya, { title: "Maya's first task" });
    await review(dan, maya, "freelancer", { rating: 3 });
    await assign(maya, dan, "completed");
    await assign(maya, carla, "cancelled");
    await assign(maya, dan, "active");

    const response = await call(null, "GET", `/api/users/${maya.id}`);
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    const period = { from: profile.memberSince, to: expect.any(String) };
    expect(Date.parse(profile.asFreelancer.completionRate.to)).toBeGreaterThanOrEqual(Date.parse(profile.memberSince));

    // The hidden review's task was completed too: four completed, one given back.
    expect(profile.asFreelancer).toEqual({
      completed: 4,
      gaveBack: 1,
      rating: {
        average: { value: 3.7, numerator: 11, denominator: 3, ...period, shown: true },
        count: 3,
        distribution: { 5: 1, 4: 1, 3: 0, 2: 1, 1: 0 },
      },
      aspects: {
        communication: { value: 4.5, numerator: 9, denominator: 2, ...period, shown: true },
        quality: { value: 5, numerator: 5, denominator: 1, ...period, shown: true },
        deadline: { value: 1, numerator: 1, denominator: 1, ...period, shown: true },
      },
      // 4 of 5: shown from five assignments that ended by her doing (completed or given back).
      completionRate: { value: 0.8, numerator: 4, denominator: 5, ...period, shown: true },
    });
    // Posted: her first task, and the one of the freelancer's review of her; hired: three hires.
    expect(profile.asClient).toEqual({
      posted: 2,
      hired: 4,
      completed: 2,
      rating: {
        average: { value: 3, numerator: 3, denominator: 1, ...period, shown: true },
        count: 1,
        distribution: { 5: 0, 4: 0, 3: 1, 2: 0, 1: 0 },
      },
      cancelRate: { value: null, numerator: 1, denominator: 3, ...period, shown: false },
    });
  });

  it("shows a rate from five assignments on, not below", async () => {
    const newcomer = await signUp(ctx.app, { name: "Rate Newcomer" });
    for (let i = 0; i < 3; i++) await assign(carla, newcomer, "completed");
    await assign(carla, newcomer, "released");
    await assign(carla, newcomer, "cancelled");
    const below = (await call(null, "GET", `/api/users/${newcomer.id}`)).json();
    expect(below.asFreelancer.completionRate).toMatchObject({
      value: null,
      numerator: 3,
      denominator: LIMITS.rateMinAssignments - 1,
      shown: false,
    });
    await assign(carla, newcomer, "completed");
    const from = (await call(null, "GET", `/api/users/${newcomer.id}`)).json();
    expect(from.asFreelancer.completionRate).toMatchObject({ value: 0.8, numerator: 4, denominator: 5, shown: true });

    // A client's cancel rate: cancelled of those that ended, from five.
    const client = await signUp(ctx.app, { name: "Rate Client" });
    for (let i = 0; i < 4; i++) await assign(client, newcomer, i === 0 ? "cancelled" : "completed");
    await assign(client, newcomer, "released");
    const few = (await call(null, "GET", `/api/users/${client.id}`)).json();
    expect(few.asClient.cancelRate).toMatchObject({ value: null, numerator: 1, denominator: 4, shown: false });
    expect(few.asClient.hired).toBe(5);
    await assign(client, newcomer, "cancelled");
    const enough = (await call(null, "GET", `/api/users/${client.id}`)).json();
    expect(enough.asClient.cancelRate).toMatchObject({ value: 0.4, numerator: 2, denominator: 5, shown: true });
  });

  it("never shows an email, in the profile or its reviews", async () => {
    await setAbout(maya, { bio: "I draw.", skills: ["Logo design"], field: "Designers" });
    const bodies = [
      (await call(null, "GET", `/api/users/${maya.id}`)).body,
      (await call(carla, "GET", `/api/users/${maya.id}`)).body,
      (await call(null, "GET", `/api/users/${maya.id}/reviews?limit=50`)).body,
      (await call(null, "GET", "/api/freelancers?limit=100")).body,
    ];
    for (const body of bodies) {
      expect(body).toContain("Maya Okafor");
      for (const user of [maya, carla, dan]) expect(body).not.toContain(user.email);
      expect(body).not.toMatch(/@example\.com/);
    }
  });

  it("answers 404 problem+json for someone who does not exist, and 400 for an id that cannot be one", async () => {
    const unknown = await call(null, "GET", "/api/users/nobody-here");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toContain("application/problem+json");
    expect(unknown.json().detail).toBe(REVIEW_MESSAGES.userNotFound);
    expect((await call(null, "GET", "/api/users/nobody-here/reviews")).json().detail).toBe(
      REVIEW_MESSAGES.userNotFound,
    );
    const bad = await call(null, "GET", "/api/users/not%20an%20id");
    expect(bad.statusCode).toBe(400);
    expect(bad.headers["content-type"]).toContain("application/problem+json");
  });
});

describe("GET /api/users/:id/reviews", () => {
  it("lists the published reviews about a person, newest first, paged, of one role or both", async () => {
    const lena = await signUp(ctx.app, { name: "Lena Writer" });
    const omar = await signUp(ctx.app, { name: "Omar Poster" });
    const first = await review(omar, lena, "client", { rating: 5, title: "Blog post", quality: 4 });
    await review(omar, lena, "client", { rating: 2, published: false, title: "Hidden one" });
    const second = await review(omar, lena, "client", { rating: 4, title: "Newsletter", answer: "Thank you!" });
    const asClient = await review(omar, lena, "freelancer", { rating: 3, title: "Her own task" });

    const all = (await call(null, "GET", `/api/users/${lena.id}/reviews`)).json();
    expect(all.total).toBe(3);
    expect(all.reviews.map((item: { _id: string }) => item._id)).toEqual([asClient.id, second.id, first.id]);
    expect(JSON.stringify(all)).not.toContain("Hidden one");

    const work = (await call(null, "GET", `/api/users/${lena.id}/reviews?as=freelancer`)).json();
    expect(work.total).toBe(2);
    expect(work.reviews[0]).toEqual({
      _id: second.id,
      taskId: second.taskId,
      taskTitle: "Newsletter",
      role: "client",
      author: { id: omar.id, name: "Omar Poster", image: "https://example.com/avatar.png" },
      subject: { id: lena.id, name: "Lena Writer", image: "https://example.com/avatar.png" },
      rating: 4,
      text: "4 stars",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      publishedAt: expect.any(String),
      answer: { text: "Thank you!", answeredAt: expect.any(String) },
    });
    expect(work.reviews[1]).toMatchObject({ _id: first.id, quality: 4, answer: null });

    const client = (await call(null, "GET", `/api/users/${lena.id}/reviews?as=client`)).json();
    expect(client).toEqual({ total: 1, reviews: [expect.objectContaining({ _id: asClient.id, role: "freelancer" })] });

    const page2 = (await call(null, "GET", `/api/users/${lena.id}/reviews?limit=2&page=2`)).json();
    expect(page2).toEqual({ total: 3, reviews: [expect.objectContaining({ _id: first.id })] });

    const wrong = await call(null, "GET", `/api/users/${lena.id}/reviews?as=boss`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain("as must be freelancer or client");
  });
});

describe("PUT /api/profile/about", () => {
  it("saves the bio, trimmed skills each once whatever their case, and the field", async () => {
    const user = await signUp(ctx.app, { name: "About Person" });
    const saved = await setAbout(user, {
      bio: "  I build shops.  ",
      skills: [" React ", "react", "Node.js", "REACT", "Figma"],
      field: "Developers",
    });
    expect(saved).toEqual({ bio: "I build shops.", skills: ["React", "Node.js", "Figma"], field: "Developers" });
    const profile = (await call(null, "GET", `/api/users/${user.id}`)).json();
    expect(profile).toMatchObject({
      bio: "I build shops.",
      skills: ["React", "Node.js", "Figma"],
      field: "Developers",
    });

    expect(await setAbout(user, { bio: "", skills: [], field: null })).toEqual({ bio: "", skills: [], field: null });
    expect((await call(null, "GET", `/api/users/${user.id}`)).json()).toMatchObject({ bio: "", skills: [] });
  });

  it("refuses what does not fit with 400 naming the field, and a visitor with 401", async () => {
    const user = await signUp(ctx.app);
    const cases: Array<[object, string, string]> = [
      [{ bio: "x".repeat(LIMITS.bioMax + 1) }, "bio", "Bio must be at most 1,000 characters"],
      [{ skills: Array.from({ length: LIMITS.skillsMax + 1 }, (_, i) => `Skill ${i}`) }, "skills", "At most 15 skills"],
      [{ skills: ["x".repeat(LIMITS.skillMax + 1)] }, "skills", "Each skill must be at most 40 characters"],
      [{ skills: ["   "] }, "skills", "A skill cannot be empty"],
      // Issue 42: what shows nothing is no skill, whatever it is made of.
      [{ skills: ["\u200B".repeat(40)] }, "skills", invisibleOnly("A skill")],
      [{ skills: ["Design", "\u202E\u2066\u200F"] }, "skills", invisibleOnly("A skill")],
      [{ field: "Plumbers" }, "field", "Field must be one of"],
    ];
    for (const [change, field, message] of cases) {
      const response = await call(user, "PUT", "/api/profile/about", { bio: "", skills: [], field: null, ...change });
      expect(response.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      const body = response.json();
      expect(body.errors[0].field).toContain(field);
      expect(body.errors[0].message).toContain(message);
    }
    // A bio of exactly the most, and fifteen skills of forty characters, are fine.
    const most = await call(user, "PUT", "/api/profile/about", {
      bio: "x".repeat(LIMITS.bioMax),
      skills: Array.from({ length: LIMITS.skillsMax }, (_, i) => `${i}`.padEnd(LIMITS.skillMax, "x")),
      field: null,
    });
    expect(most.statusCode).toBe(200);

    const visitor = await call(null, "PUT", "/api/profile/about", { bio: "", skills: [], field: null });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers["content-type"]).toContain("application/problem+json");
  });
});

describe("GET /api/freelancers", () => {
  let tag: string;
  const search = async (query: string) => {
    const response = await call(null, "GET", `/api/freelancers?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      freelancers: Array<{ id: string; name: string; reputation: { rating: number | null } }>;
      total: number;
    };
  };
  const names = async (query: string) => (await search(query)).freelancers.map((card) => card.name);
  let ana: TestUser;
  let bruno: TestUser;
  let chloe: TestUser;
  let deni: TestUser;
  let silent: TestUser;
  let worker: TestUser;

  beforeAll(async () => {
    // A word of this run's own, in every name and skill here, so that other tests' people do not show.
    // Digits after "zq": letters of the clock in base 36 once spelled "co" ("zqmxco…"), which the
    // searches below look for, and every name matched.
    tag = `zq${Date.now()}`;
    ana = await signUp(ctx.app, { name: `Ana ${tag} Lindqvist` });
    bruno = await signUp(ctx.app, { name: `Bruno ${tag} Costa` });
    chloe = await signUp(ctx.app, { name: `Chloé ${tag} Martin` });
    deni = await signUp(ctx.app, { name: `Deni ${tag} Haddad` });
    silent = await signUp(ctx.app, { name: `Silent ${tag} Person` });
    worker = await signUp(ctx.app, { name: `Worker ${tag} Busy` });
    await setAbout(ana, { skills: ["Logo Design", `${tag}-craft`], field: "Designers" });
    await setAbout(bruno, { skills: ["React", "TypeScript", `${tag}-craft`], field: "Developers" });
    await setAbout(chloe, { skills: ["Copywriting", `${tag}-craft`], field: "Writers" });
    await setAbout(deni, { skills: ["SEO"], field: "Marketers" });
    // Says nothing: not listed. Completed a task but says nothing: listed.
    await setAbout(silent, { bio: "Just a bio, no field or skill." });
    await setRecord(worker, { completed: 2 });
    await setRecord(ana, { ratings: [5, 5, 4], completed: 3 });
    await setRecord(bruno, { ratings: [5, 4], completed: 7 });
    await setRecord(chloe, { ratings: [3], completed: 1 });
  });

  it("finds listed people by a part of their name or of a skill, in any case", async () => {
    expect((await search(`q=${tag}`)).total).toBe(5);
    expect(await names(`q=${tag}&sort=rating`)).toEqual([
      `Ana ${tag} Lindqvist`,
      `Bruno ${tag} Costa`,
      `Chloé ${tag} Martin`,
      // Without reviews: the one with tasks completed first.
      `Worker ${tag} Busy`,
      `Deni ${tag} Haddad`,
    ]);
    expect(await names(`q=${tag.toUpperCase()}%20LINDQ`)).toEqual([`Ana ${tag} Lindqvist`]);
    expect(await names(`q=${encodeURIComponent(`CHLOÉ ${tag}`)}`)).toEqual([`Chloé ${tag} Martin`]);
    expect(await names("q=INDQVIS")).toContain(`Ana ${tag} Lindqvist`);
    expect(await names(`q=${encodeURIComponent(`${tag} lindqvist`)}`)).toEqual([`Ana ${tag} Lindqvist`]);
    // A skill, a part of one, in another case.
    expect(await names(`q=${tag}-CRAFT`)).toEqual([
      `Ana ${tag} Lindqvist`,
      `Bruno ${tag} Costa`,
      `Chloé ${tag} Martin`,
    ]);
    const typescript = await names("q=ypescrip");
    expect(typescript).toContain(`Bruno ${tag} Costa`);
    expect(typescript).not.toContain(`Ana ${tag} Lindqvist`);
    // Two letters (under the trigram index's three) find too, as does a text with LIKE's wildcards.
    expect(await names("q=Co&limit=100")).toEqual(
      expect.arrayContaining([`Bruno ${tag} Costa`, `Chloé ${tag} Martin`]),
    );
    expect(await names("q=%25")).toEqual([]);
    expect(await names("q=_")).toEqual([]);
    expect(await names(`q=${encodeURIComponent('"')}`)).toEqual([]);
    expect(await names("q=nothingmatchesthis")).toEqual([]);
    // Not listed: says nothing and completed nothing.
    expect(await names(`q=Silent%20${tag}`)).toEqual([]);
  });

  it("finds people whatever the accents and the order of the words (decision 034)", async () => {
    const only = async (q: string) => names(`q=${encodeURIComponent(q)}&limit=100`);
    // Without the accent, and with one where the name has none.
    expect(await only(`chloe ${tag}`)).toEqual([`Chloé ${tag} Martin`]);
    expect(await only(`CHLOE martin ${tag}`)).toEqual([`Chloé ${tag} Martin`]);
    expect(await only(`Brunó ${tag}`)).toEqual([`Bruno ${tag} Costa`]);
    // Any order, parts of words, a name's word with a skill's.
    expect(await only(`lindqvist ${tag} ana`)).toEqual([`Ana ${tag} Lindqvist`]);
    expect(await only(`costa typescr ${tag}`)).toEqual([`Bruno ${tag} Costa`]);
    expect(await only(`${tag}, martin; cop`)).toEqual([`Chloé ${tag} Martin`]);
    // Every word must be found: one that is not finds nobody, as does a text of no word.
    expect(await only(`lindqvist ${tag} costa`)).toEqual([]);
    expect(await only("?!")).toEqual([]);
    // A word under three letters with others (read without the index on SQLite).
    expect(await only(`${tag} co`)).toEqual([`Bruno ${tag} Costa`, `Chloé ${tag} Martin`]);
  });

  it("filters by field and minimum rating", async () => {
    expect(await names(`q=${tag}&field=Designers`)).toEqual([`Ana ${tag} Lindqvist`]);
    expect(await names(`q=${tag}&minRating=4`)).toEqual([`Ana ${tag} Lindqvist`, `Bruno ${tag} Costa`]);
    // Ana's 4.67 and Bruno's 4.5 are under 5; people without reviews are left out once a minimum is set.
    expect(await search(`q=${tag}&minRating=5`)).toEqual({ freelancers: [], total: 0 });
    expect(await names(`q=${tag}&minRating=2`)).toHaveLength(3);
    expect(await names(`q=${tag}&field=Developers&minRating=4`)).toEqual([`Bruno ${tag} Costa`]);
    for (const minRating of [1, 7]) {
      const bad = await call(null, "GET", `/api/freelancers?minRating=${minRating}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().detail).toContain("Minimum rating must be 2, 3, 4 or 5");
    }
    expect((await call(null, "GET", "/api/freelancers?field=Plumbers")).statusCode).toBe(400);

    // A minimum is of the rating as shown: 4.95 shows as 5.0, and 5+ finds it.
    await setRecord(chloe, { ratings: [...Array(19).fill(5), 4], completed: 1 });
    try {
      const [shown] = (await search(`q=${encodeURIComponent(`Chloé ${tag}`)}`)).freelancers;
      expect(shown?.reputation.rating).toBe(5);
      expect(await names(`q=${tag}&minRating=5`)).toEqual([`Chloé ${tag} Martin`]);
      // Just under: 4.94 and 4.94999995 both show as 4.9 and are left out at 5+, found at 4+. The
      // second's float average (PostgreSQL's real) is 4.95 itself: only an exact comparison tells.
      for (const [sum, count] of [
        [494, 100],
        [98_999_999, 20_000_000],
      ] as const) {
        await setRecord(chloe, { sum, count, completed: 1 });
        const [card] = (await search(`q=${encodeURIComponent(`Chloé ${tag}`)}`)).freelancers;
        expect(card?.reputation.rating).toBe(4.9);
        expect(await names(`q=${tag}&minRating=5`)).toEqual([]);
        // Along the rating's index, and with a text under the trigram index's three characters.
        expect(await names("minRating=5&limit=50")).not.toContain(`Chloé ${tag} Martin`);
        expect(await names(`q=${encodeURIComponent("é ")}&minRating=5&limit=50`)).not.toContain(`Chloé ${tag} Martin`);
        expect(await names(`q=${tag}&minRating=4`)).toContain(`Chloé ${tag} Martin`);
      }
    } finally {
      await setRecord(chloe, { ratings: [3], completed: 1 });
    }
  });

  it("sorts by rating, tasks completed or newest, pages, and shows each card's reputation", async () => {
    expect(await names(`q=${tag}&sort=completed`)).toEqual([
      `Bruno ${tag} Costa`,
      `Ana ${tag} Lindqvist`,
      `Worker ${tag} Busy`,
      `Chloé ${tag} Martin`,
      `Deni ${tag} Haddad`,
    ]);
    expect(await names(`q=${tag}&sort=newest`)).toEqual([
      `Worker ${tag} Busy`,
      `Deni ${tag} Haddad`,
      `Chloé ${tag} Martin`,
      `Bruno ${tag} Costa`,
      `Ana ${tag} Lindqvist`,
    ]);
    const page2 = await search(`q=${tag}&sort=rating&limit=2&page=2`);
    expect(page2.total).toBe(5);
    expect(page2.freelancers.map((card) => card.name)).toEqual([`Chloé ${tag} Martin`, `Worker ${tag} Busy`]);
    expect((await search(`q=${tag}&limit=2&page=4`)).freelancers).toEqual([]);

    const [card] = (await search(`q=${encodeURIComponent(`Ana ${tag}`)}`)).freelancers;
    expect(card).toEqual({
      id: ana.id,
      name: `Ana ${tag} Lindqvist`,
      image: "https://example.com/avatar.png",
      field: "Designers",
      skills: ["Logo Design", `${tag}-craft`],
      memberSince: expect.any(String),
      reputation: { rating: 4.7, reviews: 3, completed: 3 },
    });
    const [newcomer] = (await search(`q=${encodeURIComponent(`Deni ${tag}`)}`)).freelancers;
    expect(newcomer).toMatchObject({ reputation: { rating: null, reviews: 0, completed: 0 } });
  });

  it("follows a change of name, of skills, and leaves out whoever says nothing again", async () => {
    const rename = await call(deni, "POST", "/api/auth/update-user", { name: `Denise ${tag} Renamed` });
    expect(rename.statusCode).toBe(200);
    expect(await names(`q=${encodeURIComponent(`Denise ${tag}`)}`)).toEqual([`Denise ${tag} Renamed`]);
    expect(await names(`q=${encodeURIComponent(`Haddad ${tag}`)}`)).toEqual([]);
    expect(await names("q=enamed")).toContain(`Denise ${tag} Renamed`);

    await setAbout(deni, { skills: ["Podcast editing"], field: "Marketers" });
    expect(await names("q=odcast%20edit")).toEqual([`Denise ${tag} Renamed`]);
    expect(await names(`q=SEO&field=Marketers`)).not.toContain(`Denise ${tag} Renamed`);

    await setAbout(deni, { bio: "Taking a break." });
    expect(await names(`q=${encodeURIComponent(`Denise ${tag}`)}`)).toEqual([]);
    // Someone with tasks completed stays listed when they clear their field and skills.
    await setAbout(ana, { bio: "" });
    expect(await names(`q=${encodeURIComponent(`Ana ${tag}`)}`)).toEqual([`Ana ${tag} Lindqvist`]);
    // A person whose profile row was first written by the record (hiring) is found by name too.
    expect(await names(`q=${encodeURIComponent(`Worker ${tag}`)}`)).toEqual([`Worker ${tag} Busy`]);
  });
});

describe("names that link", () => {
  it("a task's bids carry each bidder's reputation for the poster", async () => {
    const poster = await signUp(ctx.app, { name: "Poster Reading Bids" });
    const rated = await signUp(ctx.app, { name: "Rated Bidder" });
    const fresh = await signUp(ctx.app, { name: "Fresh Bidder" });
    await setRecord(rated, { ratings: [5, 4, 4], completed: 6 });
    const taskId = await postTask(ctx.app, poster);
    for (const bidder of [rated, fresh]) {
      expect((await call(bidder, "POST", "/api/bids", { taskId, amount: 100 })).statusCode).toBe(201);
    }
    const response = await call(poster, "GET", `/api/bids?taskId=${taskId}`);
    expect(response.statusCode).toBe(200);
    const byName = Object.fromEntries(
      response.json().map((bid: { userName: string; reputation: unknown }) => [bid.userName, bid.reputation]),
    );
    expect(byName).toEqual({
      "Rated Bidder": { rating: 4.3, reviews: 3, completed: 6 },
      "Fresh Bidder": { rating: null, reviews: 0, completed: 0 },
    });
  });

  it("a question carries its asker's id, a thread the other person's", async () => {
    const poster = await signUp(ctx.app, { name: "Poster Of Questions" });
    const asker = await signUp(ctx.app, { name: "Asker" });
    const taskId = await postTask(ctx.app, poster);
    expect((await call(asker, "POST", `/api/tasks/${taskId}/questions`, { body: "Which colours?" })).statusCode).toBe(
      201,
    );
    const [question] = (await call(null, "GET", `/api/tasks/${taskId}/questions`)).json();
    expect(question).toMatchObject({ askerName: "Asker", askerId: asker.id });

    expect((await call(asker, "POST", "/api/bids", { taskId, amount: 80 })).statusCode).toBe(201);
    const sent = await call(asker, "POST", `/api/tasks/${taskId}/threads/${asker.id}/messages`, { body: "Hello" });
    expect(sent.statusCode).toBe(201);
    const [posterSide] = (await call(poster, "GET", "/api/threads")).json();
    expect(posterSide).toMatchObject({ otherName: "Asker", otherId: asker.id });
    const [askerSide] = (await call(asker, "GET", "/api/threads")).json();
    expect(askerSide).toMatchObject({ otherName: "Poster Of Questions", otherId: poster.id });
  });
});
