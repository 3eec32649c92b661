import { act } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { setUnreadCounts } from "./live-updates.ts";

describe("Notifications", () => {
  it("lists what happened with links, and marks everything read", async () => {
    const db = freshMockApi();
    const maya = db.users.find((user) => user.email === DEMO_FREELANCER);
    db.viewerId = maya?.id ?? null;
    const client = db.users.find((user) => user.email === DEMO_CLIENT);
    const open = db.tasks.find(
      (task) =>
        task.status === "open" &&
        task.ownerId === client?.id &&
        task.deadline >= new Date().toISOString().slice(0, 10) &&
        !db.bids.some((bid) => bid.taskId === task.id && bid.bidderId === maya?.id),
    );
    db.placeBid(open?.id ?? "", { amount: 123 });
    const { screen, user } = await renderRoute("/dashboard/notifications", { as: DEMO_CLIENT, db });
    expect(await screen.findByText(new RegExp(`bid for \\$123\\.00 on “${open?.title}”`))).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Mark all as read/ }));
    expect(db.notices.every((notice) => notice.read)).toBe(true);
  });

  it("says when there is nothing yet", async () => {
    const { screen } = await renderRoute("/dashboard/notifications", { as: DEMO_FREELANCER });
    expect(await screen.findByText(/no notifications/i)).toBeTruthy();
  });

  it("fetches notices the live stream never sent when the counts say there are more", async () => {
    const { screen, db } = await renderRoute("/dashboard/notifications", { as: DEMO_FREELANCER });
    expect(await screen.findByText("No notifications yet.")).toBeTruthy();
    // Written before this tab's stream connected: only the counts tell of it.
    const maya = db.users.find((user) => user.email === DEMO_FREELANCER);
    const task = db.tasks[0];
    if (!maya || !task) throw new Error("no demo data");
    db.notify(maya.id, "task-completed", task);
    act(() => setUnreadCounts({ notifications: 1, messages: 0 }));
    expect(await screen.findByText(`“${task.title}” was marked completed by the client.`)).toBeTruthy();
  });
});
