import { act, cleanup, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import type { DashboardSummary } from "../../../contract/schemas.ts";
import { DEMO_CLIENT, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { setUnreadCounts } from "../notifications/live-updates.ts";

type View = Awaited<ReturnType<typeof renderRoute>>;

/** A figure's card: its value and its note. */
function stat(view: View, label: string) {
  const card = view.screen.getByText(label).closest("li") as HTMLElement;
  const [, value, note] = Array.from(card.querySelectorAll("p")).map((p) => p.textContent);
  return { value, note };
}

const counts = (view: View, title: string) =>
  within(view.screen.getByRole("region", { name: title }))
    .getAllByRole("listitem")
    .map((item) => item.textContent);

describe("Dashboard home", () => {
  it("shows the person's own figures, their latest activity and the quick actions", async () => {
    const view = await renderRoute("/dashboard", { as: DEMO_CLIENT });
    const { screen, db } = view;
    expect(screen.getByText("Loading QuickGig")).toBeTruthy();
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(screen.getByText("Welcome back, Demo Client! Here is an overview of your activity.")).toBeTruthy();
    // The demo client did Maya's checkout fix ($342), posted one task that is now assigned and two
    // that are completed (Maya's $160 and Lucas's $240).
    expect(stat(view, "Total Earnings")).toEqual({ value: "$342.00", note: "from 1 completed task" });
    expect(stat(view, "Active Projects")).toEqual({ value: "1", note: "1 you posted, 0 you work on" });
    expect(stat(view, "Proposals Sent")).toEqual({ value: "3", note: "2 awaiting reply, 1 accepted" });
    expect(stat(view, "Total Spent")).toEqual({ value: "$400.00", note: "on 2 completed tasks" });
    expect(counts(view, "Tasks you posted")).toEqual(["Open 2", "Assigned 1", "Completed 2", "Cancelled 0"]);
    expect(counts(view, "Your bids")).toEqual(["Pending 2", "Accepted 1", "Declined 0", "Withdrawn 0", "Cancelled 0"]);

    const activity = within(screen.getByRole("region", { name: "Recent Activity" })).getAllByRole("link");
    expect(activity).toHaveLength(8);
    const dashboardBid = db.tasks.find((task) => task.title.startsWith("React dashboard"));
    const bidLink = activity.find((link) => link.textContent?.startsWith("You bid $1,080.00"));
    expect(bidLink?.textContent).toBe(`You bid $1,080.00 on “${dashboardBid?.title}”`);
    expect(bidLink?.getAttribute("href")).toBe(`/task-details/${dashboardBid?._id}`);
    expect(activity.some((link) => link.textContent === "You posted “Five blog posts about home composting”")).toBe(
      true,
    );

    const actions = within(screen.getByRole("region", { name: "Quick Actions" }));
    expect(actions.getByRole("link", { name: "Post a New Task" }).getAttribute("href")).toBe("/dashboard/add-task");
    expect(actions.getByRole("link", { name: "Find Work" }).getAttribute("href")).toBe("/browse-tasks");
    await waitFor(() => expect(document.title).toBe("Dashboard - QuickGig"));
  });

  it("says there is nothing yet for a new member", async () => {
    const db = freshMockApi();
    db.users.push({
      id: "u-new",
      name: "New Member",
      email: "new@example.com",
      image: null,
      emailVerified: true,
      role: null,
      grantedAt: null,
    });
    const view = await renderRoute("/dashboard", { as: "new@example.com", db });
    expect(await view.screen.findByText("Nothing yet: post a task or place a bid, and it shows here.")).toBeTruthy();
    expect(stat(view, "Total Earnings")).toEqual({ value: "$0.00", note: "from 0 completed tasks" });
    expect(stat(view, "Proposals Sent")).toEqual({ value: "0", note: "0 awaiting reply, 0 accepted" });
  });

  it("words each kind of activity", async () => {
    const summary: DashboardSummary = {
      tasks: { open: 0, assigned: 0, completed: 1, cancelled: 0 },
      bids: { pending: 0, accepted: 2, declined: 0, withdrawn: 0, cancelled: 0 },
      spent: 1234.5,
      earned: 0,
      working: 1,
      completedJobs: 0,
      activity: [
        {
          kind: "hired",
          taskId: "t1",
          title: "Logo",
          time: "2026-01-03T10:00:00.000Z",
          amount: 80,
          status: "assigned",
        },
        { kind: "hired", taskId: "t2", title: "Poster", time: "2026-01-02T10:00:00.000Z", status: "assigned" },
        { kind: "hired", taskId: "t3", title: "Flyer", time: "2026-01-01T10:00:00.000Z", status: "completed" },
      ],
    };
    const view = await renderRoute("/dashboard", {
      as: DEMO_CLIENT,
      handlers: [http.get("*/api/me/summary", () => HttpResponse.json(summary))],
    });
    const region = await view.screen.findByRole("region", { name: "Recent Activity" });
    expect(
      within(region)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["You were hired for “Logo” at $80.00", "You were hired for “Poster”", "You completed “Flyer”"]);
    expect(stat(view, "Total Spent")).toEqual({ value: "$1,234.50", note: "on 1 completed task" });
  });

  it("opens the dashboard menu in a drawer, which closes after choosing a page", async () => {
    const { screen, user, router } = await renderRoute("/dashboard", { as: DEMO_CLIENT });
    await user.click(await screen.findByRole("button", { name: "Dashboard menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Dashboard" });
    const home = within(drawer).getByRole("link", { name: "Home" });
    expect(home.getAttribute("aria-current")).toBe("page");
    await user.click(within(drawer).getByRole("link", { name: "My Bids" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/my-bids"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("heading", { level: 1, name: "My Bids" })).toBeTruthy();
  });

  it("shows the server's sentence when the figures cannot be read", async () => {
    const { screen } = await renderRoute("/dashboard", {
      as: DEMO_CLIENT,
      handlers: [
        http.get("*/api/me/summary", () =>
          HttpResponse.json(
            { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Figures are resting." },
            { status: 500, headers: { "content-type": "application/problem+json" } },
          ),
        ),
      ],
    });
    expect(await screen.findByRole("heading", { name: "Figures are resting." })).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
  });

  it("says the network is down when the figures cannot be reached", async () => {
    const { screen } = await renderRoute("/dashboard", {
      as: DEMO_CLIENT,
      handlers: [http.get("*/api/me/summary", () => HttpResponse.error())],
    });
    expect(
      await screen.findByRole("heading", { name: "Could not reach QuickGig. Check your connection and try again." }),
    ).toBeTruthy();
  });

  it("ends the side menu with the way to the moderators' queue for staff, and only for them", async () => {
    const menuLinks = (view: View) =>
      within(view.screen.getByRole("navigation", { name: "Dashboard" }))
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]);
    let asked = 0;
    const client = await renderRoute("/dashboard", {
      as: DEMO_CLIENT,
      handlers: [
        http.get("*/api/me/standing", () => {
          asked += 1;
          return HttpResponse.json({ role: null, limited: null, sanctions: [] });
        }),
      ],
    });
    await client.screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    expect(menuLinks(client).map(([label]) => label)).not.toContain("Moderation");
    cleanup();

    const admin = await renderRoute("/dashboard", { as: "admin@quickgig.dev" });
    await admin.screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(menuLinks(admin).at(-1)).toEqual(["Moderation", "/admin"]));
    expect(menuLinks(admin)[0]).toEqual(["Home", "/dashboard"]);
    // What waits in the queue, live from the staff's counts (issue 46).
    act(() => setUnreadCounts({ notifications: 0, messages: 0, queue: 3 }));
    try {
      expect(menuLinks(admin).at(-1)).toEqual(["Moderation3 waiting", "/admin"]);
    } finally {
      act(() => setUnreadCounts(null));
    }
  });

  it("sends a visitor to the login page, with the way back", async () => {
    const { router, screen } = await renderRoute("/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"));
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/dashboard");
    expect(await screen.findByRole("heading", { name: "Login Your Account" })).toBeTruthy();
  });
});
