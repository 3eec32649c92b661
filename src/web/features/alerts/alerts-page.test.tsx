import { waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEMO_CLIENT, DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

/** The demo freelancer's saved searches, as the mock keeps them. */
function withSearches() {
  const db = freshMockApi();
  const maya = db.users.find((user) => user.email === DEMO_FREELANCER)?.id ?? "";
  // In place of the demo's own two.
  db.searches.length = 0;
  const base = { userId: maya, paused: false, createdAt: "2026-12-01T10:00:00.000Z", category: null, minBudget: null };
  const quiet = { lastMatch: null, matchesThisWeek: 0 };
  const lastMatch = { taskId: db.tasks[0]?._id ?? "", title: "Bakery logo refresh", at: "2026-12-03T09:30:00.000Z" };
  db.searches.push(
    {
      ...base,
      _id: "s-logo",
      name: "logo design",
      q: "logo design",
      maxBudget: 400,
      frequency: "instant",
      lastMatch,
      matchesThisWeek: 3,
    },
    {
      ...base,
      _id: "s-copy",
      name: "Copywriting",
      q: "",
      category: "Writing",
      maxBudget: null,
      frequency: "daily",
      ...quiet,
    },
  );
  return db;
}

describe("Task alerts", () => {
  it("lists the person's saved searches, each saying what it finds, and opens one on Browse Tasks", async () => {
    const db = withSearches();
    const { screen, user, router } = await renderRoute("/dashboard/alerts", { as: DEMO_FREELANCER, db });
    expect(await screen.findByRole("heading", { level: 1, name: "Task alerts" })).toBeTruthy();
    const logo = screen.getByRole("article", { name: "logo design" });
    expect(within(logo).getByText("“logo design” · Any category · up to $400.00")).toBeTruthy();
    expect(within(logo).getByText("As it happens", { selector: "span" })).toBeTruthy();
    // What it found lately: its newest task, to open, and its week.
    expect(within(logo).getByText(/^Last match:/).textContent).toMatch(
      /^Last match: Bakery logo refresh, Dec 3, 2026, .* · 3 tasks this week$/,
    );
    expect(within(logo).getByRole("link", { name: "Bakery logo refresh" }).getAttribute("href")).toBe(
      `/task-details/${db.tasks[0]?._id}`,
    );
    const copy = screen.getByRole("article", { name: "Copywriting" });
    expect(within(copy).getByText("Writing")).toBeTruthy();
    expect(within(copy).getByText("A daily digest", { selector: "span" })).toBeTruthy();
    expect(within(copy).getByText("No matches yet · 0 tasks this week")).toBeTruthy();

    await user.click(within(logo).getByRole("link", { name: "Open on Browse Tasks" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/browse-tasks"));
    expect(router.state.location.search).toBe("?q=logo+design&maxBudget=400");
  });

  it("renames a search and changes how often, pauses and resumes it, and deletes it once confirmed", async () => {
    const db = withSearches();
    const { screen, user } = await renderRoute("/dashboard/alerts", { as: DEMO_FREELANCER, db });
    const logo = await screen.findByRole("article", { name: "logo design" });
    const name = within(logo).getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Logos under $400");
    await user.selectOptions(within(logo).getByRole("combobox", { name: "How often" }), "A daily digest");
    await user.click(within(logo).getByRole("button", { name: "Save changes" }));
    const renamed = await screen.findByRole("article", { name: "Logos under $400" });
    expect(within(renamed).getByText("A daily digest", { selector: "span" })).toBeTruthy();
    expect(db.searches.find((search) => search._id === "s-logo")).toMatchObject({
      name: "Logos under $400",
      frequency: "daily",
    });

    await user.click(within(renamed).getByRole("button", { name: "Pause" }));
    expect(await within(renamed).findByText("Paused")).toBeTruthy();
    expect(db.searches.find((search) => search._id === "s-logo")?.paused).toBe(true);
    await user.click(within(renamed).getByRole("button", { name: "Resume" }));
    await waitFor(() => expect(within(renamed).queryByText("Paused")).toBeNull());

    await user.click(within(renamed).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this saved search?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Logos under $400" })).toBeNull());
    expect(db.searches.map((search) => search._id)).toEqual(["s-copy"]);
  });

  it("says how to save a search when there is none", async () => {
    const { screen } = await renderRoute("/dashboard/alerts", { as: DEMO_CLIENT });
    const empty = (await screen.findByText("No saved searches yet.")).parentElement as HTMLElement;
    expect(within(empty).getByRole("link", { name: "Browse Tasks" }).getAttribute("href")).toBe("/browse-tasks");
  });
});
