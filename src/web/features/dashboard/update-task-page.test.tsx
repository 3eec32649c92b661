import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import { MESSAGES } from "../../../contract/messages.ts";
import type { ModifiedSchema } from "../../../contract/schemas.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { taskTitled } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

type View = Awaited<ReturnType<typeof renderRoute>>;

const field = (view: View, label: string) => view.screen.getByLabelText(label) as HTMLInputElement;

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

describe("Update Task", () => {
  it("shows the task in the form, saves the changes and goes back to the list", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const view = await renderRoute(`/dashboard/update-task/${task._id}`, { as: DEMO_CLIENT, db });
    const { screen, user, router } = view;
    expect(await screen.findByRole("heading", { level: 1, name: "Update Task" })).toBeTruthy();
    expect(field(view, "Task Title").value).toBe(task.title);
    expect(field(view, "Category").value).toBe("Web Development");
    expect(field(view, "Deadline").value).toBe(task.deadline);
    expect(field(view, "Description").value).toBe(task.description);
    expect(field(view, "Budget ($)").value).toBe("450");
    expect(field(view, "User Email").value).toBe(DEMO_CLIENT);

    await user.clear(field(view, "Budget ($)"));
    await user.type(field(view, "Budget ($)"), "500");
    await user.selectOptions(field(view, "Category"), "Design");
    await user.click(screen.getByRole("button", { name: "Update Task" }));

    const done = await screen.findByRole("alertdialog", { name: "Updated!" });
    expect(within(done).getByText("Task updated successfully!")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/my-posted-tasks"));
    expect(task).toMatchObject({ budget: 500, category: "Design", status: "open" });
    // Telling the bidders what changed is the server's ("a change after a bid names each changed field
    // with its old and new value" in notifications.api.test.ts).
    await user.click(within(done).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("says there is nothing to save when nothing changed", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    // The server answers so when the fields are those it has ("answers modifiedCount 0 when nothing
    // changed" in tasks.api.test.ts).
    const unchanged = http.put(`*/api/tasks/${task._id}`, () =>
      HttpResponse.json({ modifiedCount: 0 } satisfies z.infer<typeof ModifiedSchema>),
    );
    const { screen, user, router } = await renderRoute(`/dashboard/update-task/${task._id}`, {
      as: DEMO_CLIENT,
      db,
      handlers: [unchanged],
    });
    await user.click(await screen.findByRole("button", { name: "Update Task" }));
    expect((await screen.findByRole("status", { name: "" })).textContent).toBe(MESSAGES.noChanges);
    expect(router.state.location.pathname).toBe(`/dashboard/update-task/${task._id}`);
    expect(screen.queryByRole("alertdialog", { name: "Updated!" })).toBeNull();
  });

  it("names what is wrong before sending", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const view = await renderRoute(`/dashboard/update-task/${task._id}`, { as: DEMO_CLIENT, db });
    await view.screen.findByLabelText("Task Title");
    await view.user.clear(field(view, "Task Title"));
    await view.user.clear(field(view, "Description"));
    await view.user.clear(field(view, "Budget ($)"));
    await view.user.click(view.screen.getByRole("button", { name: "Update Task" }));
    expect(await view.screen.findByText("Title is required")).toBeTruthy();
    expect(view.screen.getByText("Description is required")).toBeTruthy();
    expect(view.screen.getByText("Budget must be a number")).toBeTruthy();
    expect(task.title).toBe("Landing page for a neighbourhood bakery");
  });

  it("shows the server's refusal next to the field, and stays on the form", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const refusal = http.put("*/api/tasks/:id", () =>
      HttpResponse.json(
        {
          type: "about:blank",
          title: "Bad Request",
          status: 400,
          detail: "Budget must be at most 1,000,000",
          errors: [{ field: "budget", message: "Budget must be at most 1,000,000" }],
        },
        { status: 400, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const view = await renderRoute(`/dashboard/update-task/${task._id}`, { as: DEMO_CLIENT, db, handlers: [refusal] });
    await view.user.click(await view.screen.findByRole("button", { name: "Update Task" }));
    await waitFor(() => expect(view.screen.getAllByText("Budget must be at most 1,000,000")).toHaveLength(2));
    expect(field(view, "Budget ($)").getAttribute("aria-invalid")).toBe("true");
    expect(view.router.state.location.pathname).toBe(`/dashboard/update-task/${task._id}`);
  });

  it("refuses someone else's task", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const { screen } = await renderRoute(`/dashboard/update-task/${task._id}`, { as: DEMO_FREELANCER, db });
    expect(await screen.findByRole("heading", { name: MESSAGES.notTaskOwner })).toBeTruthy();
    expect(screen.getByText("403")).toBeTruthy();
  });

  it("says in words why a task that is no longer open cannot be edited, and where to go", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Logo and colour palette");
    const { screen } = await renderRoute(`/dashboard/update-task/${task._id}`, { as: DEMO_CLIENT, db });
    expect(await screen.findByRole("heading", { level: 1, name: "Update Task" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(MESSAGES.taskNotOpen.assigned);
    expect(screen.queryByText("409")).toBeNull();
    expect(screen.queryByRole("button", { name: "Update Task" })).toBeNull();
    expect(screen.getByRole("link", { name: "View the task" }).getAttribute("href")).toBe(`/task-details/${task._id}`);
  });

  it("says in words why the server refused the change when the task was assigned meanwhile", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const refusal = http.put("*/api/tasks/:id", () =>
      HttpResponse.json(
        { type: "about:blank", title: "Conflict", status: 409, detail: MESSAGES.taskNotOpen.assigned },
        { status: 409, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const view = await renderRoute(`/dashboard/update-task/${task._id}`, { as: DEMO_CLIENT, db, handlers: [refusal] });
    await view.user.click(await view.screen.findByRole("button", { name: "Update Task" }));
    const alert = await view.screen.findByRole("alert");
    expect(alert.textContent).toContain(MESSAGES.taskNotOpen.assigned);
    expect(view.screen.queryByText("409")).toBeNull();
    expect(view.router.state.location.pathname).toBe(`/dashboard/update-task/${task._id}`);
  });

  it("refuses a deadline moved into the past, with Add Task's message", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const view = await renderRoute(`/dashboard/update-task/${task._id}`, { as: DEMO_CLIENT, db });
    const deadline = await view.screen.findByLabelText("Deadline");
    await view.user.clear(deadline);
    await view.user.type(deadline, "2020-01-01");
    await view.user.click(view.screen.getByRole("button", { name: "Update Task" }));
    expect(await view.screen.findByText("Deadline cannot be in the past")).toBeTruthy();
    expect(field(view, "Deadline").getAttribute("aria-invalid")).toBe("true");
    expect(db.tasks.find((candidate) => candidate._id === task._id)?.deadline).toBe(task.deadline);
  });

  it("keeps a deadline that has already passed while the rest is corrected, and says the task takes no bids", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    task.deadline = "2020-01-01";
    const title = task.title;
    const view = await renderRoute(`/dashboard/update-task/${task._id}`, { as: DEMO_CLIENT, db });
    expect(
      await view.screen.findByText(
        "The deadline has passed, so this task takes no bids. Choose a new deadline to open it to bids again.",
      ),
    ).toBeTruthy();
    await view.user.type(field(view, "Task Title"), " (fixed)");
    await view.user.click(view.screen.getByRole("button", { name: "Update Task" }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/dashboard/my-posted-tasks"));
    expect(db.tasks.find((candidate) => candidate._id === task._id)).toMatchObject({
      title: `${title} (fixed)`,
      deadline: "2020-01-01",
    });
  });

  it("says the task does not exist", async () => {
    const { screen } = await renderRoute("/dashboard/update-task/t-gone", { as: DEMO_CLIENT });
    expect(await screen.findByRole("heading", { name: MESSAGES.taskNotFound })).toBeTruthy();
    expect(screen.getByText("404")).toBeTruthy();
  });

  it("says the network is down when the task cannot be read", async () => {
    const { screen } = await renderRoute("/dashboard/update-task/t000001", {
      as: DEMO_CLIENT,
      handlers: [http.get("*/api/tasks/:id", () => HttpResponse.error())],
    });
    expect(
      await screen.findByRole("heading", { name: "Could not reach QuickGig. Check your connection and try again." }),
    ).toBeTruthy();
  });

  it("sends a visitor to the login page, with the way back", async () => {
    const { router } = await renderRoute("/dashboard/update-task/t000001");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/dashboard/update-task/t000001");
  });
});
