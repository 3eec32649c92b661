import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

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
