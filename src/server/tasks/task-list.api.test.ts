import { beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../../contract/index.ts";
import { matchesSearch } from "../../contract/search.ts";
import { openDatabase } from "../db/database.ts";
import { inDays, postTask, setupTestApp, signUp, type TestUser, taskInput } from "../test/test-app.ts";

const ctx = setupTestApp();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await signUp(ctx.app, { name: "Alice" });
  bob = await signUp(ctx.app, { name: "Bob" });
  // Posted one after another, so "newest" is the reverse of this list.
  const tasks = [
    {
      owner: alice,
      title: "Alpha website",
      category: "Web Development",
      budget: 500,
      deadline: inDays(20),
      description: "React and CSS",
    },
    {
      owner: alice,
      title: "Beta logo",
      category: "Design",
      budget: 150,
      deadline: inDays(5),
      description: "Vector logo",
    },
    {
      owner: bob,
      title: "Gamma article",
      category: "Writing",
      budget: 80.25,
      deadline: inDays(10),
      description: "About 100% organic gardens",
    },
    {
      owner: bob,
      title: "Delta campaign",
      category: "Marketing",
      budget: 900,
      deadline: inDays(2),
      description: "Ads for a website",
    },
    {
      owner: bob,
      title: "Epsilon shop",
      category: "Web Development",
      budget: 1200,
      deadline: inDays(30),
      description: "Online store",
    },
  ] as const;
  for (const { owner, ...task } of tasks) {
    await postTask(ctx.app, owner, task);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
});

const titles = (body: Array<{ title: string }>) => body.map((task) => task.title);

describe("GET /api/tasks", () => {
  it("lists newest first with the total and a next link", async () => {
    const response = await ctx.app.inject({ url: "/api/tasks?limit=2" });
    expect(response.statusCode).toBe(200);
    expect(titles(response.json())).toEqual(["Epsilon shop", "Delta campaign"]);
    expect(response.headers["x-total-count"]).toBe("5");
    expect(response.headers.link).toBe('</api/tasks?limit=2&page=2>; rel="next"');
  });

  it("pages through without overlap and stops with no next link", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const response = await ctx.app.inject({ url: `/api/tasks?limit=2&page=${page}` });
      seen.push(...titles(response.json()));
      if (page === 3) {
        expect(response.headers.link).toBe('</api/tasks?limit=2&page=2>; rel="prev"');
      }
    }
    expect(seen).toEqual(["Epsilon shop", "Delta campaign", "Gamma article", "Beta logo", "Alpha website"]);
  });

  it("sorts by deadline and by budget", async () => {
    const byDeadline = await ctx.app.inject({ url: "/api/tasks?sort=deadline" });
    expect(titles(byDeadline.json())).toEqual([
      "Delta campaign",
      "Beta logo",
      "Gamma article",
      "Alpha website",
      "Epsilon shop",
    ]);
    const byBudget = await ctx.app.inject({ url: "/api/tasks?sort=budget" });
    expect(titles(byBudget.json())).toEqual([
      "Epsilon shop",
      "Delta campaign",
      "Alpha website",
      "Beta logo",
      "Gamma article",
    ]);
  });

  it("filters by category and searches title and description, case-insensitively", async () => {
    const web = await ctx.app.inject({ url: "/api/tasks?category=Web%20Development" });
    expect(titles(web.json())).toEqual(["Epsilon shop", "Alpha website"]);
    expect(web.headers["x-total-count"]).toBe("2");

    const search = await ctx.app.inject({ url: "/api/tasks?q=WEBSITE" });
    expect(titles(search.json())).toEqual(["Delta campaign", "Alpha website"]);

    const both = await ctx.app.inject({ url: "/api/tasks?q=website&category=Marketing" });
    expect(titles(both.json())).toEqual(["Delta campaign"]);
  });

  it("keeps a range of budgets, each bound included and either alone, with the category, the search and the total", async () => {
    const range = await ctx.app.inject({ url: "/api/tasks?minBudget=150&maxBudget=900" });
    expect(range.statusCode).toBe(200);
    expect(titles(range.json())).toEqual(["Delta campaign", "Beta logo", "Alpha website"]);
    expect(range.headers["x-total-count"]).toBe("3");
    expect(titles((await ctx.app.inject({ url: "/api/tasks?maxBudget=80.25" })).json())).toEqual(["Gamma article"]);
    expect(titles((await ctx.app.inject({ url: "/api/tasks?minBudget=80.26&maxBudget=150" })).json())).toEqual([
      "Beta logo",
    ]);
    const web = await ctx.app.inject({ url: "/api/tasks?category=Web%20Development&minBudget=1000&sort=budget" });
    expect(titles(web.json())).toEqual(["Epsilon shop"]);
    const words = await ctx.app.inject({ url: "/api/tasks?q=website&maxBudget=500" });
    expect(titles(words.json())).toEqual(["Alpha website"]);
    expect(words.headers["x-total-count"]).toBe("1");
    const pages = await ctx.app.inject({ url: "/api/tasks?minBudget=100&limit=2" });
    expect(pages.headers["x-total-count"]).toBe("4");
    expect(pages.headers.link).toBe('</api/tasks?minBudget=100&limit=2&page=2>; rel="next"');
  });

  it("treats % and _ in a search as plain characters", async () => {
    const percent = await ctx.app.inject({ url: `/api/tasks?q=${encodeURIComponent("100%")}` });
    expect(titles(percent.json())).toEqual(["Gamma article"]);
    const underscore = await ctx.app.inject({ url: "/api/tasks?q=_" });
    expect(underscore.json()).toEqual([]);
    expect(underscore.headers["x-total-count"]).toBe("0");
  });

  it("lists only the signed-in user's own tasks with owner=me", async () => {
    const mine = await ctx.app.inject({ url: "/api/tasks?owner=me", headers: { cookie: alice.cookie } });
    expect(titles(mine.json())).toEqual(["Beta logo", "Alpha website"]);
    expect(mine.json()[0].userEmail).toBe(alice.email);
    const anonymous = await ctx.app.inject({ url: "/api/tasks?owner=me" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows contact emails to signed-in readers only", async () => {
    const visitor = await ctx.app.inject({ url: "/api/tasks" });
    expect(visitor.json().every((task: object) => !("userEmail" in task))).toBe(true);
    const member = await ctx.app.inject({ url: "/api/tasks", headers: { cookie: bob.cookie } });
    expect(member.json().map((task: { userEmail: string }) => task.userEmail)).toContain(alice.email);
  });

  it.each([
    ["limit=0", "Limit must be a whole number from 1 to 100"],
    ["limit=101", "Limit must be a whole number from 1 to 100"],
    ["limit=abc", "Limit must be a whole number from 1 to 100"],
    ["page=0", "Page must be a whole number from 1"],
    ["page=1.5", "Page must be a whole number from 1"],
    ["sort=price", "Sort must be one of newest, deadline, budget"],
    ["category=Cooking", "Category must be one of Web Development, Design, Writing, Marketing"],
    ["owner=you", 'Owner can only be "me"'],
    [`q=${"x".repeat(101)}`, "Search must be at most 100 characters"],
    ["q=%00", "Search cannot contain a NUL character"],
    ["minBudget=-1", "Minimum budget must be a number from 0 to 1,000,000"],
    ["maxBudget=cheap", "Maximum budget must be a number from 0 to 1,000,000"],
    ["maxBudget=1000000.01", "Maximum budget must be a number from 0 to 1,000,000"],
    ["minBudget=10.555", "Minimum budget can have at most two decimals"],
    ["minBudget=500&maxBudget=100", "Minimum budget must not be more than the maximum budget"],
  ])("refuses %s with a clear message", async (query, message) => {
    const response = await ctx.app.inject({ url: `/api/tasks?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toBe(message);
  });
});

describe("Browse Tasks' cards (issue 45)", () => {
  it("give every reader each task's offers and its poster's rating as a client, read for the page at once", async () => {
    const database = openDatabase(ctx.database.config);
    try {
      const carol = await signUp(ctx.app, { name: "Carol" });
      const dan = await signUp(ctx.app, { name: "Dan" });
      const erin = await signUp(ctx.app, { name: "Erin" });
      // Written straight into the tables, under the lists' cache: each read is a page not read before.
      const list = async (limit: number) => {
        const response = await ctx.app.inject({ method: "GET", url: `/api/tasks?limit=${limit}` });
        expect(response.statusCode).toBe(200);
        return response.json() as Task[];
      };
      const of = (tasks: Task[], title: string) => tasks.find((task) => task.title === title);
      const before = await list(50);
      const alpha = of(before, "Alpha website");
      const epsilon = of(before, "Epsilon shop");
      if (!alpha || !epsilon) throw new Error("the tasks posted above");
      // Two offers on Alpha, one of them withdrawn (not counted); none on Epsilon.
      for (const [bidder, status] of [
        [carol, "pending"],
        [dan, "withdrawn"],
      ] as const) {
        await database.db
          .insertInto("bids")
          .values({
            id: `bid-${bidder.id}`,
            task_id: alpha._id,
            bidder_id: bidder.id,
            bid_time: new Date().toISOString(),
            amount_cents: 40_000,
            days: 5,
            message: "I can do it",
            status,
          })
          .execute();
      }
      // Bob reviewed as a client by two freelancers (5 and 4 stars), one more not published yet.
      for (const [author, rating, published] of [
        [carol, 5, true],
        [dan, 4, true],
        [erin, 1, false],
      ] as const) {
        const stamp = new Date().toISOString();
        const assignment = `as-${author.id}-${rating}`;
        await database.db
          .insertInto("assignments")
          .values({
            id: assignment,
            task_id: epsilon._id,
            client_id: bob.id,
            freelancer_id: author.id,
            assigned_at: stamp,
            outcome: "completed",
            ended_at: stamp,
          })
          .execute();
        await database.db
          .insertInto("reviews")
          .values({
            id: `rv-${assignment}`,
            task_id: epsilon._id,
            assignment_id: assignment,
            author_id: author.id,
            subject_id: bob.id,
            role: "freelancer",
            rating,
            text: "Clear brief.",
            created_at: stamp,
            updated_at: stamp,
            published_at: published ? stamp : null,
          })
          .execute();
      }
      const tasks = await list(49);
      expect(of(tasks, "Alpha website")).toMatchObject({
        userName: "Alice",
        description: "React and CSS",
        posterRating: { rating: null, reviews: 0 },
      });
      expect(of(tasks, "Epsilon shop")).toMatchObject({ userName: "Bob", posterRating: { rating: 4.5, reviews: 2 } });
      // How many offers a task has is for people signed in (PRODUCT.md), as on its own page.
      expect(of(tasks, "Alpha website")).not.toHaveProperty("bidCount");
      // Signed in, with the offers counted; one's own list leaves out one's own rating.
      const signedIn = await ctx.app.inject({
        method: "GET",
        url: "/api/tasks?limit=50",
        headers: { cookie: carol.cookie },
      });
      expect(of(signedIn.json(), "Alpha website")).toMatchObject({ bidCount: 1 });
      expect(of(signedIn.json(), "Epsilon shop")).toMatchObject({
        bidCount: 0,
        posterRating: { rating: 4.5, reviews: 2 },
      });
      const own = await ctx.app.inject({
        method: "GET",
        url: "/api/tasks?owner=me",
        headers: { cookie: alice.cookie },
      });
      const mine = of(own.json(), "Alpha website");
      expect(mine).toMatchObject({ bidCount: 1 });
      expect(mine).not.toHaveProperty("posterRating");
    } finally {
      await database.close();
    }
  });
});

describe("GET /api/features-tasks", () => {
  it("gives up to six open tasks, the nearest deadline first", async () => {
    const carol = await signUp(ctx.app);
    await postTask(ctx.app, carol, { title: "Late task", deadline: inDays(60) });
    await postTask(ctx.app, carol, { title: "Later task", deadline: inDays(90) });
    const response = await ctx.app.inject({ url: "/api/features-tasks" });
    expect(response.statusCode).toBe(200);
    expect(titles(response.json())).toEqual([
      "Delta campaign",
      "Beta logo",
      "Gamma article",
      "Alpha website",
      "Epsilon shop",
      "Late task",
    ]);
  });
});

describe("GET /api/tasks?q=", () => {
  let carol: TestUser;
  const ids: Record<string, string> = {};
  const search = (q: string, rest = "", cookie?: string) =>
    ctx.app.inject({
      url: `/api/tasks?q=${encodeURIComponent(q)}${rest}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  beforeAll(async () => {
    carol = await signUp(ctx.app, { name: "Carol" });
    const tasks = [
      {
        title: "Mural for a café",
        category: "Design",
        budget: 300,
        deadline: inDays(40),
        description: "Painted wall, 3 m × 2 m",
      },
      {
        title: "Shop sign",
        category: "Design",
        budget: 120,
        deadline: inDays(15),
        description: "Hand-lettered, matching the MURAL next door",
      },
      {
        title: "Photos of a mural",
        category: "Marketing",
        budget: 600,
        deadline: inDays(25),
        description: "For a blog post",
      },
      {
        title: 'Fix the "NEAR OR" parser',
        category: "Web Development",
        budget: 700,
        deadline: inDays(50),
        description: "Handles a* and title:x and NEAR(a b)",
      },
      { title: "Emoji 😀ab stickers", category: "Design", budget: 50, deadline: inDays(50), description: "Die-cut" },
      { title: "Quince jam labels", category: "Design", budget: 90, deadline: inDays(50), description: "Six flavours" },
    ] as const;
    for (const task of tasks) {
      ids[task.title] = await postTask(ctx.app, carol, task);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it("keeps every order, the category, the pages and the total", async () => {
    const newest = await search("mural");
    expect(titles(newest.json())).toEqual(["Photos of a mural", "Shop sign", "Mural for a café"]);
    expect(newest.headers["x-total-count"]).toBe("3");
    expect(titles((await search("mural", "&sort=deadline")).json())).toEqual([
      "Shop sign",
      "Photos of a mural",
      "Mural for a café",
    ]);
    expect(titles((await search("mural", "&sort=budget")).json())).toEqual([
      "Photos of a mural",
      "Mural for a café",
      "Shop sign",
    ]);
    const design = await search("MURAL", "&category=Design");
    expect(titles(design.json())).toEqual(["Shop sign", "Mural for a café"]);
    expect(design.headers["x-total-count"]).toBe("2");

    const second = await search("mural", "&limit=2&page=2");
    expect(titles(second.json())).toEqual(["Mural for a café"]);
    expect(second.headers["x-total-count"]).toBe("3");
    expect(second.headers.link).toBe(`</api/tasks?q=mural&limit=2&page=1>; rel="prev"`);
  });

  it("finds the start of any word of the title or description, the words in any order, in either case", async () => {
    expect(titles((await search("mur")).json())).toEqual(["Photos of a mural", "Shop sign", "Mural for a café"]);
    // The middle of a word is not the start of one.
    expect(titles((await search("ural")).json())).toEqual([]);
    for (const q of ["mural painted", "PAINTED mural", "wall café", "caf", "CAFÉ", "3 m"]) {
      expect(titles((await search(q)).json()), q).toEqual(["Mural for a café"]);
    }
    expect(titles((await search("door mural")).json())).toEqual(["Shop sign"]);
    expect(titles((await search("mural blog")).json())).toEqual(["Photos of a mural"]);
    // Hyphens and other marks part words: "Hand-lettered" is "hand" and "lettered".
    expect(titles((await search("lettered")).json())).toEqual(["Shop sign"]);
    expect(titles((await search("hand-lett")).json())).toEqual(["Shop sign"]);
    // One or two letters are words too.
    expect(titles((await search("ab", "&category=Design")).json())).toEqual(["Emoji 😀ab stickers"]);
    // Accents folded on both databases (migration 0029): "cafe" finds "café", whatever the case.
    for (const q of ["cafe", "CAFE", "Cafè"]) {
      expect(titles((await search(q)).json()), q).toEqual(["Mural for a café"]);
    }
  });

  it("answers as the contract's rule does for any text, wildcards, quotes and full-text operators included", async () => {
    const everything = (await ctx.app.inject({ url: "/api/tasks?limit=100" })).json() as Task[];
    const queries = [
      "p_a",
      "a%e",
      "logo*",
      "^par",
      "title:x",
      "NEAR(a b)",
      '"NEAR OR',
      "OR",
      "a* and",
      "six jam",
      "m ×",
    ];
    for (const q of queries) {
      const response = await search(q, "&limit=100");
      expect(response.statusCode, q).toBe(200);
      const expected = everything.filter((task) => matchesSearch(`${task.title} ${task.description}`, q));
      // The same tasks; their order is another test's (two posted in one millisecond have none of their own).
      expect(titles(response.json()).sort(), q).toEqual(titles(expected).sort());
      expect(response.headers["x-total-count"], q).toBe(String(expected.length));
    }
    expect(titles((await search("NEAR OR")).json())).toEqual(['Fix the "NEAR OR" parser']);
    // Text without a letter or digit has no word to find.
    for (const q of ['""', "%%%", "___", "×", "😀", "*"]) {
      const response = await search(q);
      expect(response.statusCode, q).toBe(200);
      expect(response.json(), q).toEqual([]);
      expect(response.headers["x-total-count"], q).toBe("0");
    }
  });

  it("follows a change of title: the old words are no longer found, the new ones are", async () => {
    expect(titles((await search("quince")).json())).toEqual(["Quince jam labels"]);
    const update = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${ids["Quince jam labels"]}`,
      headers: { cookie: carol.cookie },
      payload: taskInput({ title: "Plum jam labels", category: "Design", description: "Six flavours", budget: 90 }),
    });
    expect(update.json()).toEqual({ modifiedCount: 1 });
    expect(titles((await search("quince")).json())).toEqual([]);
    expect(titles((await search("plum jam")).json())).toEqual(["Plum jam labels"]);
    expect(titles((await search("six flavours")).json())).toEqual(["Plum jam labels"]);
  });

  it("no longer finds a deleted task, nor the tasks of a deleted user", async () => {
    const removal = await ctx.app.inject({
      method: "DELETE",
      url: `/api/tasks/${ids["Photos of a mural"]}`,
      headers: { cookie: carol.cookie },
    });
    expect(removal.json()).toEqual({ deletedCount: 1 });
    expect(titles((await search("mural")).json())).toEqual(["Shop sign", "Mural for a café"]);

    // The app has no way to delete a user; the database's ON DELETE CASCADE takes their tasks.
    const database = openDatabase(ctx.database.config);
    try {
      await database.db.deleteFrom("user").where("id", "=", carol.id).execute();
    } finally {
      await database.close();
    }
    // Read signed in: the response cache does not see changes made behind the app's back on SQLite.
    for (const q of ["mural", "painted", "parser"]) {
      const response = await search(q, "", alice.cookie);
      expect(titles(response.json()), q).toEqual([]);
      expect(response.headers["x-total-count"], q).toBe("0");
    }
  });
});
