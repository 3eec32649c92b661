import { waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MockNotice } from "../../mocks/store.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

describe("Notification bell", () => {
  it("shows the unread count the server answers with, and the dashboard menu shows it too", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER)?.id ?? "";
    const [hired, gone] = db.tasks;
    if (!hired || !gone) throw new Error("No demo tasks");
    // What the server told Maya: her bid accepted, and a task she bid on deleted.
    const told = (kind: MockNotice["kind"], task: typeof hired, extra: { amount?: number } = {}) =>
      db.notices.push({
        id: db.notices.length + 1,
        userId: maya,
        kind,
        data: { taskId: task._id, taskTitle: task.title, ...extra },
        read: false,
        createdAt: db.now(),
      } satisfies MockNotice);
    told("bid-accepted", hired, { amount: 120 });
    told("task-deleted", gone);
    const { screen, user } = await renderRoute("/dashboard/notifications", { as: DEMO_FREELANCER, db });
    const list = await screen.findByRole("list", { name: "Notifications" });
    const banner = within(screen.getByRole("banner"));
    // Nothing known yet without the live stream (jsdom has no EventSource).
    expect(banner.getByRole("link", { name: "Notifications" })).toBeTruthy();

    // A deleted task has nothing to open: its notice is read with its own button.
    const deleted = within(list)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.includes("was deleted by the client")) as HTMLElement;
    await user.click(within(deleted).getByRole("button", { name: "Mark as read" }));
    expect(await banner.findByRole("link", { name: "Notifications, 1 unread" })).toBeTruthy();
    expect(banner.getByRole("link", { name: "Notifications, 1 unread" }).textContent).toBe("1");
    const menu = within(screen.getByRole("navigation", { name: "Dashboard" }));
    expect(menu.getByRole("link", { name: /Notifications/ }).textContent).toBe("Notifications1 unread");
    expect(db.notices.filter((notice) => notice.userId === maya).map((notice) => notice.read)).toEqual([false, true]);
    expect(within(deleted).queryByRole("button", { name: "Mark as read" })).toBeNull();

    await user.click(screen.getByRole("button", { name: /Mark all as read/ }));
    await waitFor(() => expect(banner.getByRole("link", { name: "Notifications" })).toBeTruthy());
    expect(menu.getByRole("link", { name: /Notifications/ }).textContent).toBe("Notifications");
    expect(within(list).queryByText("New")).toBeNull();
  });
});
