import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCHES_MAX,
  type SavedSearchInput,
  savedSearchMatches,
} from "../../contract/alerts.ts";
import { TASK_CATEGORIES, type TaskCategory } from "../../contract/index.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { HttpProblem } from "../http/problem.ts";
import { insertTask } from "../tasks/task-repository.ts";
import { listTasks } from "../tasks/task-search-repository.ts";
import { createTestDatabase, insertTestUser, type TestDatabase } from "../test/test-database.ts";
import { savedSearchesOf, saveSearch, searchesMatching, searchesMatchingEach, termsOf } from "./saved-searches.ts";

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = openDatabase(testDb.config);
  await migrateToLatest(database.db, database.dialect);
  for (const id of ["poster", "maya", "lucas", "aisha"]) await insertTestUser(database, id);
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

const search = (input: Partial<SavedSearchInput>): SavedSearchInput => ({ frequency: "instant", ...input });

describe("saved searches", () => {
  it("keeps at most 20 a person, the 21st refused with a sentence, even when two are saved at once", async () => {
    for (let i = 0; i < SAVED_SEARCHES_MAX - 1; i++) await saveSearch(database, "lucas", search({ q: `word${i}` }));
    // Two at once when one place is left: exactly one is kept.
    const both = await Promise.allSettled([
      saveSearch(database, "lucas", search({ q: "first" })),
      saveSearch(database, "lucas", search({ q: "second" })),
    ]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((result) => result.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(HttpProblem);
    expect(refused?.reason).toMatchObject({ status: 409, message: SAVED_SEARCH_MESSAGES.tooMany });
    expect(await savedSearchesOf(database, "lucas")).toHaveLength(SAVED_SEARCHES_MAX);
    // Another person's count is their own.
    await saveSearch(database, "aisha", search({ q: "logo" }));
    expect(await savedSearchesOf(database, "aisha")).toHaveLength(1);
  });

  it("names a search by its words, or by its filters when it has none, and keeps its budget in cents", async () => {
    const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, second));
    const words = await saveSearch(database, "maya", search({ q: "  logo   design ", frequency: "daily" }), at(1));
    expect(words).toMatchObject({ name: "logo design", q: "logo   design", key_word: "design", frequency: "daily" });
    const filters = await saveSearch(
      database,
      "maya",
      search({ category: "Design", minBudget: 100, maxBudget: 450.5 }),
      at(2),
    );
    expect(filters).toMatchObject({
      name: "Design, $100.00 to $450.50",
      key_word: null,
      min_budget_cents: 10_000,
      max_budget_cents: 45_050,
    });
    const named = await saveSearch(database, "maya", search({ q: "bakery", name: "Bakeries" }), at(3));
    expect(named.name).toBe("Bakeries");
    const kept = await savedSearchesOf(database, "maya");
    expect(kept.map((row) => row.name)).toEqual(["logo design", "Design, $100.00 to $450.50", "Bakeries"]);
    expect(termsOf(kept[1] as (typeof kept)[number])).toEqual({
      q: "",
      category: "Design",
      minBudget: 100,
      maxBudget: 450.5,
    });
  });
});

/** Words that start one another, in both cases, with accents and without, so that prefixes and folding are tried. */
const WORDS = [
  ...["logo", "log", "logos", "design", "des", "bakery", "bake", "web", "website", "app"],
  ...["café", "CAFÉ", "cafe", "Cafés", "crème", "creme", "CRÈME", "São", "sao"],
];

describe("a saved search and Browse Tasks", () => {
  it("find the same tasks, and a new task finds exactly the saved searches that would show it", async () => {
    const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(" "));
    const budget = fc.integer({ min: 1, max: 2000 }).map((dollars) => dollars / 2);
    const tasks = fc.sample(
      fc.record({
        title: text,
        description: text,
        category: fc.constantFrom(...TASK_CATEGORIES),
        budget,
      }),
      { numRuns: 40, seed: 47 },
    );
    const ids = new Map<string, (typeof tasks)[number]>();
    for (const task of tasks) {
      ids.set(await insertTask(database.db, "poster", { ...task, deadline: "2031-01-01" }), task);
    }
    const terms = fc
      .record({
        q: fc.option(
          fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((w) => w.join(" ")),
          {
            nil: undefined,
          },
        ),
        category: fc.option(fc.constantFrom<TaskCategory>(...TASK_CATEGORIES), { nil: undefined }),
        minBudget: fc.option(budget, { nil: undefined }),
        maxBudget: fc.option(budget, { nil: undefined }),
      })
      .filter(
        (input) =>
          (input.q !== undefined || input.category !== undefined || input.minBudget !== undefined) &&
          (input.minBudget === undefined || input.maxBudget === undefined || input.minBudget <= input.maxBudget),
      );

    await fc.assert(
      fc.asyncProperty(terms, async (input) => {
        const shown = await listTasks(database, { ...input, status: ["open"], sort: "newest", page: 1, limit: 100 });
        const row = await saveSearch(database, "maya", search(input));
        try {
          const matching = [...ids].filter(([, task]) => savedSearchMatches(task, termsOf(row))).map(([id]) => id);
          expect(shown.tasks.map((task) => task.id).sort()).toEqual(matching.sort());
          // Each task, as if just posted, finds this search exactly when the search finds it.
          for (const [id, task] of ids) {
            const found = await searchesMatching(database, { ...task, ownerId: "poster" });
            expect(
              found.some((candidate) => candidate.id === row.id),
              id,
            ).toBe(matching.includes(id));
          }
          // And all of them at once, as a pass of the matcher reads them, find the same.
          const all = [...ids.values()].map((task) => ({ ...task, ownerId: "poster" }));
          const together = await searchesMatchingEach(database, all);
          expect([...ids.keys()].filter((_, i) => together[i]?.some((found) => found.id === row.id)).sort()).toEqual(
            matching.sort(),
          );
        } finally {
          await database.db.deleteFrom("saved_searches").where("id", "=", row.id).execute();
        }
      }),
      { numRuns: 25, seed: 470 },
    );
  });

  it("never finds a poster's own saved search for their task, nor a paused one", async () => {
    const own = await saveSearch(database, "poster", search({ q: "mural" }));
    const paused = await saveSearch(database, "aisha", search({ q: "mural" }));
    await database.db
      .updateTable("saved_searches")
      .set({ paused_at: new Date().toISOString() })
      .where("id", "=", paused.id)
      .execute();
    const kept = await saveSearch(database, "maya", search({ q: "mura" }));
    // Writing: no search of filters alone kept by the tests above finds it.
    const task = { ownerId: "poster", title: "Mural", description: "A wall", category: "Writing", budget: 100 };
    const found = (await searchesMatching(database, task)).map((row) => row.id);
    expect(found).toEqual([kept.id]);
    expect(found).not.toContain(own.id);
    expect(found).not.toContain(paused.id);
  });
});
