import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

describe("My Bids and a deleted task", () => {
  it("keeps the offer, marked Task deleted in words, with the title and no link to the gone page", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    const bid = db.bids.find((candidate) => candidate.bidderId === maya?.id && candidate.status === "pending");
    const task = db.tasks.find((candidate) => candidate._id === bid?.taskId);
    if (!bid || !task) throw new Error("the demo has a pending bid of Maya's");
    // The poster deletes the task (as DELETE /api/tasks/:id does in mock mode).
    db.viewerId = task.ownerId ?? null;
    const deleted = await fetch(`${location.origin}/api/tasks/${task._id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    // The server ends the pending offer with its task (src/server/bids/deleted-task-offers.api.test.ts);
    // the mock keeps it as it was, so it is given the status the server answers.
    const kept = db.keptBids.find((candidate) => candidate._id === bid._id);
    if (!kept) throw new Error("mock mode keeps the offers of a deleted task");
    kept.status = "cancelled";

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
