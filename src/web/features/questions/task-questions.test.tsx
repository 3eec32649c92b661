import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/messages.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockQuestion, MockStore } from "../../mocks/store.ts";
import { AISHA, LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

function addQuestion(db: MockStore, taskId: string, askerEmail: string, body: string, answer?: string) {
  const askerId = userId(db, askerEmail);
  const question: MockQuestion = {
    _id: db.nextId("q"),
    taskId,
    body,
    askerName: db.person(askerId).name,
    askerId,
    createdAt: db.now(),
    ...(answer === undefined ? {} : { answer, answeredAt: db.now() }),
    hidden: false,
  };
  db.questions.push(question);
  return question;
}

/** The questions kept on this task. */
const questionsOn = (db: MockStore, taskId: string) => db.questions.filter((question) => question.taskId === taskId);

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => toast.dismiss());

describe("Task questions", () => {
  it("asks the client a question, after naming an empty one", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, { as: LUCAS, db });
    const box = await screen.findByLabelText("Ask the client a question");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText("Question is required")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(questionsOn(db, task._id)).toHaveLength(0);

    await user.type(box, "  Which platforms matter most?  ");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText("Your question has been posted.")).toBeTruthy();
    expect(questionsOn(db, task._id)).toEqual([
      expect.objectContaining({ body: "Which platforms matter most?", askerId: userId(db, LUCAS) }),
    ]);
    const list = screen.getByRole("list", { name: "Questions" });
    expect(within(list).getByText("Which platforms matter most?")).toBeTruthy();
    expect(within(list).getByText("Lucas Moreau")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Questions (1)" })).toBeTruthy();
    expect(screen.queryByText("Question is required")).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe("");
    // That the poster hears of it is the server's ("questions tell the poster; a first answer tells the
    // asker" in notifications.api.test.ts).
  });

  it("says why a question was not posted", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, {
      as: LUCAS,
      db,
      handlers: [http.post("*/api/tasks/:id/questions", () => HttpResponse.error())],
    });
    await user.type(await screen.findByLabelText("Ask the client a question"), "Is there a brand guide?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText("Could not reach QuickGig. Check your connection and try again.")).toBeTruthy();
    expect(questionsOn(db, task._id)).toHaveLength(0);
    // What was typed stays, to send again.
    expect((screen.getByLabelText("Ask the client a question") as HTMLTextAreaElement).value).toBe(
      "Is there a brand guide?",
    );
  });

  it("lets the poster answer, change the answer, and cancel a change", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const question = addQuestion(db, task._id, LUCAS, "Do you have photos of the studio?");
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_FREELANCER, db });
    const item = (await screen.findByText(question.body)).closest("li") as HTMLElement;

    await user.click(within(item).getByRole("button", { name: "Answer" }));
    const answer = within(item).getByLabelText("Your answer");
    await user.click(within(item).getByRole("button", { name: "Save answer" }));
    expect(await within(item).findByText("Answer is required")).toBeTruthy();
    await user.type(answer, "Yes, about forty.");
    await user.click(within(item).getByRole("button", { name: "Save answer" }));
    expect(await screen.findByText("Your answer has been saved.")).toBeTruthy();
    expect(question.answer).toBe("Yes, about forty.");
    expect(within(item).getByText("Answer from the client")).toBeTruthy();
    expect(within(item).getByText("Yes, about forty.")).toBeTruthy();
    // That the asker hears of the first answer is the server's ("questions tell the poster; a first
    // answer tells the asker" in notifications.api.test.ts).

    await user.click(within(item).getByRole("button", { name: "Edit answer" }));
    const change = within(item).getByLabelText("Change your answer") as HTMLTextAreaElement;
    expect(change.value).toBe("Yes, about forty.");
    await user.type(change, " More soon.");
    await user.click(within(item).getByRole("button", { name: "Cancel" }));
    expect(within(item).queryByLabelText("Change your answer")).toBeNull();
    expect(question.answer).toBe("Yes, about forty.");
  });

  it("lets the poster hide a question and show it again; others no longer see a hidden one", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const question = addQuestion(db, task._id, LUCAS, "Buy cheap followers here!");
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_FREELANCER, db });
    const item = (await screen.findByText(question.body)).closest("li") as HTMLElement;
    await user.click(within(item).getByRole("button", { name: "Hide question" }));
    expect(await within(item).findByText("Hidden")).toBeTruthy();
    expect(question.hidden).toBe(true);
    await user.click(within(item).getByRole("button", { name: "Show question" }));
    await waitFor(() => expect(within(item).queryByText("Hidden")).toBeNull());
    expect(question.hidden).toBe(false);
  });

  it("hides a hidden question from everyone but the poster", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    addQuestion(db, task._id, LUCAS, "Buy cheap followers here!").hidden = true;
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: AISHA, db });
    expect(await screen.findByText("No questions yet.")).toBeTruthy();
    expect(screen.queryByText("Buy cheap followers here!")).toBeNull();
  });

  it("says why hiding failed", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const question = addQuestion(db, task._id, LUCAS, "Anything?");
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_FREELANCER, db });
    const item = (await screen.findByText(question.body)).closest("li") as HTMLElement;
    // The server refuses to hide it (only the task's poster may: "refuses ... a stranger's answer or
    // hiding" in questions.api.test.ts).
    server.use(
      http.patch(`*/api/questions/${question._id}`, () => problem(403, MESSAGES.notQuestionPoster), { once: true }),
    );
    await user.click(within(item).getByRole("button", { name: "Hide question" }));
    expect(await screen.findByText(MESSAGES.notQuestionPoster)).toBeTruthy();
    expect(question.hidden).toBe(false);
    expect(within(item).queryByText("Hidden")).toBeNull();
  });

  it("shows twenty questions at a time, newest first, with the rest on request", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    for (let n = 1; n <= 23; n++)
      addQuestion(db, task._id, LUCAS, `Question number ${n}`, n === 23 ? "Noted." : undefined);
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, { as: AISHA, db });
    expect(await screen.findByRole("heading", { name: "Questions (23)" })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Questions" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(20));
    expect(within(list).getAllByRole("listitem")[0]?.textContent).toContain("Question number 23");
    expect(within(list).getByText("Noted.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show more questions" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(23));
    expect(within(list).getAllByRole("listitem")[22]?.textContent).toContain("Question number 1");
    expect(screen.queryByRole("button", { name: "Show more questions" })).toBeNull();
  });

  it("says why the questions could not be read", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const { screen } = await renderRoute(`/task-details/${task._id}`, {
      as: LUCAS,
      db,
      handlers: [
        http.get("*/api/tasks/:id/questions", () =>
          HttpResponse.json(
            { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Questions are resting." },
            { status: 500, headers: { "content-type": "application/problem+json" } },
          ),
        ),
      ],
    });
    expect(await screen.findByText("Questions are resting.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Questions (0)" })).toBeTruthy();
  });
});
