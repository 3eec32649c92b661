import { cleanup, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDialog } from "../../lib/dialogs.ts";
import type { MockMessage, MockQuestion, MockStore } from "../../mocks/store.ts";
import { LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

const BAKERY = "Landing page for a neighbourhood bakery";
/** Completed by Maya for the demo client, both reviews published. */
const CAFE = "Retouch menu photos for a café website";

/** Maya asks a question on the demo client's bakery task. */
function askQuestion(db: MockStore) {
  const task = taskTitled(db, BAKERY);
  db.questions.push({
    _id: db.nextId("q"),
    taskId: task._id,
    askerId: userId(db, DEMO_FREELANCER),
    askerName: "Maya Patel",
    body: "Do you have photos of the bakery?",
    hidden: false,
    createdAt: db.now(),
  } satisfies MockQuestion);
  return task;
}

const reportButtons = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole("button")
    .map((button) => button.getAttribute("aria-label") ?? "")
    .filter((label) => label.startsWith("Report"));

describe("Report", () => {
  it("is on someone else's task and question for a signed-in reader", async () => {
    const db = freshMockApi();
    const task = askQuestion(db);
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: LUCAS, db });
    expect(await screen.findByRole("button", { name: "Report this task" })).toBeTruthy();
    const questions = await screen.findByRole("list", { name: "Questions" });
    expect(await within(questions).findByRole("button", { name: "Report the question by Maya Patel" })).toBeTruthy();
  });

  it("is not on one's own task or one's own question", async () => {
    const db = freshMockApi();
    const task = askQuestion(db);
    // The poster may report the questions on their task (Maya's, and the demo's by Rick Fast), not the task itself.
    const poster = await renderRoute(`/task-details/${task._id}`, { as: DEMO_CLIENT, db });
    const questions = await poster.screen.findByRole("list", { name: "Questions" });
    // Its button loaded, the task's would be on screen too.
    await within(questions).findByRole("button", { name: "Report the question by Maya Patel" });
    expect(reportButtons(document.body)).toEqual([
      "Report the question by Maya Patel",
      "Report the question by Rick Fast",
    ]);
    cleanup();

    // Maya may report the task and Rick Fast's question, not her own question.
    const asker = await renderRoute(`/task-details/${task._id}`, { as: DEMO_FREELANCER, db });
    await asker.screen.findByRole("button", { name: "Report this task" });
    await asker.screen.findByRole("button", { name: "Report the question by Rick Fast" });
    await asker.screen.findByText("Do you have photos of the bakery?");
    expect(reportButtons(document.body)).toEqual(["Report this task", "Report the question by Rick Fast"]);
  });

  it("is nowhere on a task's page for a visitor, who reads the task and its questions", async () => {
    const db = freshMockApi();
    const task = askQuestion(db);
    const { screen } = await renderRoute(`/task-details/${task._id}`, { db });
    expect(await screen.findByText("Do you have photos of the bakery?")).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Log in to ask the client a question" })).toBeTruthy();
    expect(reportButtons(document.body)).toEqual([]);
  });

  it("is on someone else's public profile, not on one's own or for a visitor", async () => {
    const db = freshMockApi();
    const maya = userId(db, DEMO_FREELANCER);
    const other = await renderRoute(`/users/${maya}`, { as: DEMO_CLIENT, db });
    expect(await other.screen.findByRole("button", { name: "Report this profile" })).toBeTruthy();
    cleanup();

    const own = await renderRoute(`/users/${maya}`, { as: DEMO_FREELANCER, db });
    expect(await own.screen.findByRole("link", { name: "Edit what you say about yourself" })).toBeTruthy();
    expect(own.screen.queryByRole("button", { name: "Report this profile" })).toBeNull();
    cleanup();

    const visitor = await renderRoute(`/users/${maya}`, { db });
    expect(await visitor.screen.findByRole("heading", { level: 1, name: "Maya Patel" })).toBeTruthy();
    expect(reportButtons(document.body)).toEqual([]);
  });

  it("is on a published review by someone else, on a profile and on the task's page", async () => {
    const db = freshMockApi();
    const maya = userId(db, DEMO_FREELANCER);
    // The demo client's review of Maya's work on the café's photos, on Maya's profile.
    const reader = await renderRoute(`/users/${maya}`, { as: LUCAS, db });
    const reviews = await reader.screen.findByRole("list", { name: "Reviews as a freelancer" });
    const cafe = within(reviews)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.includes(CAFE)) as HTMLElement;
    expect(within(cafe).getByRole("button", { name: "Report the review by Demo Client" })).toBeTruthy();
    cleanup();

    // Its author sees no Report on it.
    const author = await renderRoute(`/users/${maya}`, { as: DEMO_CLIENT, db });
    const authorsList = await author.screen.findByRole("list", { name: "Reviews as a freelancer" });
    const own = within(authorsList)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.includes(CAFE)) as HTMLElement;
    expect(reportButtons(own)).toEqual([]);
    cleanup();

    // On the task's page, Maya may report the client's review of her, not her own.
    const task = taskTitled(db, CAFE);
    const party = await renderRoute(`/task-details/${task._id}`, { as: DEMO_FREELANCER, db });
    const published = await party.screen.findByRole("list", { name: "Published reviews" });
    expect(within(published).getByRole("button", { name: "Report the review by Demo Client" })).toBeTruthy();
    expect(reportButtons(published)).toEqual(["Report the review by Demo Client"]);
  });

  it("is on the other person's messages in a thread, not on one's own", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, BAKERY);
    const maya = userId(db, DEMO_FREELANCER);
    const message = (senderId: string, body: string) =>
      db.messages.push({
        _id: db.nextId("m"),
        taskId: task._id,
        bidderId: maya,
        senderId,
        senderName: db.person(senderId).name,
        body,
        sentAt: db.now(),
      } satisfies MockMessage);
    message(userId(db, DEMO_CLIENT), "Pay me outside QuickGig and I will hire you.");
    message(maya, "No, thank you.");
    const { screen } = await renderRoute(`/dashboard/messages/${task._id}/${maya}`, { as: DEMO_FREELANCER, db });
    const thread = await screen.findByRole("list", { name: "Messages" });
    const [theirs, mine] = within(thread).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(theirs).getByRole("button", { name: "Report the message by Demo Client" })).toBeTruthy();
    expect(reportButtons(mine)).toEqual([]);
  });
});
