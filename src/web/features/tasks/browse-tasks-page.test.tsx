import { cleanup, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { BUDGET_RANGE_REFUSAL, LIMITS, type Task, TaskListQuerySchema } from "../../../contract/index.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

describe("Browse Tasks", () => {
  it("lists the open tasks with their count, and filters by category through the URL", async () => {
    const { screen, user, router } = await renderRoute("/browse-tasks");
    expect(await screen.findByRole("heading", { name: "Browse Tasks", level: 1 })).toBeTruthy();
    expect(await screen.findByText(/^\d+ tasks?$/)).toBeTruthy();
    // Choosing a category searches at once.
    await user.selectOptions(screen.getByLabelText("Category"), "Design");
    await waitFor(() => expect(router.state.location.search).toContain("category=Design"));
    await waitFor(() => expect(router.state.navigation.state).toBe("idle"));
    // The router's state changes before React draws it: the cards are awaited, not just the router.
    await waitFor(() => {
      const cards = screen.getAllByRole("article");
      for (const card of cards) expect(card.textContent).toContain("Design");
    });
  });

  it("keeps a budget range through the URL, and refuses a minimum above the maximum where it is typed", async () => {
    const { screen, user, router } = await renderRoute("/browse-tasks");
    const budgets = () =>
      screen
        .getAllByRole("article")
        .map((card) => Number(/\$([\d,.]+)/.exec(card.textContent ?? "")?.[1]?.replaceAll(",", "")));
    const inRange = (budget: number) => budget >= 300 && budget <= 1000;
    // The demo marketplace has tasks on both sides of the range.
    await waitFor(() => expect(budgets().filter((budget) => !inRange(budget)).length).toBeGreaterThan(0));
    expect(budgets().filter(inRange).length).toBeGreaterThan(0);
    const minimum = await screen.findByRole("spinbutton", { name: "Minimum budget" });
    const maximum = screen.getByRole("spinbutton", { name: "Maximum budget" });
    await user.type(minimum, "300");
    await user.type(maximum, "100");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect((minimum as HTMLInputElement).validationMessage).toBe(BUDGET_RANGE_REFUSAL);
    expect(router.state.location.search).toBe("");

    await user.clear(maximum);
    await user.type(maximum, "1000");
    expect((minimum as HTMLInputElement).validationMessage).toBe("");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?minBudget=300&maxBudget=1000"));
    await waitFor(() => expect(router.state.navigation.state).toBe("idle"));
    await waitFor(() => {
      expect(budgets().length).toBeGreaterThan(0);
      expect(budgets().filter((budget) => !inRange(budget))).toEqual([]);
    });
    // What the URL holds is in the fields again.
    expect(screen.getByRole<HTMLInputElement>("spinbutton", { name: "Minimum budget" }).value).toBe("300");
  });

  it("saves the search as it stands with a name and how often; a visitor signs in first", async () => {
    const visitor = await renderRoute("/browse-tasks?q=logo&maxBudget=400");
    await visitor.user.click(await visitor.screen.findByRole("button", { name: "Save this search" }));
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe("/auth/login"));
    expect(visitor.router.state.location.search).toContain(encodeURIComponent("/browse-tasks?q=logo&maxBudget=400"));
    cleanup();

    const { screen, user, db } = await renderRoute("/browse-tasks?q=logo&maxBudget=400", { as: DEMO_FREELANCER });
    await user.click(await screen.findByRole("button", { name: "Save this search" }));
    const dialog = await screen.findByRole("dialog", { name: "Save this search" });
    expect(within(dialog).getByRole<HTMLInputElement>("textbox", { name: "Name" }).placeholder).toBe("logo");
    await user.click(within(dialog).getByRole("radio", { name: "A daily digest" }));
    await user.click(within(dialog).getByRole("button", { name: "Save search" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER)?.id;
    // Kept after the demo's two of Maya's.
    expect(db.searches.at(-1)).toMatchObject({
      userId: maya,
      name: "logo",
      q: "logo",
      category: null,
      minBudget: null,
      maxBudget: 400,
      frequency: "daily",
    });
    expect(db.searches).toHaveLength(3);
  });

  it("offers no Save this search before the search has something to find", async () => {
    const { screen } = await renderRoute("/browse-tasks", { as: DEMO_FREELANCER });
    expect(await screen.findByText(/^\d+ tasks?$/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save this search" })).toBeNull();
  });

  it("says so when nothing matches", async () => {
    const { screen, user } = await renderRoute("/browse-tasks");
    await user.type(await screen.findByRole("searchbox", { name: "Search tasks" }), "zzzz-nothing-like-this");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText(/No tasks/i)).toBeTruthy();
  });

  it("says a search matches more than 1,000 tasks when it does, and pages through those it counts", async () => {
    const db = freshMockApi();
    const [sample] = db.tasks;
    if (!sample) throw new Error("the demo marketplace has tasks");
    for (let i = 0; i < 1001; i++) {
      db.tasks.push({
        ...sample,
        _id: `poster-${i}`,
        title: `Concert poster ${i}`,
        createdAt: new Date(i).toISOString(),
      });
    }
    // The server counts a search's newest 1,000 matches and says when more match
    // (src/server/tasks/task-search.api.test.ts); the mock counts them all, so the server's answer is here.
    const capped = http.get("*/api/tasks", ({ request }) => {
      const query = TaskListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      if (query.q !== "concert post") return undefined;
      const counted = db.tasks
        .filter((task) => task.title.startsWith("Concert poster"))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .slice(0, LIMITS.searchResultsMax);
      const page: Task[] = counted.slice((query.page - 1) * query.limit, query.page * query.limit);
      return HttpResponse.json(page, {
        headers: { "x-total-count": String(counted.length), "x-total-count-capped": "true" },
      });
    });
    const { screen, router } = await renderRoute("/browse-tasks?q=concert+post", { db, handlers: [capped] });
    const count = (text: string) => (_: string, element: Element | null) =>
      element?.tagName === "P" && element.textContent === text;
    expect(await screen.findByText(count("More than 1,000 tasks · page 1 of 84"))).toBeTruthy();
    // The newest first: the oldest match is the one left out.
    expect(screen.getAllByRole("article")[0]?.textContent).toContain("Concert poster 1000");

    await router.navigate("/browse-tasks?q=concert+poster+100");
    expect(await screen.findByText(count("2 tasks"))).toBeTruthy();
  });

  it("shows the server's sentence when the API fails", async () => {
    const failing = http.get("*/api/tasks", () =>
      HttpResponse.json(
        {
          type: "about:blank",
          title: "Internal Server Error",
          status: 500,
          detail: "Something went wrong on our side. Please try again.",
        },
        { status: 500, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const { screen } = await renderRoute("/browse-tasks", { handlers: [failing] });
    expect(await screen.findByText("Something went wrong on our side. Please try again.")).toBeTruthy();
  });

  it("says the network is down when the API cannot be reached", async () => {
    const { screen } = await renderRoute("/browse-tasks", {
      handlers: [http.get("*/api/tasks", () => HttpResponse.error())],
    });
    expect(await screen.findByText("Could not reach QuickGig. Check your connection and try again.")).toBeTruthy();
  });
});
