import { within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { LIMITS } from "../../../contract/limits.ts";
import { closeDialog } from "../../lib/dialogs.ts";
import { AISHA, LUCAS, taskTitled } from "../../test/demo.ts";
import { DEMO_CLIENT, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

describe("Leave a review in the lists", () => {
  it("is on My Posted Tasks for a task whose review is due, and opens the task's review form", async () => {
    const db = freshMockApi();
    const due = taskTitled(db, "Set up analytics");
    const published = taskTitled(db, "Retouch menu photos");
    const { screen, user, router } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    const table = await screen.findByRole("table");
    const row = (title: string) => within(table).getByRole("row", { name: new RegExp(title) });
    const action = within(row(due.title)).getByRole("link", { name: `Leave a review: ${due.title}` });
    expect(action.getAttribute("href")).toBe(`/task-details/${due._id}#review`);
    // Reviewed already, or not ended: nothing to write.
    expect(within(row(published.title)).queryByRole("link", { name: /Leave a review/ })).toBeNull();
    expect(within(row("Landing page")).queryByRole("link", { name: /Leave a review/ })).toBeNull();

    await user.click(action);
    expect(await screen.findByRole("dialog", { name: "Review Lucas Moreau" })).toBeTruthy();
    expect(router.state.location.hash).toBe("#review");
  });

  it("is on My Bids for the hired freelancer of a task ended, until the window closes", async () => {
    const db = freshMockApi();
    const logo = taskTitled(db, "Logo and colour palette");
    // Ended today, as the server keeps it: completed, with its review window open.
    logo.status = "completed";
    db.reviewWindows.set(logo._id, daysFromNow(LIMITS.reviewWindowDays));
    const { screen, user } = await renderRoute("/dashboard/my-bids", { as: AISHA, db });
    const list = await screen.findByRole("list", { name: /^Your bids/ });
    const action = within(list).getByRole("link", { name: `Leave a review: ${logo.title}` });
    expect(action.getAttribute("href")).toBe(`/task-details/${logo._id}#review`);
    expect(within(list).getAllByRole("link", { name: /^Leave a review/ })).toHaveLength(1);

    await user.click(action);
    const dialog = await screen.findByRole("dialog", { name: "Review Demo Client" });
    expect(within(dialog).getAllByRole("radiogroup")).toHaveLength(1);
  });

  it("is not on My Bids once reviewed", async () => {
    const db = freshMockApi();
    const analytics = taskTitled(db, "Set up analytics");
    const { screen } = await renderRoute("/dashboard/my-bids", { as: LUCAS, db });
    const list = await screen.findByRole("list", { name: /^Your bids/ });
    expect(within(list).getByRole("link", { name: analytics.title })).toBeTruthy();
    expect(within(list).queryByRole("link", { name: /Leave a review/ })).toBeNull();
  });

  it("is not on My Bids once the time to review has ended", async () => {
    const db = freshMockApi();
    const logo = taskTitled(db, "Logo and colour palette");
    // Ended 15 days ago: its review window closed yesterday.
    logo.status = "completed";
    db.reviewWindows.set(logo._id, daysFromNow(LIMITS.reviewWindowDays - 15));
    const { screen } = await renderRoute("/dashboard/my-bids", { as: AISHA, db });
    const list = await screen.findByRole("list", { name: /^Your bids/ });
    expect(within(list).getByRole("link", { name: logo.title })).toBeTruthy();
    expect(within(list).queryByRole("link", { name: /Leave a review/ })).toBeNull();
  });

  it("opens no form on a task's page from a stale link: the review was written meanwhile", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Set up analytics");
    const { screen } = await renderRoute(`/task-details/${task._id}#review`, { as: LUCAS, db });
    const section = await screen.findByRole("region", { name: "Reviews" });
    expect(await within(section).findByRole("article", { name: "Your review" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
