import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/render-route.tsx";

describe("How reputation works", () => {
  it("gives the rates' formulas in the words the profile's explanations use", async () => {
    const { screen } = await renderRoute("/how-reputation-works");
    const completion = await screen.findByRole("heading", { level: 2, name: "Completion rate (freelancers)" });
    const completionText = completion.parentElement?.textContent ?? "";
    expect(completionText).toContain("Tasks completed divided by tasks completed or given back");
    expect(completionText).toContain("a client cancelling a task does not count at all");
    expect(completionText).toContain("It is shown once 5 tasks are completed or given back.");

    const cancellation = screen.getByRole("heading", { level: 2, name: "Cancellation rate (clients)" });
    const cancellationText = cancellation.parentElement?.textContent ?? "";
    expect(cancellationText).toContain("Hired tasks cancelled divided by hired tasks completed or cancelled");
    expect(cancellationText).toContain("A freelancer giving a task back is not the client's doing and does not count");
    expect(cancellationText).toContain("It too is shown once 5 hired tasks are completed or cancelled.");
  });
});
