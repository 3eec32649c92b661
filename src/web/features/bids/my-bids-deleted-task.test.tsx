import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

describe("My Bids and a deleted task", () => {
  it("keeps the offer, marked Task deleted in words, with the title and no link to the gone page", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    const bid = db.bids.find((candidate) => candidate.bidderId === maya?.id && candidate.status === "pending");
    const task = db.tasks.find((candidate) => candidate.id === bid?.taskId);
    if (!bid || !task) throw new Error("the demo has a pending bid of Maya's");
    // The poster deletes the task (as DELETE /api/tasks/:id does in mock mode).
    db.viewerId = task.ownerId;
    const deleted = await fetch(`${location.origin}/api/tasks/${task.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);

    const { screen } = await renderRoute("/dashboard/my-bids", { as: DEMO_FREELANCER, db });
    const list = await screen.findByRole("list", { name: /^Your bids/ });
    const item = within(list)
      .getAllByRole("listitem")
      .find((candidate) => candidate.textContent?.includes(task.title)) as HTMLElement;
    expect(item).toBeTruthy();
    expect(within(item).getByText("Task deleted")).toBeTruthy();
    expect(within(item).getByTitle("Bid status: Cancelled")).toBeTruthy();
    expect(within(item).queryByRole("link")).toBeNull();
    expect(within(item).getByText(task.title).tagName).toBe("P");
  });
});
