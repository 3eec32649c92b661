import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

const ctx = setupTestApp();

function call(
  user: TestUser | null,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    ...(user ? { headers: { cookie: user.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

let poster: TestUser;
let asker: TestUser;
let reader: TestUser;

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Poster" });
  asker = await signUp(ctx.app, { name: "Asker" });
  reader = await signUp(ctx.app, { name: "Reader" });
});

const ask = async (user: TestUser, taskId: string, body: string) => {
  const response = await call(user, "POST", `/api/tasks/${taskId}/questions`, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string };
};

const titles = async (user: TestUser | null, taskId: string) =>
  (await call(user, "GET", `/api/tasks/${taskId}/questions`)).json().map((q: { body: string }) => q.body);

describe("questions on a task", () => {
  it("anyone signed in but the poster asks; everyone reads them, newest first, with the answer", async () => {
    const taskId = await postTask(ctx.app, poster);
    const first = await ask(asker, taskId, "What does a small logo mean?");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ask(reader, taskId, "Is a vector file needed?");
    expect(await titles(null, taskId)).toEqual(["Is a vector file needed?", "What does a small logo mean?"]);

    const answered = await call(poster, "PUT", `/api/questions/${first._id}/answer`, { answer: "About 200 px." });
    expect(answered.json()).toMatchObject({ answer: "About 200 px.", askerName: "Asker" });
    const changed = await call(poster, "PUT", `/api/questions/${first._id}/answer`, { answer: "About 250 px." });
    expect(changed.json().answer).toBe("About 250 px.");
    const asSeen = (await call(asker, "GET", `/api/tasks/${taskId}/questions`)).json();
    expect(asSeen[1]).toMatchObject({ body: "What does a small logo mean?", answer: "About 250 px.", mine: true });
    expect(asSeen[0]).toMatchObject({ mine: false });
    expect((await call(null, "GET", `/api/tasks/${taskId}/questions?limit=1`)).headers["x-total-count"]).toBe("2");
  });

  it("refuses the poster's own question, an empty or too long one, and a stranger's answer or hiding", async () => {
    const taskId = await postTask(ctx.app, poster);
    const own = await call(poster, "POST", `/api/tasks/${taskId}/questions`, { body: "Mine?" });
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe(MESSAGES.ownTaskQuestion);
    expect((await call(asker, "POST", `/api/tasks/${taskId}/questions`, { body: " " })).json().detail).toBe(
      "Question is required",
    );
    expect(
      (await call(asker, "POST", `/api/tasks/${taskId}/questions`, { body: "x".repeat(1001) })).json().detail,
    ).toBe("Question must be at most 1,000 characters");
    expect((await call(null, "POST", `/api/tasks/${taskId}/questions`, { body: "Hi" })).statusCode).toBe(401);

    const question = await ask(asker, taskId, "When do you need it?");
    for (const user of [asker, reader]) {
      const answer = await call(user, "PUT", `/api/questions/${question._id}/answer`, { answer: "Tomorrow" });
      expect(answer.statusCode).toBe(403);
      expect(answer.headers["content-type"]).toContain("application/problem+json");
      expect((await call(user, "PATCH", `/api/questions/${question._id}`, { hidden: true })).statusCode).toBe(403);
    }
    expect((await call(poster, "PUT", `/api/questions/${question._id}/answer`, { answer: "" })).statusCode).toBe(400);
    expect((await call(null, "GET", `/api/tasks/${taskId}/questions`)).json()[0]).not.toHaveProperty("answer");
  });

  it("a hidden question shows to the poster only, and to nobody else, its asker included", async () => {
    const taskId = await postTask(ctx.app, poster);
    const spam = await ask(asker, taskId, "Buy cheap followers!");
    await ask(reader, taskId, "Which fonts?");
    const hidden = await call(poster, "PATCH", `/api/questions/${spam._id}`, { hidden: true });
    expect(hidden.json()).toMatchObject({ hidden: true });
    for (const user of [null, asker, reader]) expect(await titles(user, taskId)).toEqual(["Which fonts?"]);
    expect(await titles(poster, taskId)).toEqual(["Which fonts?", "Buy cheap followers!"]);
    // Nobody else learns it is there.
    const probe = await call(asker, "PUT", `/api/questions/${spam._id}/answer`, { answer: "x" });
    expect(probe.statusCode).toBe(404);
    await call(poster, "PATCH", `/api/questions/${spam._id}`, { hidden: false });
    expect(await titles(reader, taskId)).toHaveLength(2);
  });

  it("answers 404 for a task or question that does not exist, and goes with a deleted task", async () => {
    expect((await call(null, "GET", "/api/tasks/nope/questions")).statusCode).toBe(404);
    expect((await call(poster, "PUT", "/api/questions/nope/answer", { answer: "x" })).statusCode).toBe(404);
    const taskId = await postTask(ctx.app, poster);
    const question = await ask(asker, taskId, "Still open?");
    await call(poster, "DELETE", `/api/tasks/${taskId}`);
    expect((await call(poster, "PUT", `/api/questions/${question._id}/answer`, { answer: "x" })).statusCode).toBe(404);
  });
});
