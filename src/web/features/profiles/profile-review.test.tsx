import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

describe("A review on a profile", () => {
  it("links its task's title to the task's page, and shows the title alone when the mock has no such task", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    const { screen } = await renderRoute(`/users/${maya?.id}`, { db });
    const list = await screen.findByRole("list", { name: "Reviews as a freelancer" });

    // Every task a review links to is a task of the mock: none leads to a 404 page.
    const taskLinks = within(list)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href") ?? "")
      .filter((href) => href.startsWith("/task-details/"));
    expect(taskLinks.length).toBeGreaterThan(0);
    const taskIds = new Set(db.tasks.map((task) => task.id));
    for (const href of taskLinks) {
      expect(taskIds.has(decodeURIComponent(href.slice("/task-details/".length))), href).toBe(true);
    }

    // Work done before the mock's tasks: its title, without a link.
    expect(within(list).getByText("Poster for a summer concert")).toBeTruthy();
    expect(within(list).queryByRole("link", { name: "Poster for a summer concert" })).toBeNull();
  });
});
