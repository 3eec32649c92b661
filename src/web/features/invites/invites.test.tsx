import { cleanup, within } from "@testing-library/react";
import { http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { INVITE_MESSAGES } from "../../../contract/invitation-words.ts";
import { problem } from "../../mocks/scenarios.ts";
import { taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { forgetOpenTasks, hasOpenTasks } from "./invites-api.ts";

beforeEach(() => {
  toast.dismiss();
  forgetOpenTasks();
});

const BAKERY = "Landing page for a neighbourhood bakery";
const COMPOST = "Five blog posts about home composting";

describe("Invite to a task", () => {
  it("on a freelancer's profile: the client chooses an open task, sends, and is told; the task is then marked invited", async () => {
    const db = freshMockApi();
    const maya = userId(db, DEMO_FREELANCER);
    const { screen, user } = await renderRoute(`/users/${maya}`, { as: DEMO_CLIENT, db });
    await user.click(await screen.findByRole("button", { name: /Invite to a task/ }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Maya Patel to a task" });
    await user.click(await within(dialog).findByRole("radio", { name: new RegExp(COMPOST) }));
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText(`Maya Patel is invited to “${COMPOST}”.`)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(db.invitations.has(`${taskTitled(db, COMPOST)._id} ${maya}`)).toBe(true);

    // Opened again: that task is shown as invited and cannot be chosen again.
    await user.click(screen.getByRole("button", { name: /Invite to a task/ }));
    const again = await screen.findByRole("dialog", { name: "Invite Maya Patel to a task" });
    const compost = await within(again).findByRole("radio", { name: new RegExp(COMPOST) });
    expect((compost as HTMLInputElement).disabled).toBe(true);
    expect(within(again).getByText(/Maya Patel is already invited/)).toBeTruthy();
    expect((within(again).getByRole("radio", { name: new RegExp(BAKERY) }) as HTMLInputElement).checked).toBe(true);
  });

  it("says the server's refusal in the dialog and keeps it open", async () => {
    const db = freshMockApi();
    const maya = userId(db, DEMO_FREELANCER);
    const handlers = [http.post("*/api/tasks/:id/invitations", () => problem(409, INVITE_MESSAGES.alreadyInvited))];
    const { screen, user } = await renderRoute(`/users/${maya}`, { as: DEMO_CLIENT, db, handlers });
    await user.click(await screen.findByRole("button", { name: /Invite to a task/ }));
    const dialog = await screen.findByRole("dialog", { name: "Invite Maya Patel to a task" });
    await within(dialog).findByRole("radio", { name: new RegExp(BAKERY) });
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(INVITE_MESSAGES.alreadyInvited);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("is not there on one's own profile, for a visitor, or for someone without an open task", async () => {
    const db = freshMockApi();
    const client = userId(db, DEMO_CLIENT);
    const maya = userId(db, DEMO_FREELANCER);
    const own = await renderRoute(`/users/${client}`, { as: DEMO_CLIENT, db });
    await own.screen.findByRole("heading", { name: "Demo Client", level: 1 });
    expect(own.screen.queryByRole("button", { name: /Invite to a task/ })).toBeNull();
    expect(await hasOpenTasks(client)).toBe(true);
    cleanup();

    const visitor = await renderRoute(`/users/${maya}`, { db });
    await visitor.screen.findByRole("heading", { name: "Maya Patel", level: 1 });
    expect(visitor.screen.queryByRole("button", { name: /Invite to a task/ })).toBeNull();
  });

  it("is not there for a reader without an open task", async () => {
    const db = freshMockApi();
    const client = userId(db, DEMO_CLIENT);
    for (const task of db.tasks) if (task.ownerId === client && task.status === "open") task.status = "cancelled";
    const { screen } = await renderRoute(`/users/${userId(db, DEMO_FREELANCER)}`, { as: DEMO_CLIENT, db });
    await screen.findByRole("button", { name: "Report this profile" });
    // The page's own question, answered (the same answer serves every button of a page).
    expect(await hasOpenTasks(client)).toBe(false);
    expect(screen.queryByRole("button", { name: /Invite to a task/ })).toBeNull();
  });

  it("is on each card of Find Freelancers but the reader's own", async () => {
    const db = freshMockApi();
    const { screen } = await renderRoute("/freelancers", { as: DEMO_CLIENT, db });
    await screen.findAllByRole("button", { name: /Invite to a task/ });
    const labels = screen
      .getAllByRole("button", { name: /Invite to a task/ })
      .map((button) => button.getAttribute("aria-label"));
    expect(labels).toEqual(expect.arrayContaining(["Invite to a task: Maya Patel", "Invite to a task: Lucas Moreau"]));
    expect(labels).not.toContain("Invite to a task: Demo Client");
  });
});

describe("The marks of an invitation", () => {
  it("tells the invited freelancer on the task's page who invited them", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, COMPOST);
    // Invited as the client's dialog does it: the mock says who invited her, as the server does.
    db.invitations.add(`${task._id} ${userId(db, DEMO_FREELANCER)}`);
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_FREELANCER, db });
    expect(await screen.findByText("Invited by Demo Client")).toBeTruthy();
  });

  it("marks the invited freelancer's offer in the client's offers, and no other", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, BAKERY);
    db.invitations.add(`${task._id} ${userId(db, DEMO_FREELANCER)}`);
    const { screen, user } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    const table = await screen.findByRole("table");
    await user.click(within(table).getByRole("button", { name: `Bids for ${task.title}` }));
    const dialog = await screen.findByRole("dialog", { name: "Bids for This Task" });
    const maya = await within(dialog).findByRole("listitem", { name: "Offer from Maya Patel" });
    expect(within(maya).getByText("Invited")).toBeTruthy();
    const lucas = within(dialog).getByRole("listitem", { name: "Offer from Lucas Moreau" });
    expect(within(lucas).queryByText("Invited")).toBeNull();
  });
});
