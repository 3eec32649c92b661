import { screen as page, render, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { TaskCard } from "./task-card.tsx";

/** The demo's first open task, made the newest and past its deadline. */
function expiredTask() {
  const db = freshMockApi();
  const [past] = db.tasks.filter((task) => task.status === "open");
  if (!past) throw new Error("the demo has open tasks");
  past.title = "Expired mural";
  past.deadline = "2020-01-01";
  past.createdAt = new Date().toISOString();
  return db;
}

describe("a task card on Browse Tasks", () => {
  it("does not list a task past its deadline under Open", async () => {
    const { screen } = await renderRoute("/browse-tasks", { db: expiredTask() });
    expect((await screen.findAllByRole("article")).length).toBeGreaterThan(0);
    expect(screen.queryByText("Expired mural")).toBeNull();
    expect(screen.queryByText("Bidding closed: the deadline has passed")).toBeNull();
  });

  it("lists it under Closed, saying in words why it takes no offers", async () => {
    const { screen } = await renderRoute("/browse-tasks?status=closed", { db: expiredTask() });
    const card = (await screen.findByRole("heading", { name: "Expired mural" })).closest("article");
    expect(within(card as HTMLElement).getByText("Bidding closed: the deadline has passed")).toBeTruthy();
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("closed");
  });

  it("says an assigned task is not taking offers", async () => {
    const db = freshMockApi();
    const [assigned] = db.tasks.filter((task) => task.status === "open");
    if (!assigned) throw new Error("the demo has open tasks");
    assigned.title = "Taken mural";
    assigned.status = "assigned";
    const { screen } = await renderRoute("/browse-tasks?status=assigned", { db });
    const card = (await screen.findByRole("heading", { name: "Taken mural" })).closest("article");
    expect(within(card as HTMLElement).getByText("Assigned — not taking offers")).toBeTruthy();
  });
});

describe("a Browse Tasks card that helps choose (issue 45)", () => {
  const task = {
    _id: "t1",
    title: "Logo for a bakery",
    category: "Design",
    budget: 300,
    deadline: "2099-01-01",
    description: "\n  A warm, hand-drawn logo for our corner bakery.\nWe bake sourdough and pastries.",
    userName: "Alex Johnson",
    ownerId: "u-alex",
  };
  const card = (shown: Parameters<typeof TaskCard>[0]["task"]) => {
    render(
      <MemoryRouter>
        <TaskCard task={shown} linkLabel="See Details" />
      </MemoryRouter>,
    );
    return within(page.getByRole("article"));
  };

  it("shows the description's first line, the poster with their rating, and the number of offers", () => {
    const shown = card({ ...task, bidCount: 3, posterRating: { rating: 4.5, reviews: 2 } });
    expect(shown.getByText("A warm, hand-drawn logo for our corner bakery.")).toBeTruthy();
    expect(shown.queryByText(/We bake sourdough/)).toBeNull();
    expect(shown.getByRole("link", { name: "Alex Johnson" }).getAttribute("href")).toBe("/users/u-alex");
    expect(shown.getByText(/Posted by/).closest("p")?.textContent).toBe(
      "Posted byAlex Johnson·★ 4.5 out of 5 stars (2 reviews)",
    );
    expect(shown.getByText("Offers:").nextElementSibling?.textContent).toBe("3");
  });

  it("says when the poster has no reviews and the task no offers yet", () => {
    const shown = card({ ...task, bidCount: 0, posterRating: { rating: null, reviews: 0 } });
    expect(shown.getByText("No reviews yet")).toBeTruthy();
    expect(shown.getByText("Offers:").nextElementSibling?.textContent).toBe("None yet");
  });

  it("stays as it was where the list gives none of these (the home page's featured tasks)", () => {
    const shown = card(task);
    expect(shown.queryByText(/Posted by/)).toBeNull();
    expect(shown.queryByText("Offers:")).toBeNull();
    expect(shown.queryByText(/hand-drawn/)).toBeNull();
  });
});
