import { beforeAll, describe, expect, it } from "vitest";
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCHES_MAX } from "../../contract/alerts.ts";
import { BUDGET_RANGE_REFUSAL } from "../../contract/budget-range.ts";
import { setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

const ctx = setupTestApp();
let maya: TestUser;
let lucas: TestUser;

beforeAll(async () => {
  maya = await signUp(ctx.app, { name: "Maya" });
  lucas = await signUp(ctx.app, { name: "Lucas" });
});

const as = (user: TestUser, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

describe("/api/saved-searches", () => {
  it("saves Browse Tasks' search with a name and a frequency, and lists only the person's own", async () => {
    const saved = await as(maya, "POST", "/api/saved-searches", {
      q: "logo design",
      category: "Design",
      minBudget: 100,
      maxBudget: 500,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      name: "logo design",
      q: "logo design",
      category: "Design",
      minBudget: 100,
      maxBudget: 500,
      frequency: "instant",
      paused: false,
    });
    await as(lucas, "POST", "/api/saved-searches", { maxBudget: 50, frequency: "daily" });
    const mine = await as(maya, "GET", "/api/saved-searches");
    expect(mine.json().map((search: { name: string }) => search.name)).toEqual(["logo design"]);
    const his = await as(lucas, "GET", "/api/saved-searches");
    expect(his.json()).toMatchObject([{ name: "up to $50.00", frequency: "daily", category: null, minBudget: null }]);
  });

  it.each([
    [{}, SAVED_SEARCH_MESSAGES.nothingToFind],
    [{ q: "?!" }, SAVED_SEARCH_MESSAGES.nothingToFind],
    [{ q: "logo", minBudget: 500, maxBudget: 100 }, BUDGET_RANGE_REFUSAL],
    [{ q: "logo", frequency: "hourly" }, "Frequency must be one of instant, daily"],
    [{ q: "logo", name: "x".repeat(61) }, "Name must be at most 60 characters"],
    [{ minBudget: -5 }, "Minimum budget must be a number from 0 to 1,000,000"],
  ])("refuses %j with a sentence that names the problem, and keeps nothing", async (body, message) => {
    const before = (await as(maya, "GET", "/api/saved-searches")).json();
    const response = await as(maya, "POST", "/api/saved-searches", body);
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toBe(message);
    expect((await as(maya, "GET", "/api/saved-searches")).json()).toEqual(before);
  });

  it("refuses a 21st search with a sentence", async () => {
    const aisha = await signUp(ctx.app, { name: "Aisha" });
    for (let i = 0; i < SAVED_SEARCHES_MAX; i++) {
      expect((await as(aisha, "POST", "/api/saved-searches", { q: `word${i}` })).statusCode).toBe(201);
    }
    const refused = await as(aisha, "POST", "/api/saved-searches", { q: "one more" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(SAVED_SEARCH_MESSAGES.tooMany);
    expect((await as(aisha, "GET", "/api/saved-searches")).json()).toHaveLength(SAVED_SEARCHES_MAX);
  });

  it("renames, changes, pauses and resumes a search; a change that leaves nothing to find is refused whole", async () => {
    const { _id: id } = (await as(maya, "POST", "/api/saved-searches", { q: "bakery", category: "Design" })).json();
    const url = `/api/saved-searches/${id}`;
    const renamed = await as(maya, "PATCH", url, { name: "Bakeries", paused: true, category: null, minBudget: 20 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: "Bakeries",
      q: "bakery",
      category: null,
      minBudget: 20,
      paused: true,
    });

    const emptied = await as(maya, "PATCH", url, { q: "", minBudget: null, name: "Nothing" });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().detail).toBe(SAVED_SEARCH_MESSAGES.nothingToFind);
    const inverted = await as(maya, "PATCH", url, { maxBudget: 10 });
    expect(inverted.json().detail).toBe(BUDGET_RANGE_REFUSAL);
    const kept = (await as(maya, "GET", "/api/saved-searches"))
      .json()
      .find((search: { _id: string }) => search._id === id);
    expect(kept).toMatchObject({ name: "Bakeries", q: "bakery", minBudget: 20, maxBudget: null, paused: true });

    expect((await as(maya, "PATCH", url, { paused: false })).json().paused).toBe(false);
    expect((await as(maya, "PATCH", url, { name: "" })).json().detail).toBe("Name cannot be empty");
  });

  it("never lets one person read, change or delete another's search", async () => {
    const { _id: id } = (await as(maya, "POST", "/api/saved-searches", { q: "private" })).json();
    const url = `/api/saved-searches/${id}`;
    for (const response of [await as(lucas, "PATCH", url, { name: "Mine now" }), await as(lucas, "DELETE", url)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(SAVED_SEARCH_MESSAGES.notFound);
    }
    expect((await as(lucas, "GET", "/api/saved-searches")).body).not.toContain(id);
    const deleted = await as(maya, "DELETE", url);
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await as(maya, "DELETE", url)).statusCode).toBe(404);
    expect((await as(maya, "GET", "/api/saved-searches")).body).not.toContain(id);
  });
});
