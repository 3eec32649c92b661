import { waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Review } from "../../../contract/reputation.ts";
import { findBid, LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { receiveNotice } from "./live-updates.ts";

const notice = (taskId: string, kind: "bid-accepted" | "bid-new" | "reviews-published" = "bid-accepted") => ({
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
    const bid = findBid(db, task._id, DEMO_FREELANCER);
    if (!bid) throw new Error("Maya has no bid on the landing page");
    bid.status = "accepted";
    task.status = "assigned";
    receiveNotice(notice(task._id));
    await waitFor(() => expect(within(row() as HTMLElement).getByTitle("Bid status: Accepted")).toBeTruthy());
    expect(within(row() as HTMLElement).getByTitle("Task status: Assigned")).toBeTruthy();
  });

  it("reads My Posted Tasks again when an offer comes: the task's offer count rises", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const { screen } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    const table = await screen.findByRole("region", { name: "Your posted tasks" });
    const offers = () => {
      const row = within(table).getByRole("rowheader", { name: task.title }).closest("tr") as HTMLElement;
      return within(row).getAllByRole("cell")[4]?.textContent;
    };
    const before = db.bids.filter((bid) => bid.taskId === task._id);
    expect(offers()).toBe(String(before.length));
    // Lucas offers in another browser; the stream brings the poster's notice.
    const [first] = before;
    if (!first) throw new Error("the landing page has no offer to copy");
    db.bids.push({ ...first, _id: "lucas-new-offer", bidderId: userId(db, LUCAS), status: "pending" });
    receiveNotice(notice(task._id, "bid-new"));
    await waitFor(() => expect(offers()).toBe(String(before.length + 1)));
  });

  it("reads a task's page again for a notice about that task", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const other = taskTitled(db, "Social media plan");
    const { screen } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_CLIENT, db });
    expect(await screen.findByRole("heading", { level: 1, name: task.title })).toBeTruthy();
    task.title = "Landing page, renamed elsewhere";
    // A notice about another task comes too; the one about this task brings the new title.
    receiveNotice(notice(other._id, "bid-new"));
    receiveNotice(notice(task._id, "bid-new"));
    expect(await screen.findByText("Landing page, renamed elsewhere", { selector: "h1" })).toBeTruthy();
  });

  it("hears a notice that comes the moment the page is shown, before React's passive effects have run", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    // The notice is handed in from the DOM's own report of the page's heading being added: in the
    // same turn as React's commit, before any passive effect (useEffect) could have listened.
    let told = false;
    const watch = new MutationObserver(() => {
      if (told || document.querySelector("h1")?.textContent !== task.title) return;
      told = true;
      task.title = "Landing page, renamed elsewhere";
      receiveNotice(notice(task._id, "bid-new"));
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      const { screen } = await renderRoute(`/task-details/${task._id}`, { as: DEMO_CLIENT, db });
      expect(await screen.findByText("Landing page, renamed elsewhere", { selector: "h1" })).toBeTruthy();
      expect(told).toBe(true);
    } finally {
      watch.disconnect();
    }
  });

  it("reads a profile again when reviews are published, not for other notices", async () => {
    const db = freshMockApi();
    const analytics = taskTitled(db, "Set up analytics");
    const demo = userId(db, DEMO_CLIENT);
    const { screen } = await renderRoute(`/users/${demo}?as=client`, { as: DEMO_CLIENT, db });
    expect(await screen.findByRole("heading", { level: 1, name: "Demo Client" })).toBeTruthy();
    // Lucas's review of the demo client waits, hidden, for the client's own.
    const lucas = "Organised, clear about what mattered";
    expect(screen.queryByText(new RegExp(lucas))).toBeNull();
    // The demo client reviews Lucas in another tab: the server publishes both.
    const publishedAt = db.now();
    for (const review of db.reviews) if (review.taskId === analytics._id) review.publishedAt = publishedAt;
    db.reviews.push({
      _id: db.nextId("r"),
      taskId: analytics._id,
      taskTitle: analytics.title,
      role: "client",
      author: db.person(demo),
      subject: db.person(userId(db, LUCAS)),
      rating: 5,
      text: "Set everything up and explained the reports.",
      createdAt: publishedAt,
      updatedAt: publishedAt,
      publishedAt,
      answer: null,
    } satisfies Review);
    receiveNotice(notice(analytics._id, "bid-new"));
    receiveNotice(notice(analytics._id, "reviews-published"));
    expect(await screen.findByText(new RegExp(lucas))).toBeTruthy();
  });
});
