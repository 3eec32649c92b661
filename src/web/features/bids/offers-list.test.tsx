import { within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDialog } from "../../lib/dialogs.ts";
import { LUCAS, taskTitled, userId } from "../../test/demo.ts";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

beforeEach(() => {
  toast.dismiss();
  closeDialog();
});

const offerNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole("list", { name: "Offers" }))
    .getAllByRole("listitem")
    .map((item) => item.getAttribute("aria-label"));

describe("The offers' bidders", () => {
  it("show each bidder's rating, reviews and tasks done, link to their profile, and sort by rating", async () => {
    const db = freshMockApi();
    const task = taskTitled(db, "Landing page");
    const maya = userId(db, DEMO_FREELANCER);
    const lucas = userId(db, LUCAS);
    // Maya bid first, without a review yet; Lucas after, well rated.
    // (The offers show the bidder's record as their profile counts it.)
    const record = (id: string, rating: number | null, reviews: number, completed: number) => {
      const profile = db.profiles.get(id)?.asFreelancer;
      if (!profile) throw new Error(`No profile of ${id}`);
      Object.assign(profile.rating.average, { value: rating, shown: rating !== null });
      Object.assign(profile, { completed, rating: { ...profile.rating, count: reviews } });
    };
    record(lucas, 4.8, 12, 15);
    record(maya, null, 0, 2);
    const { screen, user } = await renderRoute("/dashboard/my-posted-tasks", { as: DEMO_CLIENT, db });
    const table = await screen.findByRole("table");
    await user.click(within(table).getByRole("button", { name: `Bids for ${task.title}` }));
    const dialog = await screen.findByRole("dialog", { name: "Bids for This Task" });

    const lucasOffer = await within(dialog).findByRole("listitem", { name: "Offer from Lucas Moreau" });
    expect(within(lucasOffer).getByText("★ 4.8 · 12 reviews · 15 done")).toBeTruthy();
    expect(within(lucasOffer).getByRole("link", { name: "Lucas Moreau" }).getAttribute("href")).toBe(`/users/${lucas}`);
    const mayaOffer = within(dialog).getByRole("listitem", { name: "Offer from Maya Patel" });
    expect(within(mayaOffer).getByText("New on QuickGig · 2 done")).toBeTruthy();
    expect(within(mayaOffer).getByRole("link", { name: "Maya Patel" }).getAttribute("href")).toBe(`/users/${maya}`);

    expect(offerNames(dialog)).toEqual(["Offer from Maya Patel", "Offer from Lucas Moreau"]);
    await user.selectOptions(within(dialog).getByRole("combobox"), "Rating (best first)");
    expect(offerNames(dialog)).toEqual(["Offer from Lucas Moreau", "Offer from Maya Patel"]);
  });
});
