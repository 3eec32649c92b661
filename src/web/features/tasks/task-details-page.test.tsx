import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDialog } from "../../lib/dialogs.ts";
import { formatDeadline } from "../../lib/format.ts";
import { AISHA, bidOf, LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

/** The value next to a label of the task's details. */
function detail(screen: Awaited<ReturnType<typeof renderRoute>>["screen"], label: string) {
  return screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
}

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

describe("Task details", () => {
  it("shows the task, its poster's contact, the bid count and the empty questions once loaded", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: LUCAS, db });
    expect(screen.getByText("Loading QuickGig")).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 1, name: task.title })).toBeTruthy();
    expect(screen.getByTitle("Task status: Open").textContent).toBe("Open");
    expect(detail(screen, "Posted by")).toBe("Maya Patel");
    expect(detail(screen, "Category")).toBe("Marketing");
    expect(detail(screen, "Budget")).toBe("$520.00");
    expect(detail(screen, "Deadline")).toBe(formatDeadline(task.deadline));
    expect(screen.getByRole("link", { name: DEMO_FREELANCER }).getAttribute("href")).toBe(`mailto:${DEMO_FREELANCER}`);
    expect(screen.getByText(task.description)).toBeTruthy();
    expect(screen.getByText("You bid for 1 opportunities.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Place a Bid" }) as HTMLButtonElement).disabled).toBe(false);
    expect(await screen.findByRole("heading", { name: "Questions (0)" })).toBeTruthy();
    expect(screen.getByText("No questions yet.")).toBeTruthy();
    // The tab is named by the task, as its page's head is for search engines.
    await waitFor(() => expect(document.title).toBe(`${task.title} - QuickGig`));
  });

  it("lets the poster manage their task where it is: its steps, the offers to compare and accept, the questions", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Social media plan");
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_FREELANCER, db });
    const manage = await screen.findByRole("region", { name: "Manage this task" });
    expect(
      within(manage)
        .getByRole("link", { name: `Update ${task.title}` })
        .getAttribute("href"),
    ).toBe(`/dashboard/update-task/${task._id}`);
    expect(within(manage).getByRole("button", { name: `Delete ${task.title}` })).toBeTruthy();
    expect(within(manage).getByRole("button", { name: `Cancel task: ${task.title}` })).toBeTruthy();
    // No bid panel on one's own task: the offers instead.
    expect(screen.queryByRole("button", { name: "Place a Bid" })).toBeNull();
    expect(screen.queryByText("You cannot bid on your own task.")).toBeNull();
    const offers = screen.getByRole("region", { name: "Offers" });
    const offer = await within(offers).findByRole("listitem", { name: /Offer from/ });
    const bidder = offer.getAttribute("aria-label")?.replace("Offer from ", "") ?? "";
    expect(within(offer).getByRole("link", { name: `Message ${bidder}` })).toBeTruthy();
    await user.click(within(offer).getByRole("button", { name: `Accept bid from ${bidder}` }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Accept bid" }));
    expect(await screen.findByText(`You hired ${bidder}.`)).toBeTruthy();
    expect(task.status).toBe("assigned");
    // The page reads the task again: assigned, and the steps an assigned task allows.
    expect(await screen.findByText(new RegExp(`Assigned to ${bidder}`))).toBeTruthy();
    expect(await within(manage).findByRole("button", { name: `Mark as completed: ${task.title}` })).toBeTruthy();
    expect(within(manage).queryByRole("button", { name: `Delete ${task.title}` })).toBeNull();
    // The poster answers questions; only others ask them.
    expect(screen.queryByLabelText("Ask the client a question")).toBeNull();
  });

  it("lets the hired freelancer give the task back after confirming", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Translate product pages");
    const released: string[] = [];
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, {
      as: DEMO_FREELANCER,
      db,
      // Which task the page asks to give back, before the mock answers.
      handlers: [
        http.post("*/api/tasks/:id/release", ({ params }) => {
          released.push(String(params.id));
          return undefined;
        }),
      ],
    });
    expect(await screen.findByText(/Assigned to Maya Patel/)).toBeTruthy();
    expect(screen.getByText("for $340.00")).toBeTruthy();
    const mine = screen.getByRole("region", { name: "Your bid" });
    expect(within(mine).getByTitle("Bid status: Accepted")).toBeTruthy();
    expect(
      within(mine)
        .getByRole("link", { name: /Message the client/ })
        .getAttribute("href"),
    ).toBe(`/dashboard/messages/${task._id}/${userId(db, DEMO_FREELANCER)}`);
    // Hired, the offer's state takes the place of a Place a Bid that has nothing left to offer.
    expect(screen.getByRole("status").textContent).toBe(
      "You are hired for this task. Message the client about the work.",
    );
    expect(screen.queryByRole("button", { name: "Place a Bid" })).toBeNull();
    expect(screen.queryByText("You have already placed a bid on this task.")).toBeNull();

    // Changing one's mind leaves the task as it was.
    await user.click(within(mine).getByRole("button", { name: "Give the task back" }));
    let dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Give this task back?")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(task.status).toBe("assigned");
    expect(released).toEqual([]);

    await user.click(within(mine).getByRole("button", { name: "Give the task back" }));
    dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText("The client will be able to hire someone else, and your bid will be withdrawn."),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Give the task back" }));
    expect(await screen.findByText("You gave the task back.")).toBeTruthy();
    expect(released).toEqual([task._id]);
    // What a release does to the task and the bid is the server's (src/server/hiring/hiring.api.test.ts,
    // "complete, cancel and release move the task as the rules say"): the page shows its answer.
    // The page reads the task again: open, nobody assigned, and Maya may bid anew.
    await waitFor(() => expect(screen.getByTitle("Task status: Open")).toBeTruthy());
    expect(screen.queryByText(/Assigned to/)).toBeNull();
    expect(screen.getByTitle("Bid status: Withdrawn")).toBeTruthy();
  });

  it("says why giving the task back failed", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Translate product pages");
    const { screen, user } = await renderRoute(`/task-details/${task._id}`, {
      as: DEMO_FREELANCER,
      db,
      handlers: [http.post("*/api/tasks/:id/release", () => HttpResponse.error())],
    });
    await user.click(await screen.findByRole("button", { name: "Give the task back" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Give the task back" }),
    );
    expect(await screen.findByText("Could not reach QuickGig. Check your connection and try again.")).toBeTruthy();
    expect(task.status).toBe("assigned");
    expect(screen.getByRole("button", { name: "Give the task back" })).toBeTruthy();
  });

  it("names who completed the work, without the agreed amount for a third person", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Fix checkout bug");
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: AISHA, db });
    expect(await screen.findByText("Completed by Demo Client")).toBeTruthy();
    expect(screen.getByTitle("Task status: Completed")).toBeTruthy();
    expect(screen.getByText("This task is no longer taking bids.")).toBeTruthy();
  });

  it("shows the agreed amount to the hired freelancer of a completed task", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Fix checkout bug");
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_CLIENT, db });
    expect(await screen.findByText(/Completed by Demo Client/)).toBeTruthy();
    expect(screen.getByText("for $342.00")).toBeTruthy();
    expect(screen.getByText("The client marked this task completed. Thank you for your work!")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Place a Bid" })).toBeNull();
    expect(screen.queryByText("You have already placed a bid on this task.")).toBeNull();
  });

  it("tells a bidder passed over that the client chose another offer, without a Place a Bid", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Fix checkout bug");
    bidOf(db, task._id, LUCAS).status = "declined";
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: LUCAS, db });
    expect(await screen.findByText("The client chose another offer.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Place a Bid" })).toBeNull();
  });

  it("shows the poster of a completed task its offers, without an empty Manage this task", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Fix checkout bug");
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_FREELANCER, db });
    expect(await screen.findByRole("region", { name: "Offers" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Manage this task" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Manage this task" })).toBeNull();
  });

  it("closes bidding once the deadline has passed", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "SEO audit");
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_CLIENT, db });
    expect(await screen.findByText("Bidding has closed for this task.")).toBeTruthy();
    expect(screen.getByTitle("Task status: Closed")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Place a Bid" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("lists the offers of a task whose poster made them public", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    task.offersPublic = true;
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: AISHA, db });
    const offers = await screen.findByRole("region", { name: "Offers" });
    const rows = within(offers).getAllByRole("listitem");
    // Names and amounts only: when and whether an offer changed stays with its bidder and the poster.
    expect(rows.map((row) => row.textContent)).toEqual(["Maya Patel$450.00", "Lucas Moreau$360.00"]);
  });

  it("keeps the offers private when the poster did not make them public", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: AISHA, db });
    expect(await screen.findByText("You bid for 2 opportunities.")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Offers" })).toBeNull();
  });

  it("shows a visitor the task without its contact email, and sends them to log in and back to bid or ask", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const { router, screen } = await renderRoute(`/task-details/${task._id}`, { db });
    expect(await screen.findByRole("heading", { level: 1, name: task.title })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/task-details/${task._id}`);
    expect(screen.getByText(task.description)).toBeTruthy();
    const back = `/auth/login?redirect=${encodeURIComponent(`/task-details/${task._id}`)}`;
    expect(screen.getByRole("link", { name: "Log in to see it" }).getAttribute("href")).toBe(back);
    expect(screen.queryByRole("link", { name: /^mailto:|@/ })).toBeNull();
    // Place a Bid's way back opens the bid form on return.
    expect(screen.getByRole("link", { name: "Place a Bid" }).getAttribute("href")).toBe(
      `/auth/login?redirect=${encodeURIComponent(`/task-details/${task._id}?bid=open`)}`,
    );
    expect(
      (await screen.findByRole("link", { name: "Log in to ask the client a question" })).getAttribute("href"),
    ).toBe(back);
    expect(screen.queryByLabelText("Ask the client a question")).toBeNull();
  });

  it("says the task does not exist", async () => {
    const { screen } = await renderRoute("/task-details/t-gone", { as: DEMO_CLIENT });
    expect(await screen.findByRole("heading", { name: "This task does not exist or has been deleted." })).toBeTruthy();
    expect(screen.getByText("404")).toBeTruthy();
  });

  it("shows the server's sentence when the API fails", async () => {
    const { screen } = await renderRoute("/task-details/t000001", {
      as: DEMO_CLIENT,
      handlers: [
        http.get("*/api/tasks/:id", () =>
          HttpResponse.json(
            { type: "about:blank", title: "Internal Server Error", status: 500, detail: "The database is resting." },
            { status: 500, headers: { "content-type": "application/problem+json" } },
          ),
        ),
      ],
    });
    expect(await screen.findByRole("heading", { name: "The database is resting." })).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
  });

  it("says the network is down when the API cannot be reached", async () => {
    const { screen } = await renderRoute("/task-details/t000001", {
      as: DEMO_CLIENT,
      handlers: [http.get("*/api/tasks/:id", () => HttpResponse.error())],
    });
    expect(
      await screen.findByRole("heading", { name: "Could not reach QuickGig. Check your connection and try again." }),
    ).toBeTruthy();
    expect(screen.getByText("503")).toBeTruthy();
  });
});
