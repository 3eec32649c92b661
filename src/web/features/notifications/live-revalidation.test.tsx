import { waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { findBid, taskTitled } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { receiveNotice } from "./live-updates.ts";

const notice = (taskId: string, kind: "bid-accepted" | "bid-new" = "bid-accepted") => ({
  id: Math.floor(Math.random() * 1e9),
  kind,
  data: { taskId, taskTitle: "A task" },
  read: false,
  createdAt: new Date().toISOString(),
});

describe("pages that stay true while people act", () => {
  it("reads My Bids again when a notice says a bid of mine was accepted", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const { screen } = await renderRoute("/dashboard/my-bids", { as: DEMO_FREELANCER, db });
    const list = await screen.findByRole("list", { name: /^Your bids/ });
    const row = () =>
      within(list)
        .getAllByRole("listitem")
        .find((item) => item.textContent?.includes(task.title));
    expect(within(row() as HTMLElement).getByTitle("Bid status: Pending")).toBeTruthy();
    // The client hires Maya in another browser; the stream brings the notice.
    const bid = findBid(db, task.id, DEMO_FREELANCER);
    if (!bid) throw new Error("Maya has no bid on the landing page");
    bid.status = "accepted";
    task.status = "assigned";
    receiveNotice(notice(task.id));
    await waitFor(() => expect(within(row() as HTMLElement).getByTitle("Bid status: Accepted")).toBeTruthy());
    expect(within(row() as HTMLElement).getByTitle("Task status: Assigned")).toBeTruthy();
  });

  it("reads a task's page again for a notice about that task", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const other = taskTitled(db, "Social media plan");
    const { screen } = await renderRoute(`/task-details/${task.id}`, { as: DEMO_CLIENT, db });
    expect(await screen.findByRole("heading", { level: 1, name: task.title })).toBeTruthy();
    task.title = "Landing page, renamed elsewhere";
    // A notice about another task comes too; the one about this task brings the new title.
    receiveNotice(notice(other.id, "bid-new"));
    receiveNotice(notice(task.id, "bid-new"));
    expect(await screen.findByText("Landing page, renamed elsewhere", { selector: "h1" })).toBeTruthy();
  });
});
