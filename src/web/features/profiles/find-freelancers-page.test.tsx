import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import type { Figure, PublicProfile } from "../../../contract/reputation.ts";
import type { MockStore } from "../../mocks/store.ts";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";
import { FREELANCER_CATEGORIES, RATING_OPTIONS } from "../home/more-content.ts";

const cardNames = (screen: Awaited<ReturnType<typeof renderRoute>>["screen"]) =>
  within(screen.getByRole("list", { name: "Freelancers" }))
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);

/** A developer who knows Python, rated 4.6 (the demo's developer, Lucas, has no rating yet). */
function addNoah(db: MockStore) {
  const id = db.nextId("u");
  const since = "2026-01-05T10:00:00.000Z";
  const figure = (numerator: number, denominator: number, value: number | null): Figure => ({
    value,
    numerator,
    denominator,
    from: since,
    to: new Date().toISOString(),
    shown: value !== null,
  });
  db.users.push({
    id,
    name: "Noah Kim",
    email: "noah@example.com",
    image: null,
    emailVerified: true,
    role: null,
    grantedAt: null,
  });
  db.profiles.set(id, {
    id,
    name: "Noah Kim",
    image: null,
    memberSince: since,
    bio: "Backend developer.",
    skills: ["Python", "Django"],
    field: "Developers",
    asFreelancer: {
      completed: 5,
      gaveBack: 0,
      rating: { average: figure(23, 5, 4.6), count: 5, distribution: { 5: 3, 4: 2, 3: 0, 2: 0, 1: 0 } },
      aspects: { communication: figure(0, 0, null), quality: figure(0, 0, null), deadline: figure(0, 0, null) },
      completionRate: figure(5, 5, 1),
    },
    asClient: {
      posted: 0,
      hired: 0,
      completed: 0,
      rating: { average: figure(0, 0, null), count: 0, distribution: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } },
      cancelRate: figure(0, 0, null),
    },
  } satisfies PublicProfile);
}

describe("Find Freelancers", () => {
  it("lists profiles with their rating, reviews and tasks done, each linking to the profile", async () => {
    const db = freshMockApi();
    const { screen } = await renderRoute("/freelancers", { db });
    expect(await screen.findByRole("heading", { level: 1, name: "Find Freelancers" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Find Freelancers - QuickGig"));
    expect(screen.getByPlaceholderText("Search by skill or name...")).toBeTruthy();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    const card = screen.getByRole("link", { name: "Maya Patel" }).closest("article");
    if (!card) throw new Error("Maya's card");
    expect(screen.getByRole("link", { name: "Maya Patel" }).getAttribute("href")).toBe(`/users/${maya?.id}`);
    expect(card.textContent).toMatch(/\d\.\dout of 5 stars· \d+ reviews/);
    expect(card.textContent).toMatch(/\d+ tasks completed/);
    expect(within(card).getByRole("list", { name: "Skills" }).textContent).toContain("Figma");
  });

  it("puts the filters in the URL's query, and back returns to the search before", async () => {
    const asked: URLSearchParams[] = [];
    const db = freshMockApi();
    addNoah(db);
    const { screen, user, router } = await renderRoute("/freelancers", {
      db,
      handlers: [
        http.get("*/api/freelancers", ({ request }) => {
          asked.push(new URL(request.url).searchParams);
          return undefined;
        }),
      ],
    });
    await screen.findByRole("list", { name: "Freelancers" });

    await user.selectOptions(screen.getByLabelText("Category"), "Developers");
    await waitFor(() => expect(router.state.location.search).toBe("?field=Developers"));
    await waitFor(() => expect(cardNames(screen)).not.toContain("Maya Patel"));
    expect(asked.at(-1)?.get("field")).toBe("Developers");

    const before = screen.getByRole("searchbox", { name: "Search freelancers" });
    await user.selectOptions(screen.getByLabelText("Minimum rating"), "4+ Stars");
    await waitFor(() => expect(router.state.location.search).toBe("?field=Developers&minRating=4"));
    expect(asked.at(-1)?.get("minRating")).toBe("4");
    // The form is drawn again with the new search's values once its results are in.
    await waitFor(() => expect(screen.getByRole("searchbox", { name: "Search freelancers" })).not.toBe(before));

    await user.type(screen.getByRole("searchbox", { name: "Search freelancers" }), "python");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=python&field=Developers&minRating=4"));
    await waitFor(() => expect(cardNames(screen)).toEqual(["Noah Kim"]));

    // Back: the search before, its values in the form again.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe("?field=Developers&minRating=4"));
    await waitFor(() =>
      expect((screen.getByRole("searchbox", { name: "Search freelancers" }) as HTMLInputElement).value).toBe(""),
    );
    expect((screen.getByLabelText("Category") as HTMLSelectElement).value).toBe("Developers");
  });

  it("sorts by rating, tasks completed or newest, in the URL, keeping the search", async () => {
    const asked: URLSearchParams[] = [];
    const db = freshMockApi();
    addNoah(db);
    const { screen, user, router } = await renderRoute("/freelancers?q=kim%20noah", {
      db,
      handlers: [
        http.get("*/api/freelancers", ({ request }) => {
          asked.push(new URL(request.url).searchParams);
          return undefined;
        }),
      ],
    });
    // Words in any order find him.
    await waitFor(() => expect(cardNames(screen)).toEqual(["Noah Kim"]));
    const sort = screen.getByRole("combobox", { name: "Sort by" }) as HTMLSelectElement;
    expect(
      within(sort)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Best rated", "Most tasks completed", "Newest members"]);
    expect(sort.value).toBe("rating");

    await user.selectOptions(sort, "Most tasks completed");
    await waitFor(() => expect(router.state.location.search).toBe("?q=kim+noah&sort=completed"));
    expect(asked.at(-1)?.get("sort")).toBe("completed");
    expect(asked.at(-1)?.get("q")).toBe("kim noah");

    // A new search keeps the order; the default order is not written.
    const box = await screen.findByRole("searchbox", { name: "Search freelancers" });
    await user.clear(box);
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?sort=completed"));
    await waitFor(() => expect(cardNames(screen).length).toBeGreaterThan(1));
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Newest members");
    await waitFor(() => expect(router.state.location.search).toBe("?sort=newest"));
    expect(asked.at(-1)?.get("sort")).toBe("newest");
    await waitFor(() =>
      expect((screen.getByRole("combobox", { name: "Sort by" }) as HTMLSelectElement).value).toBe("newest"),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Best rated");
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(asked.at(-1)?.get("sort")).toBe("rating");
  });

  // The home page's directory (the specification's sample) and Find Freelancers offer the same
  // choices, both from the contract's words (reputation-words.ts).
  it("offers the home directory's categories and minimum ratings, in its words", async () => {
    const { screen } = await renderRoute("/freelancers");
    expect(await screen.findByRole("heading", { level: 1, name: "Find Freelancers" })).toBeTruthy();
    const labels = (name: string) =>
      within(screen.getByRole("combobox", { name }))
        .getAllByRole("option")
        .map((option) => option.textContent);
    // The specification's words, as written there.
    expect(labels("Category")).toEqual(["All", "Designers", "Developers", "Writers", "Marketers"]);
    expect(labels("Minimum rating")).toEqual(["Any Rating", "5+ Stars", "4+ Stars", "3+ Stars", "2+ Stars"]);
    expect(labels("Category")).toEqual([...FREELANCER_CATEGORIES]);
    expect(labels("Minimum rating")).toEqual(RATING_OPTIONS.map((option) => option.label));
  });

  it("says so, in the home directory's words, when nobody matches", async () => {
    const { screen } = await renderRoute("/freelancers?q=zzzz-nobody");
    expect(await screen.findByText("No freelancers matched your criteria.", { selector: "p" })).toBeTruthy();
    expect(screen.getByText("0 freelancers")).toBeTruthy();
  });

  it("pages through the results", async () => {
    const people = Array.from({ length: 30 }, (_, index) => ({
      id: `f${index}`,
      name: `Freelancer ${index + 1}`,
      image: null,
      field: "Writers",
      skills: ["Editing"],
      memberSince: "2026-01-01T00:00:00.000Z",
      reputation: { rating: null, reviews: 0, completed: 0 },
    }));
    const { screen, user, router } = await renderRoute("/freelancers", {
      handlers: [
        http.get("*/api/freelancers", ({ request }) => {
          const params = new URL(request.url).searchParams;
          const page = Number(params.get("page") ?? 1);
          const limit = Number(params.get("limit") ?? 24);
          return HttpResponse.json({ freelancers: people.slice((page - 1) * limit, page * limit), total: 30 });
        }),
      ],
    });
    expect(await screen.findByText("Page 1 of 2")).toBeTruthy();
    expect(cardNames(screen)).toHaveLength(24);
    await user.click(screen.getByRole("link", { name: /Next/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?page=2"));
    expect(await screen.findByText("Page 2 of 2")).toBeTruthy();
    await waitFor(() => expect(cardNames(screen)).toEqual(people.slice(24).map((person) => person.name)));
  });

  it("is linked from the home page's directory", async () => {
    const { screen } = await renderRoute("/");
    const link = await screen.findByRole("link", { name: "Find more freelancers" });
    expect(link.getAttribute("href")).toBe("/freelancers");
  });
});
