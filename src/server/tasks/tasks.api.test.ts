import { describe, expect, it } from "vitest";
import { invisibleOnly, MESSAGES } from "../../contract/index.ts";
import { inDays, postTask, setupTestApp, signUp, taskInput } from "../test/test-app.ts";

const ctx = setupTestApp();

describe("POST /api/tasks", () => {
  it("creates a task owned by the session's user, whatever the body claims", async () => {
    const poster = await signUp(ctx.app, { name: "Poster Person" });
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: poster.cookie },
      payload: {
        ...taskInput({ title: "Design a logo" }),
        userEmail: "someone@else.com",
        userName: "Mallory",
        _id: "chosen",
      },
    });
    expect(response.statusCode).toBe(201);
    const { insertedId } = response.json();
    expect(insertedId).toMatch(/^[\w-]{16}$/);
    expect(insertedId).not.toBe("chosen");

    const task = (await ctx.app.inject({ url: `/api/tasks/${insertedId}`, headers: { cookie: poster.cookie } })).json();
    expect(task).toMatchObject({
      _id: insertedId,
      title: "Design a logo",
      userName: "Poster Person",
      userEmail: poster.email,
      budget: 250,
      bidCount: 0,
      hasBid: false,
    });
  });

  it("needs a session", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/tasks", payload: taskInput() });
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json()).toMatchObject({ status: 401, title: "Unauthorized", detail: MESSAGES.signInRequired });
  });

  it.each([
    [{ title: "" }, "title", "Title is required"],
    [{ title: "   " }, "title", "Title is required"],
    [{ title: "x".repeat(121) }, "title", "Title must be at most 120 characters"],
    [{ description: "x".repeat(5001) }, "description", "Description must be at most 5,000 characters"],
    [{ category: "Cooking" }, "category", "Category must be one of Web Development, Design, Writing, Marketing"],
    [{ budget: 0 }, "budget", "Budget must be more than 0"],
    [{ budget: -5 }, "budget", "Budget must be more than 0"],
    [{ budget: 1_000_000.01 }, "budget", "Budget must be at most 1,000,000"],
    [{ budget: 10.005 }, "budget", "Budget can have at most two decimals"],
    [{ budget: "100" }, "budget", "Budget must be a number"],
    [{ deadline: "2026-02-30" }, "deadline", "Deadline must be a date written YYYY-MM-DD"],
    [{ deadline: "next week" }, "deadline", "Deadline must be a date written YYYY-MM-DD"],
    [{ deadline: inDays(-3) }, "deadline", "Deadline cannot be in the past"],
    [{ title: "nul\u0000byte" }, "title", "Title cannot contain a NUL character"],
  ])("refuses %o with a message naming %s", async (override, field, message) => {
    const user = await signUp(ctx.app);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie },
      payload: { ...taskInput(), ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    const body = response.json();
    expect(body.detail).toBe(message);
    expect(body.errors).toContainEqual({ field, message });
  });

  it("refuses a missing field, naming it", async () => {
    const user = await signUp(ctx.app);
    const { title: _title, ...withoutTitle } = taskInput();
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie },
      payload: withoutTitle,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field: "title", message: "Title is required" });
  });

  it("refuses a title or description of characters that show nothing, naming the field (issue 42)", async () => {
    const user = await signUp(ctx.app);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie: user.cookie },
      payload: taskInput({ title: "\u200B".repeat(40), description: "\u2066\u2069\uFEFF" }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: "title", message: invisibleOnly("Title") },
        { field: "description", message: invisibleOnly("Description") },
      ]),
    );
  });

  it("keeps texts exactly as typed, markup included", async () => {
    const user = await signUp(ctx.app);
    const title = `<script>alert("x")</script> & "quotes"`;
    const id = await postTask(ctx.app, user, { title, budget: 1234.56 });
    const task = (await ctx.app.inject({ url: `/api/tasks/${id}` })).json();
    expect(task.title).toBe(title);
    expect(task.budget).toBe(1234.56);
  });
});

describe("GET /api/tasks/:id", () => {
  it("is open to visitors but hides the contact email and bid details from them", async () => {
    const user = await signUp(ctx.app);
    const id = await postTask(ctx.app, user);
    const response = await ctx.app.inject({ url: `/api/tasks/${id}` });
    expect(response.statusCode).toBe(200);
    const task = response.json();
    expect(task.userName).toBe(user.name);
    expect(task).not.toHaveProperty("userEmail");
    expect(task).not.toHaveProperty("bidCount");
  });

  it("refuses an id that no task could have, such as one with a NUL byte", async () => {
    for (const id of ["%00", "a%20b", "%F0%9F%98%80"]) {
      const response = await ctx.app.inject({ url: `/api/tasks/${id}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe("Task id is not a valid id");
    }
  });

  it("answers 404 problem+json for an unknown id", async () => {
    const response = await ctx.app.inject({ url: "/api/tasks/no-such-task" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json()).toMatchObject({ status: 404, detail: MESSAGES.taskNotFound });
  });
});

describe("PUT /api/tasks/:id", () => {
  it("lets the poster change a task and counts the change", async () => {
    const poster = await signUp(ctx.app);
    const id = await postTask(ctx.app, poster);
    const changed = taskInput({ title: "New title", budget: 99.5, category: "Design" });
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
      payload: changed,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1 });
    const task = (await ctx.app.inject({ url: `/api/tasks/${id}` })).json();
    expect(task).toMatchObject({ title: "New title", budget: 99.5, category: "Design" });
  });

  it("answers modifiedCount 0 when nothing changed", async () => {
    const poster = await signUp(ctx.app);
    const id = await postTask(ctx.app, poster);
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
      payload: taskInput(),
    });
    expect(response.json()).toEqual({ modifiedCount: 0 });
  });

  it("refuses another user with 403 and leaves the task unchanged", async () => {
    const poster = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const id = await postTask(ctx.app, poster);
    const response = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${id}`,
      headers: { cookie: other.cookie },
      payload: taskInput({ title: "Hijacked" }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(MESSAGES.notTaskOwner);
    expect((await ctx.app.inject({ url: `/api/tasks/${id}` })).json().title).toBe("Build a landing page");
  });

  it("refuses without a session (401) and for an unknown task (404)", async () => {
    const poster = await signUp(ctx.app);
    const id = await postTask(ctx.app, poster);
    expect((await ctx.app.inject({ method: "PUT", url: `/api/tasks/${id}`, payload: taskInput() })).statusCode).toBe(
      401,
    );
    const missing = await ctx.app.inject({
      method: "PUT",
      url: "/api/tasks/missing",
      headers: { cookie: poster.cookie },
      payload: taskInput(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses a new deadline in the past and invalid fields", async () => {
    const poster = await signUp(ctx.app);
    const id = await postTask(ctx.app, poster);
    const past = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
      payload: taskInput({ deadline: inDays(-5) }),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toContainEqual({ field: "deadline", message: "Deadline cannot be in the past" });
    const badBudget = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
      payload: taskInput({ budget: 0 }),
    });
    expect(badBudget.statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `/api/tasks/${id}` })).json().budget).toBe(250);
  });
});

describe("DELETE /api/tasks/:id", () => {
  it("lets only the poster delete, and takes the task's bids with it", async () => {
    const poster = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const id = await postTask(ctx.app, poster);
    await ctx.app.inject({
      method: "POST",
      url: "/api/bids",
      headers: { cookie: other.cookie },
      payload: { taskId: id },
    });

    expect((await ctx.app.inject({ method: "DELETE", url: `/api/tasks/${id}` })).statusCode).toBe(401);
    const refused = await ctx.app.inject({
      method: "DELETE",
      url: `/api/tasks/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(refused.statusCode).toBe(403);

    const deleted = await ctx.app.inject({
      method: "DELETE",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect((await ctx.app.inject({ url: `/api/tasks/${id}` })).statusCode).toBe(404);
    const bids = await ctx.app.inject({ url: `/api/bids?taskId=${id}`, headers: { cookie: other.cookie } });
    expect(bids.statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: "DELETE",
      url: `/api/tasks/${id}`,
      headers: { cookie: poster.cookie },
    });
    expect(again.statusCode).toBe(404);
  });
});
