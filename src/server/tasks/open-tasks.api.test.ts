import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { SEARCH_BLOCK } from "../db/search-constants.ts";
import { postTask, setupTestApp, signUp, type TestUser, taskInput } from "../test/test-app.ts";
import { testDialect } from "../test/test-database.ts";
import { listTasks, NEWEST_BLOCK_MS } from "./task-search-repository.ts";

/** "Open" on Browse Tasks means taking offers: a task past its deadline is listed as closed (PRODUCT.md, Hiring). */

const ctx = setupTestApp();
let database: Database;
let poster: TestUser;

beforeAll(async () => {
  database = openDatabase(ctx.database.config);
  poster = await signUp(ctx.app, { name: "Poster" });
});
afterAll(async () => database?.close());

/** A task's deadline moved into the past, as time passing would. */
async function expire(...ids: string[]) {
  await database.db.updateTable("tasks").set({ deadline: "2020-01-01" }).where("id", "in", ids).execute();
}

async function list(query: string) {
  const response = await ctx.app.inject({ method: "GET", url: `/api/tasks?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  const titles = (response.json() as Array<{ title: string }>).map((task) => task.title).sort();
  return { titles, total: Number(response.headers["x-total-count"]) };
}

describe("open and closed on the task lists", () => {
  it("lists under open only the tasks taking offers, under closed the open ones past their deadline, with their counts", async () => {
    const current = await postTask(ctx.app, poster, { title: "Lapwing current", category: "Writing" });
    const past = await postTask(ctx.app, poster, { title: "Lapwing past", category: "Writing" });
    const other = await postTask(ctx.app, poster, { title: "Lapwing elsewhere", category: "Marketing" });
    const assigned = await postTask(ctx.app, poster, { title: "Lapwing assigned", category: "Writing" });
    await database.db.updateTable("tasks").set({ status: "assigned" }).where("id", "=", assigned).execute();
    await expire(past);
    expect([current, other].length).toBe(2);

    expect(await list("status=open&category=Writing")).toEqual({ titles: ["Lapwing current"], total: 1 });
    expect(await list("status=closed&category=Writing")).toEqual({ titles: ["Lapwing past"], total: 1 });
    expect(await list("status=open,closed&category=Writing")).toEqual({
      titles: ["Lapwing current", "Lapwing past"],
      total: 2,
    });
    expect(await list("status=closed,assigned&category=Writing")).toEqual({
      titles: ["Lapwing assigned", "Lapwing past"],
      total: 2,
    });
    expect(await list("status=open")).toEqual({ titles: ["Lapwing current", "Lapwing elsewhere"], total: 2 });
    expect(await list("status=closed")).toEqual({ titles: ["Lapwing past"], total: 1 });
    // Every status: the closed one too.
    expect((await list("category=Writing")).total).toBe(3);
    // A search keeps to the same meaning, and counts so.
    expect(await list("q=lapwing&status=open")).toEqual({ titles: ["Lapwing current", "Lapwing elsewhere"], total: 2 });
    expect(await list("q=lapwing&status=closed")).toEqual({ titles: ["Lapwing past"], total: 1 });
    expect((await list("q=lapwing")).total).toBe(4);
    // The poster's own list too.
    const mine = await ctx.app.inject({
      method: "GET",
      url: "/api/tasks?owner=me&status=closed",
      headers: { cookie: poster.cookie },
    });
    expect(mine.json().map((task: { title: string }) => task.title)).toEqual(["Lapwing past"]);
  });

  it("refuses a status it does not know, naming the choices", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/tasks?status=expired" });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain("open, closed, assigned, completed, cancelled");
  });

  it.runIf(testDialect() === "postgres")(
    "counts a search's open and closed tasks among the newest blocks on PostgreSQL",
    async () => {
      const { rows } = await sql<{ last: string }>`select last_value as last from tasks_search_seq`.execute(
        database.db,
      );
      onTestFinished(async () => {
        await sql`select setval('tasks_search_seq', ${Number(rows[0]?.last)})`.execute(database.db);
      });
      await sql`select setval('tasks_search_seq', ${40 * SEARCH_BLOCK}, false)`.execute(database.db);
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push(await postTask(ctx.app, poster, taskInput({ title: `Plover ${i}` })));
      await expire(...ids.slice(0, 6));
      await new Promise((resolve) => setTimeout(resolve, NEWEST_BLOCK_MS));
      const search = (status: "open" | "closed") =>
        listTasks(database, {
          q: "plover",
          sort: "newest",
          page: 1,
          limit: 12,
          countWindow: SEARCH_BLOCK,
          status: [status],
        });
      // 14 in the newest block take offers: counted there (the window holds more than a page).
      const open = await search("open");
      expect(open).toMatchObject({ total: 14, capped: false });
      expect(open.tasks.map((task) => task.title)).not.toContain("Plover 0");
      expect(await search("closed")).toMatchObject({ total: 6, capped: false });
    },
  );
});
