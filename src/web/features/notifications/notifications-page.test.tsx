import { describe, expect, it } from "vitest";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

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
});
