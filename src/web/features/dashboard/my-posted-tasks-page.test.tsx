import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/messages.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { formatDeadline } from "../../lib/format.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockTask } from "../../mocks/store.ts";
import { taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

const rowOf = (table: HTMLElement, title: string) => within(table).getByRole("row", { name: new RegExp(title) });

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

describe("My Posted Tasks", () => {
  it("lists the client's own tasks with their status and what can be done with each", async () => {
    const db = freshMockApi();
    const { screen } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    expect(await screen.findByRole("heading", { level: 1, name: "My Posted Tasks" })).toBeTruthy();
    const table = screen.getByRole("table");
    const titles = within(table)
      .getAllByRole("rowheader")
      .map((cell) => cell.textContent);
    const own = db.tasks.filter((task) => task.ownerId === userId(db, DEMO_CLIENT));
    expect(titles.sort()).toEqual(own.map((task) => task.title).sort());

    const bakery = rowOf(table, "Landing page");
    expect(within(bakery).getByText("Web Development")).toBeTruthy();
    expect(within(bakery).getByText("$450.00")).toBeTruthy();
    expect(within(bakery).getByTitle("Task status: Open")).toBeTruthy();
    expect(
      within(bakery)
        .getByRole("link", { name: /Update Landing page/ })
        .getAttribute("href"),
    ).toBe(`/dashboard/update-task/${taskTitled(db, "Landing page")._id}`);
    expect(within(bakery).getByRole("button", { name: /Delete Landing page/ })).toBeTruthy();
    expect(within(bakery).queryByRole("button", { name: /Mark as completed/ })).toBeNull();
    // Its title leads to the task's page, where it is managed too; its deadline and offers are in the row.
    const landing = taskTitled(db, "Landing page");
    expect(within(bakery).getByRole("link", { name: landing.title }).getAttribute("href")).toBe(
      `/task-details/${landing._id}`,
    );
    const cells = within(bakery)
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(cells).toContain(formatDeadline(landing.deadline));
    expect(cells).toContain("2");
    expect(within(bakery).getByRole("button", { name: /Bids for Landing page/ }).textContent).toContain("(2)");

    const logo = rowOf(table, "Logo and colour palette");
    expect(within(logo).getByTitle("Task status: Assigned")).toBeTruthy();
    expect(within(logo).getByText("Aisha Bello")).toBeTruthy();
    // Aisha's offer: 95% of the $300 budget.
    expect(within(logo).getByText("· $285.00")).toBeTruthy();
    // An assigned task is not changed or deleted any more; it is completed or cancelled.
    expect(within(logo).queryByRole("link", { name: /Update/ })).toBeNull();
    expect(within(logo).getByRole("button", { name: /Mark as completed/ })).toBeTruthy();
    expect(within(logo).getByRole("button", { name: /Cancel task/ })).toBeTruthy();

    // Phones get a card per task with the same actions.
    const cards = screen.getByRole("list", { name: "Your posted tasks" });
    expect(within(cards).getAllByRole("listitem")).toHaveLength(own.length);
    await waitFor(() => expect(document.title).toBe("My Posted Tasks - QuickGig"));
  });

  it("says when nothing has been posted yet", async () => {
    const db = freshMockApi();
    db.tasks = db.tasks.filter((task) => task.ownerId !== userId(db, DEMO_FREELANCER));
    const { screen } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_FREELANCER, db });
    expect(await screen.findByText("No tasks posted yet.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("deletes a task after confirming, and keeps it when the person changes their mind", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const { screen, user } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    const table = await screen.findByRole("table");

    await user.click(within(rowOf(table, task.title)).getByRole("button", { name: /Delete/ }));
    let confirm = await screen.findByRole("alertdialog", { name: "Are you sure?" });
    // The specification's warning, and how many offers go with the task.
    expect(
      within(confirm).getByText(
        "You won't be able to revert this! This task has 2 offers: their bidders will be told it was deleted.",
      ),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(db.tasks).toContain(task);

    await user.click(within(rowOf(table, task.title)).getByRole("button", { name: /Delete/ }));
    confirm = await screen.findByRole("alertdialog", { name: "Are you sure?" });
    await user.click(within(confirm).getByRole("button", { name: "Yes, delete it!" }));
    const done = await screen.findByRole("alertdialog", { name: "Deleted!" });
    expect(within(done).getByText("Your task has been deleted.")).toBeTruthy();
    expect(db.tasks).not.toContain(task);
    expect(within(table).queryByRole("row", { name: new RegExp(task.title) })).toBeNull();
    // What becomes of its offers and that its bidders hear of it are the server's
    // (bids/deleted-task-offers.api.test.ts, and "a deleted task tells its bidders" in notifications.api.test.ts).
    await user.click(within(done).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("says what happened when a deletion was refused because the task moved on, and shows it as it now is", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const { screen, user } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    const table = await screen.findByRole("table");
    // Someone was hired in another tab meanwhile: the server refuses to delete an assigned task.
    task.status = "assigned";
    server.use(
      http.delete(`*/api/tasks/${task._id}`, () => problem(409, MESSAGES.taskNotOpen.assigned), { once: true }),
    );
    await user.click(within(rowOf(table, task.title)).getByRole("button", { name: /Delete/ }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Yes, delete it!" }));
    expect(await screen.findByText(/has been hired for this task\.$/)).toBeTruthy();
    expect(db.tasks).toContain(task);
    // Read again: the row says Assigned, and offers no Delete any more.
    await waitFor(() => expect(within(rowOf(table, task.title)).getByTitle("Task status: Assigned")).toBeTruthy());
    expect(within(rowOf(table, task.title)).queryByRole("button", { name: /Delete/ })).toBeNull();
  });

  it("marks an assigned task completed after confirming", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Logo and colour palette");
    const { screen, user } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    const table = await screen.findByRole("table");
    await user.click(within(rowOf(table, task.title)).getByRole("button", { name: /Mark as completed/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Mark as completed?" });
    expect(
      within(confirm).getByText(`Confirm that Aisha Bello has finished the work on "${task.title}".`),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Mark as completed" }));
    expect(await screen.findByText("The task is marked as completed.")).toBeTruthy();
    expect(task.status).toBe("completed");
    const row = rowOf(table, task.title);
    expect(await within(row).findByTitle("Task status: Completed")).toBeTruthy();
    expect(within(row).queryByRole("button", { name: /Mark as completed|Cancel task/ })).toBeNull();
  });

  it("cancels an open task after confirming, and keeps it with Keep it", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const { screen, user } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    const table = await screen.findByRole("table");

    await user.click(within(rowOf(table, task.title)).getByRole("button", { name: /Cancel task/ }));
    let confirm = await screen.findByRole("alertdialog", { name: "Cancel this task?" });
    expect(within(confirm).getByText("The waiting offers will be declined. This cannot be undone.")).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(task.status).toBe("open");

    await user.click(within(rowOf(table, task.title)).getByRole("button", { name: /Cancel task/ }));
    confirm = await screen.findByRole("alertdialog", { name: "Cancel this task?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel task" }));
    expect(await screen.findByText("The task has been cancelled.")).toBeTruthy();
    expect(task.status).toBe("cancelled");
    // Declining the waiting offers is the server's ("cancel from open declines the waiting offers" in
    // hiring.api.test.ts).
    expect(await within(rowOf(table, task.title)).findByTitle("Task status: Cancelled")).toBeTruthy();
  });

  it("tells the hired freelancer's name when cancelling an assigned task, and says why it failed", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Logo and colour palette");
    const { screen, user } = await renderRoute("/dashboard/my-posted-tasks", {
      as: DEMO_CLIENT,
      db,
      handlers: [http.post("*/api/tasks/:id/cancel", () => HttpResponse.error())],
    });
    const table = await screen.findByRole("table");
    await user.click(within(rowOf(table, task.title)).getByRole("button", { name: /Cancel task/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Cancel this task?" });
    expect(
      within(confirm).getByText("Aisha Bello will see that the work is no longer needed. This cannot be undone."),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Cancel task" }));
    expect(await screen.findByText("Could not reach QuickGig. Check your connection and try again.")).toBeTruthy();
    expect(task.status).toBe("assigned");
  });

  it("pages through many tasks", async () => {
    const db = freshMockApi();
    const owner = userId(db, DEMO_CLIENT);
    for (let n = 1; n <= 20; n++) {
      db.tasks.push({
        _id: db.nextId("t"),
        title: `Extra task ${n}`,
        category: "Writing",
        description: "More work",
        deadline: "2099-01-01",
        budget: 10 + n,
        userName: "Demo Client",
        ownerId: owner,
        createdAt: db.now(),
        status: "open",
        offersPublic: false,
      } satisfies MockTask);
    }
    const { screen, user, router } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    expect(await screen.findByText("Page 1 of 2")).toBeTruthy();
    expect(within(screen.getByRole("table")).getAllByRole("rowheader")).toHaveLength(20);
    expect(screen.queryByRole("link", { name: /Previous/ })).toBeNull();
    await user.click(screen.getByRole("link", { name: /Next/ }));
    expect(await screen.findByText("Page 2 of 2")).toBeTruthy();
    expect(router.state.location.search).toBe("?page=2");
    expect(within(screen.getByRole("table")).getAllByRole("rowheader")).toHaveLength(5);
    await user.click(screen.getByRole("link", { name: /Previous/ }));
    expect(await screen.findByText("Page 1 of 2")).toBeTruthy();
    expect(router.state.location.search).toBe("");
  });

  it("shows the server's sentence when the API fails", async () => {
    const { screen } = await renderRoute("/dashboard/my-posted-tasks", {
      as: DEMO_CLIENT,
      handlers: [
        http.get("*/api/tasks", () =>
          HttpResponse.json(
            { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Tasks are resting." },
            { status: 500, headers: { "content-type": "application/problem+json" } },
          ),
        ),
      ],
    });
    expect(await screen.findByRole("heading", { name: "Tasks are resting." })).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
  });

  it("says the network is down when the API cannot be reached", async () => {
    const { screen } = await renderRoute("/dashboard/my-posted-tasks", {
      as: DEMO_CLIENT,
      handlers: [http.get("*/api/tasks", () => HttpResponse.error())],
    });
    expect(
      await screen.findByRole("heading", { name: "Could not reach QuickGig. Check your connection and try again." }),
    ).toBeTruthy();
  });
});
