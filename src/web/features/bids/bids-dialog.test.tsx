import { waitFor, within } from "@testing-library/react";
import { type HttpHandler, HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/messages.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { problem } from "../../mocks/scenarios.ts";
import type { MockStore } from "../../mocks/store.ts";
import { bidOf, LUCAS, taskTitled } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi, server } from "../../test/setup.ts";

/** The demo client opens "Bids" of one of their tasks on My Posted Tasks. */
async function openBids(db: MockStore, title: string, handlers: HttpHandler[] = []) {
  const view = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db, handlers });
  const table = await view.screen.findByRole("table");
  await view.user.click(within(table).getByRole("button", { name: `Bids for ${title}` }));
  const dialog = await view.screen.findByRole("dialog", { name: "Bids for This Task" });
  return { ...view, dialog, table };
}

const offerNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole("list", { name: "Offers" }))
    .getAllByRole("listitem")
    .map((item) => item.getAttribute("aria-label"));

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

describe("Bids for This Task", () => {
  it("shows each offer, sorts them by amount, and hires one after confirming", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    bidOf(db, task._id, LUCAS).amount = 300;
    const { screen, user, dialog, table } = await openBids(db, task.title);
    expect(within(dialog).getByText(task.title)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId("total-bids").textContent).toBe("2"));

    const maya = within(dialog).getByRole("listitem", { name: "Offer from Maya Patel" });
    expect(within(maya).getByText(DEMO_FREELANCER)).toBeTruthy();
    expect(within(maya).getByText("$450.00")).toBeTruthy();
    expect(within(maya).getByText("in 5 days")).toBeTruthy();
    expect(within(maya).getByText("I can start tomorrow and keep you updated every other day.")).toBeTruthy();
    expect(within(maya).getByRole("link", { name: "Message Maya Patel" }).getAttribute("href")).toBe(
      `/dashboard/messages/${task._id}/${bidOf(db, task._id, DEMO_FREELANCER).bidderId}`,
    );

    // Oldest first, then the lowest amount first.
    expect(offerNames(dialog)).toEqual(["Offer from Maya Patel", "Offer from Lucas Moreau"]);
    await user.selectOptions(within(dialog).getByRole("combobox"), "amount");
    expect(offerNames(dialog)).toEqual(["Offer from Lucas Moreau", "Offer from Maya Patel"]);

    // The server hires and declines the other offers (src/server/hiring/hiring.api.test.ts, "accept: ...
    // the others declined"): its answer here, before the mock keeps the hire that was sent.
    let sent: unknown;
    server.use(
      http.post("*/api/tasks/:id/accept", async ({ request }) => {
        sent = await request.clone().json();
        bidOf(db, task._id, DEMO_FREELANCER).status = "declined";
        return undefined;
      }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Accept bid from Lucas Moreau" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Accept this bid?" });
    expect(
      within(confirm).getByText("Lucas Moreau will be hired for $300.00. The other offers will be declined."),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Accept bid" }));

    expect(await screen.findByText("You hired Lucas Moreau.")).toBeTruthy();
    // The offer hired, at the amount the poster saw.
    expect(sent).toEqual({ bidId: bidOf(db, task._id, LUCAS)._id, amount: 300 });
    const lucas = within(dialog).getByRole("listitem", { name: "Offer from Lucas Moreau" });
    expect(await within(lucas).findByTitle("Bid status: Accepted")).toBeTruthy();
    expect(within(dialog).getByRole("listitem", { name: "Offer from Maya Patel" }).textContent).toContain("Declined");
    expect(within(dialog).queryByRole("button", { name: /Accept bid/ })).toBeNull();

    // The list behind the dialog follows: assigned, to whom, for how much.
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const row = within(table).getByRole("row", { name: new RegExp(task.title) });
    expect(within(row).getByTitle("Task status: Assigned")).toBeTruthy();
    expect(within(row).getByText("Lucas Moreau")).toBeTruthy();
  });

  it("hires nobody when the confirmation is declined", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const { screen, user, dialog } = await openBids(db, task.title);
    await user.click(await within(dialog).findByRole("button", { name: "Accept bid from Maya Patel" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(task.status).toBe("open");
    expect(within(dialog).getByRole("button", { name: "Accept bid from Maya Patel" })).toBeTruthy();
  });

  it("says so when the bidder changed the offer meanwhile, and shows it as it now is", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    let sent: unknown;
    // The server compares the amount the poster saw with the offer as it now is, and refuses.
    const refusal = http.post(
      "*/api/tasks/:id/accept",
      async ({ request }) => {
        sent = await request.json();
        return problem(409, MESSAGES.offerChanged);
      },
      { once: true },
    );
    const { screen, user, dialog } = await openBids(db, task.title, [refusal]);
    await within(dialog).findByText("$360.00");
    const lucas = bidOf(db, task._id, LUCAS);
    lucas.amount = 320;
    await user.click(within(dialog).getByRole("button", { name: "Accept bid from Lucas Moreau" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Accept bid" }));
    expect(await screen.findByText(MESSAGES.offerChanged)).toBeTruthy();
    expect(sent).toEqual({ bidId: lucas._id, amount: 360 });
    expect(await within(dialog).findByText("$320.00")).toBeTruthy();
    expect(within(dialog).queryByText("$360.00")).toBeNull();
    expect(task.status).toBe("open");
    expect(within(dialog).getByRole("button", { name: "Accept bid from Lucas Moreau" })).toBeTruthy();
  });

  it("offers no hiring on a task that already has a freelancer", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Logo and colour palette");
    const { dialog } = await openBids(db, task.title);
    const aisha = await within(dialog).findByRole("listitem", { name: "Offer from Aisha Bello" });
    expect(await within(aisha).findByTitle("Bid status: Accepted")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: /Accept bid/ })).toBeNull();
    // One offer: nothing to sort.
    expect(within(dialog).queryByRole("combobox")).toBeNull();
  });

  it("says when a task has no bids yet", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Five blog posts");
    const { dialog } = await openBids(db, task.title);
    expect(await within(dialog).findByText("No bids yet.")).toBeTruthy();
    expect(within(dialog).getByTestId("total-bids").textContent).toBe("0");
  });

  it("shows the server's sentence when the bids cannot be read", async () => {
    const db = freshMockApi();
    const failing = http.get("*/api/bids", () =>
      HttpResponse.json(
        { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Bids are resting." },
        { status: 500, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const { dialog } = await openBids(db, taskTitled(db, "Landing page").title, [failing]);
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Bids are resting.");
  });

  it("says the network is down when the bids cannot be reached", async () => {
    const db = freshMockApi();
    const { dialog } = await openBids(db, taskTitled(db, "Landing page").title, [
      http.get("*/api/bids", () => HttpResponse.error()),
    ]);
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Could not reach QuickGig. Check your connection and try again.",
    );
  });
});
