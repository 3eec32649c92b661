import { waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_CLIENT, renderRoute } from "../../test/render-route.tsx";

type View = Awaited<ReturnType<typeof renderRoute>>;

const field = (view: View, label: string) => view.screen.getByLabelText(label) as HTMLInputElement;

async function fillIn(view: View, values: { deadline?: string } = {}) {
  const { user } = view;
  await user.type(field(view, "Task Title"), "Write an FAQ page");
  await user.selectOptions(field(view, "Category"), "Writing");
  await user.type(field(view, "Deadline"), values.deadline ?? "2099-06-30");
  await user.type(field(view, "Description"), "Ten questions and answers for a bike shop.");
  await user.type(field(view, "Budget ($)"), "120.5");
}

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => toast.dismiss());

describe("Add Task", () => {
  it("names every missing field and adds nothing", async () => {
    const view = await renderRoute("/dashboard/add-task", { as: DEMO_CLIENT });
    const { screen, user, db } = view;
    const before = db.tasks.length;
    expect(await screen.findByRole("heading", { level: 1, name: "Add Task" })).toBeTruthy();
    // Who posts it, shown and not editable.
    expect(field(view, "User Email").value).toBe(DEMO_CLIENT);
    expect(field(view, "User Email").readOnly).toBe(true);
    expect(field(view, "User Name").value).toBe("Demo Client");
    await user.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByText("Category must be one of Web Development, Design, Writing, Marketing")).toBeTruthy();
    expect(screen.getByText("Description is required")).toBeTruthy();
    expect(screen.getByText("Deadline is required")).toBeTruthy();
    expect(screen.getByText("Budget must be a number")).toBeTruthy();
    expect(field(view, "Task Title").getAttribute("aria-invalid")).toBe("true");
    expect(db.tasks.length).toBe(before);
  });

  it("refuses a deadline in the past", async () => {
    const view = await renderRoute("/dashboard/add-task", { as: DEMO_CLIENT });
    await view.screen.findByLabelText("Task Title");
    await fillIn(view, { deadline: "2020-01-01" });
    await view.user.click(view.screen.getByRole("button", { name: "Add Task" }));
    expect(await view.screen.findByText("Deadline cannot be in the past")).toBeTruthy();
    expect(view.db.tasks.some((task) => task.title === "Write an FAQ page")).toBe(false);
  });

  it("adds the task, says so, and opens the new task's page", async () => {
    const view = await renderRoute("/dashboard/add-task", { as: DEMO_CLIENT });
    const { screen, user, db, router } = view;
    await screen.findByLabelText("Task Title");
    await fillIn(view);
    await user.click(screen.getByLabelText("Show offers publicly"));
    await user.click(screen.getByRole("button", { name: "Add Task" }));
    expect(await screen.findByText("Task added successfully")).toBeTruthy();
    const added = db.tasks.find((task) => task.title === "Write an FAQ page");
    expect(added).toMatchObject({
      ownerId: db.users.find((person) => person.email === DEMO_CLIENT)?.id,
      category: "Writing",
      deadline: "2099-06-30",
      description: "Ten questions and answers for a bike shop.",
      budget: 120.5,
      offersPublic: true,
      status: "open",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/task-details/${added?._id}`));
    expect(await screen.findByRole("heading", { level: 1, name: "Write an FAQ page" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Manage this task" })).toBeTruthy();
  });

  it("shows the server's refusal of a field next to it, and keeps what was typed", async () => {
    const refusal = http.post("*/api/tasks", () =>
      HttpResponse.json(
        {
          type: "about:blank",
          title: "Bad Request",
          status: 400,
          detail: "Title cannot contain a NUL character",
          errors: [{ field: "title", message: "Title cannot contain a NUL character" }],
        },
        { status: 400, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const view = await renderRoute("/dashboard/add-task", { as: DEMO_CLIENT, handlers: [refusal] });
    await view.screen.findByLabelText("Task Title");
    await fillIn(view);
    await view.user.click(view.screen.getByRole("button", { name: "Add Task" }));
    await waitFor(() => expect(view.screen.getAllByText("Title cannot contain a NUL character")).toHaveLength(2));
    expect(field(view, "Task Title").getAttribute("aria-invalid")).toBe("true");
    expect(field(view, "Task Title").value).toBe("Write an FAQ page");
  });

  it("says the network is down when the task cannot be sent", async () => {
    const view = await renderRoute("/dashboard/add-task", {
      as: DEMO_CLIENT,
      handlers: [http.post("*/api/tasks", () => HttpResponse.error())],
    });
    await view.screen.findByLabelText("Task Title");
    await fillIn(view);
    await view.user.click(view.screen.getByRole("button", { name: "Add Task" }));
    expect(await view.screen.findByText("Could not reach QuickGig. Check your connection and try again.")).toBeTruthy();
    expect(field(view, "Description").value).toBe("Ten questions and answers for a bike shop.");
  });

  it("sends a visitor to the login page, with the way back", async () => {
    const { router } = await renderRoute("/dashboard/add-task");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/dashboard/add-task");
  });
});
