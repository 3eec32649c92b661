import { act, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { LIMITED_CAN, MODERATION_MESSAGES, type SanctionView, type Standing } from "../../../contract/moderation.ts";
import type { Notification } from "../../../contract/notifications.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockStore } from "../../mocks/store.ts";
import { LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { receiveNotice } from "../notifications/live-updates.ts";

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

const REFUSAL = MODERATION_MESSAGES.limited("on-platform");

/** Whether a field can be used: disabled itself or by a disabled fieldset around it. */
const fieldOf = (element: HTMLElement) => ({
  disabled: element.matches(":disabled") || element.closest("fieldset")?.disabled === true,
});

/** The notice the stream brings when a moderator lifts the limit. */
const liftedNotice = (): Notification => ({
  id: 9001,
  kind: "moderation-lifted",
  data: { taskId: "", taskTitle: "", sanction: "limit", rule: "on-platform" },
  read: false,
  createdAt: new Date().toISOString(),
});

/** Maya (or another demo person) is limited for asking a client to pay outside QuickGig. */
function limitMaya(db: MockStore, email = DEMO_FREELANCER) {
  const limit: SanctionView = {
    _id: "s-limit",
    kind: "limit",
    rule: "on-platform",
    note: "Asked the client to pay by bank transfer.",
    targetKind: "question",
    targetTitle: "Landing page for a neighbourhood bakery",
    createdAt: new Date().toISOString(),
    liftedAt: null,
    appeal: null,
    canAppeal: true,
  };
  db.sanctions.set(userId(db, email), [limit]);
}

/** The server's 403 for a limited person, as problem+json (enforcement.api.test.ts, "a limited person"). */
const refuse = () => problem(403, REFUSAL);

describe("A limited person", () => {
  it("is told on Add Task what they cannot do, what they still can and why, before filling it in", async () => {
    const db = freshMockApi();
    limitMaya(db);
    const { screen } = await renderRoute("/dashboard/add-task", { as: DEMO_FREELANCER, db });
    const banner = (await screen.findByText(REFUSAL)).closest("[role=status]") as HTMLElement;
    expect(banner.textContent).toContain(LIMITED_CAN);
    expect(within(banner).getByRole("link", { name: "See the decision and appeal it" }).getAttribute("href")).toBe(
      "/account/standing",
    );
    // Disabled before they type (issue 45), the notice saying why.
    await waitFor(() => expect(fieldOf(screen.getByLabelText("Task Title")).disabled).toBe(true));
    expect(fieldOf(screen.getByRole("button", { name: "Add Task" })).disabled).toBe(true);
    expect(screen.getByLabelText("Task Title").closest("fieldset")?.getAttribute("aria-describedby")).toBe(
      banner.parentElement?.id ?? banner.id,
    );
  });

  it("has the form back as soon as the limit is lifted, with no reload", async () => {
    const db = freshMockApi();
    limitMaya(db);
    const { screen } = await renderRoute("/dashboard/add-task", { as: DEMO_FREELANCER, db });
    await screen.findByText(REFUSAL);
    const [limit] = db.sanctions.get(userId(db, DEMO_FREELANCER)) ?? [];
    Object.assign(limit ?? {}, { liftedAt: new Date().toISOString(), canAppeal: false });
    act(() => receiveNotice(liftedNotice()));
    await waitFor(() => expect(screen.queryByText(REFUSAL)).toBeNull());
    expect(fieldOf(screen.getByRole("button", { name: "Add Task" })).disabled).toBe(false);
    expect(fieldOf(screen.getByLabelText("Task Title")).disabled).toBe(false);
  });

  it("cannot open Place a Bid or Edit bid, told why on the task's page; withdrawing stays", async () => {
    const db = freshMockApi();
    limitMaya(db, LUCAS);
    const task = taskTitled(db, "Social media plan");
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: LUCAS, db });
    const place = (await screen.findByRole("button", { name: "Place a Bid" })) as HTMLButtonElement;
    await waitFor(() => expect(place.disabled).toBe(true));
    const reason = document.getElementById(place.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe(REFUSAL);
  });

  it("back from signing in to bid (?bid=open), has no bid form open once the limit is read", async () => {
    const db = freshMockApi();
    limitMaya(db, LUCAS);
    const task = taskTitled(db, "Social media plan");
    const { screen } = await renderRoute(`/task-details/${task._id}?bid=open`, { as: LUCAS, db });
    const place = (await screen.findByRole("button", { name: "Place a Bid" })) as HTMLButtonElement;
    await waitFor(() => expect(place.disabled).toBe(true));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Place a Bid" })).toBeNull());
  });

  it("cannot type a question on a task's page: the notice, and the question box disabled", async () => {
    const db = freshMockApi();
    limitMaya(db, LUCAS);
    const task = taskTitled(db, "Social media plan");
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: LUCAS, db });
    const box = (await screen.findByLabelText("Ask the client a question")) as HTMLTextAreaElement;
    await waitFor(() => expect(fieldOf(box).disabled).toBe(true));
    expect(fieldOf(screen.getByRole("button", { name: "Ask" })).disabled).toBe(true);
    // The notice above the question box (the bid box says the same under its button).
    const gate = box.closest("fieldset") as HTMLFieldSetElement;
    const notice = document.getElementById(gate.getAttribute("aria-describedby") ?? "");
    await waitFor(() => expect(notice?.textContent).toContain(REFUSAL));
  });

  it("cannot change their name, photo or what the public reads on their profile page", async () => {
    const db = freshMockApi();
    limitMaya(db, DEMO_CLIENT);
    const profile = await renderRoute("/profile", { as: DEMO_CLIENT, db });
    await profile.screen.findByText(REFUSAL);
    const editing = profile.screen.getByRole("heading", { name: "Edit your profile" });
    const gate = editing.closest("fieldset") as HTMLFieldSetElement;
    expect(gate.disabled).toBe(true);
    expect(gate.querySelectorAll("input, textarea, button").length).toBeGreaterThan(1);
  });

  it("is told on Update Task that a limit stops editing too", async () => {
    const db = freshMockApi();
    limitMaya(db, DEMO_CLIENT);
    const task = taskTitled(db, "Landing page");
    const update = await renderRoute(`/dashboard/update-task/${task._id}`, { as: DEMO_CLIENT, db });
    expect(await update.screen.findByText(REFUSAL)).toBeTruthy();
    expect(REFUSAL).toContain("edit tasks");
  });

  it("is told on their profile page, before its forms, that a limit stops changing what the public reads", async () => {
    const db = freshMockApi();
    limitMaya(db, DEMO_CLIENT);
    const profile = await renderRoute("/profile", { as: DEMO_CLIENT, db });
    const banner = await profile.screen.findByText(REFUSAL);
    // Once, above the forms of the name, the photo and the words the public reads.
    expect(profile.screen.getAllByText(REFUSAL)).toHaveLength(1);
    const editing = profile.screen.getByRole("heading", { name: "Edit your profile" });
    expect(banner.compareDocumentPosition(editing) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(REFUSAL).toContain("change your public profile");
  });

  it("sees no notice on Add Task when not limited, once their standing is read", async () => {
    const db = freshMockApi();
    let read: Standing | null = null;
    const { screen } = await renderRoute("/dashboard/add-task", {
      as: LUCAS,
      db,
      handlers: [
        http.get("*/api/me/standing", () => {
          read = { role: null, limited: null, sanctions: [] };
          return HttpResponse.json(read);
        }),
      ],
    });
    await screen.findByLabelText("Task Title");
    await waitFor(() => expect(read).not.toBeNull());
    await act(async () => {});
    expect(screen.queryByText(REFUSAL)).toBeNull();
  });

  it("is refused posting with the server's words as they are", async () => {
    const db = freshMockApi();
    const { screen, user } = await renderRoute("/dashboard/add-task", {
      as: DEMO_FREELANCER,
      db,
      handlers: [http.post("*/api/tasks", refuse)],
    });
    await user.type(await screen.findByLabelText("Task Title"), "Write an FAQ page");
    await user.selectOptions(screen.getByLabelText("Category"), "Writing");
    await user.type(screen.getByLabelText("Deadline"), "2099-06-30");
    await user.type(screen.getByLabelText("Description"), "Ten questions and answers.");
    await user.type(screen.getByLabelText("Budget ($)"), "120");
    await user.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText(REFUSAL, { selector: "[data-sonner-toast] *" })).toBeTruthy();
  });

  it("is refused bidding with the server's words as they are, the form kept open", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, {
      as: LUCAS,
      db,
      handlers: [http.post("*/api/bids", refuse)],
    });
    await user.click(await screen.findByRole("button", { name: "Place a Bid" }));
    const dialog = await screen.findByRole("dialog", { name: "Place a Bid" });
    await user.click(within(dialog).getByRole("button", { name: "Place bid" }));
    expect(await screen.findByText(REFUSAL, { selector: "[data-sonner-toast] *" })).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Place a Bid" })).toBe(dialog);
  });

  it("is refused asking a question with the server's words as they are, the question kept", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, {
      as: LUCAS,
      db,
      handlers: [http.post("*/api/tasks/:id/questions", refuse)],
    });
    const box = (await screen.findByLabelText("Ask the client a question")) as HTMLTextAreaElement;
    await user.type(box, "Is there a brand guide?");
    await user.click(screen.getByRole("button", { name: "Ask" }));
    expect(await screen.findByText(REFUSAL, { selector: "[data-sonner-toast] *" })).toBeTruthy();
    expect(box.value).toBe("Is there a brand guide?");
  });
});
