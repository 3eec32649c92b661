import { within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { REMOVED_TASK_TITLE, type Review } from "../../../contract/reputation.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

describe("A review on a profile", () => {
  it("links its task's title to the task's page, and shows the title alone when the mock has no such task", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    // Work done before the mock's tasks: a published review with no task (an empty taskId).
    const before = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000).toISOString();
    db.reviews.push({
      _id: db.nextId("r"),
      taskId: "",
      taskTitle: "Poster for a summer concert",
      role: "client",
      author: db.person(db.users.find((person) => person.email === DEMO_CLIENT)?.id ?? ""),
      subject: db.person(maya?.id ?? ""),
      rating: 5,
      text: "A poster people stopped to read.",
      createdAt: before,
      updatedAt: before,
      publishedAt: before,
      answer: null,
    } satisfies Review);
    const { screen } = await renderRoute(`/users/${maya?.id}`, { db });
    const list = await screen.findByRole("list", { name: "Reviews as a freelancer" });

    // Every task a review links to is a task of the mock: none leads to a 404 page.
    const taskLinks = within(list)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href") ?? "")
      .filter((href) => href.startsWith("/task-details/"));
    expect(taskLinks.length).toBeGreaterThan(0);
    const taskIds = new Set(db.tasks.map((task) => task._id));
    for (const href of taskLinks) {
      expect(taskIds.has(decodeURIComponent(href.slice("/task-details/".length))), href).toBe(true);
    }

    // Work done before the mock's tasks: its title, without a link.
    expect(within(list).getByText("Poster for a summer concert")).toBeTruthy();
    expect(within(list).queryByRole("link", { name: "Poster for a summer concert" })).toBeNull();
  });
});

describe("A review of a task a moderator removed", () => {
  it("says so in place of the title, with no link to the removed task", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    const review: Review = {
      _id: "r-removed",
      taskId: "t-removed",
      taskTitle: REMOVED_TASK_TITLE,
      taskRemoved: true,
      role: "client",
      author: { id: "u-client", name: "Demo Client", image: null },
      subject: { id: maya?.id ?? "", name: maya?.name ?? "", image: null },
      rating: 4,
      text: "Good work.",
      createdAt: "2026-10-01T10:00:00.000Z",
      updatedAt: "2026-10-01T10:00:00.000Z",
      publishedAt: "2026-10-02T10:00:00.000Z",
      answer: null,
    };
    const { screen } = await renderRoute(`/users/${maya?.id}`, {
      db,
      handlers: [http.get("*/api/users/:id/reviews", () => HttpResponse.json({ reviews: [review], total: 1 }))],
    });
    const list = await screen.findByRole("list", { name: "Reviews as a freelancer" });
    expect(within(list).getByText(REMOVED_TASK_TITLE)).toBeTruthy();
    expect(within(list).queryByRole("link", { name: REMOVED_TASK_TITLE })).toBeNull();
    expect(
      within(list)
        .queryAllByRole("link")
        .some((link) => link.getAttribute("href")?.includes("t-removed")),
    ).toBe(false);
  });
});
