import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/render-route.tsx";
import { FREELANCERS } from "./more-content.ts";

type View = Awaited<ReturnType<typeof renderRoute>>;

const featuredTitles = async (view: View) => {
  const region = await view.screen.findByRole("region", { name: "Featured Tasks" });
  const cards = await within(region).findAllByRole("article");
  return cards.map((card) => within(card).getByRole("heading").textContent);
};

const slides = (view: View) =>
  view.screen
    .getAllByRole("group", { hidden: true })
    .filter((group) => group.getAttribute("aria-roledescription") === "slide");

const activeSlide = (view: View) => slides(view).find((slide) => slide.dataset.active === "true")?.ariaLabel;

const freelancers = (view: View) =>
  within(view.screen.getByRole("list", { name: "Freelancers" }))
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent);

describe("Home", () => {
  it("features the open tasks with the nearest deadlines, each linking to its details", async () => {
    const view = await renderRoute("/");
    expect(view.screen.getByText("Loading QuickGig")).toBeTruthy();
    expect(await featuredTitles(view)).toEqual([
      "Proofread a 60-page research report",
      "Email newsletter template",
      "Social media plan for a yoga studio launch",
      "Landing page for a neighbourhood bakery",
      "Brand refresh for a coffee roaster",
      "React dashboard for sensor readings",
    ]);
    const proofread = view.db.tasks.find((task) => task.title.startsWith("Proofread"));
    expect(
      view.screen.getByRole("link", { name: "See more: Proofread a 60-page research report" }).getAttribute("href"),
    ).toBe(`/task-details/${proofread?._id}`);
    expect(view.screen.getByRole("link", { name: "Browse all tasks" }).getAttribute("href")).toBe("/browse-tasks");
    await waitFor(() => expect(document.title).toBe("Home - QuickGig"));
  });

  it("shows sample tasks that lead to Browse Tasks when the featured tasks fail to load", async () => {
    const failing = http.get("*/api/features-tasks", () =>
      HttpResponse.json(
        { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Resting." },
        { status: 500, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const view = await renderRoute("/", { handlers: [failing] });
    expect(await featuredTitles(view)).toEqual([
      "Design a logo for a local coffee shop",
      "Write five product descriptions",
      "Fix a responsive layout bug",
    ]);
    expect(view.screen.getByRole("link", { name: "See more: Fix a responsive layout bug" }).getAttribute("href")).toBe(
      "/browse-tasks",
    );
  });

  it("shows the sample tasks when the network is down", async () => {
    const view = await renderRoute("/", { handlers: [http.get("*/api/features-tasks", () => HttpResponse.error())] });
    expect(await featuredTitles(view)).toHaveLength(3);
  });

  it("moves the banner with its arrows and dots, wrapping around", async () => {
    const view = await renderRoute("/");
    await view.screen.findByRole("region", { name: "Highlights" });
    expect(activeSlide(view)).toBe("1 of 3");
    expect(slides(view)[1]?.getAttribute("aria-hidden")).toBe("true");
    await view.user.click(view.screen.getByRole("button", { name: "Next slide" }));
    expect(activeSlide(view)).toBe("2 of 3");
    await view.user.click(view.screen.getByRole("button", { name: "Go to slide 3" }));
    expect(activeSlide(view)).toBe("3 of 3");
    expect(view.screen.getByRole("button", { name: "Go to slide 3" }).getAttribute("aria-current")).toBe("true");
    await view.user.click(view.screen.getByRole("button", { name: "Next slide" }));
    expect(activeSlide(view)).toBe("1 of 3");
    await view.user.click(view.screen.getByRole("button", { name: "Previous slide" }));
    expect(activeSlide(view)).toBe("3 of 3");
  });

  it("filters the freelancers by skill or name, category and rating", async () => {
    const view = await renderRoute("/");
    const { screen, user } = view;
    expect(await screen.findByRole("heading", { name: "Top Freelancers" })).toBeTruthy();
    await screen.findByRole("list", { name: "Freelancers" });
    expect(freelancers(view)).toHaveLength(8);
    await user.type(screen.getByLabelText("Search freelancers"), "REACT");
    expect(freelancers(view)).toEqual(["Daniel Okafor"]);
    await user.clear(screen.getByLabelText("Search freelancers"));
    await user.selectOptions(screen.getByLabelText("Category"), "Writers");
    expect(freelancers(view)).toEqual(["Emily Chen", "Grace Liu"]);
    await user.selectOptions(screen.getByLabelText("Minimum rating"), "4");
    expect(freelancers(view)).toEqual(["Emily Chen"]);
    await user.type(screen.getByLabelText("Search freelancers"), "python");
    expect(screen.getByRole("status").textContent).toBe("No freelancers matched your criteria.");
    expect(screen.queryByRole("list", { name: "Freelancers" })).toBeNull();
  });

  it("shows the specification's eight freelancers as real people, each card opening their profile", async () => {
    const view = await renderRoute("/");
    const list = await view.screen.findByRole("list", { name: "Freelancers" });
    expect(freelancers(view)).toEqual([...FREELANCERS.map((sample) => sample.name)]);
    for (const sample of FREELANCERS) {
      const person = view.db.users.find((user) => user.name === sample.name);
      const card = within(list).getByRole("link", { name: sample.name });
      expect(card.getAttribute("href")).toBe(`/users/${person?.id}`);
      // The rating shown is their profile's, made of their published reviews.
      const item = card.closest("li") as HTMLElement;
      expect(item.textContent).toContain(`${sample.rating.toFixed(1)}out of 5 stars· ${sample.hourlyRate}`);
    }
    await view.user.click(within(list).getByRole("link", { name: "Omar Haddad" }));
    expect(await view.screen.findByRole("heading", { level: 1, name: "Omar Haddad" })).toBeTruthy();
  });

  it("shows the best-rated real profiles on a marketplace without the eight", async () => {
    const view = await renderRoute("/", {
      handlers: [
        http.get("*/api/freelancers", () =>
          HttpResponse.json({
            freelancers: [
              {
                id: "u-real",
                name: "Real Person",
                image: null,
                field: "Writers",
                skills: ["Editing"],
                memberSince: "2026-01-01T00:00:00.000Z",
                reputation: { rating: 4.9, reviews: 7, completed: 7 },
              },
            ],
            total: 1,
          }),
        ),
      ],
    });
    await view.screen.findByRole("list", { name: "Freelancers" });
    expect(freelancers(view)).toEqual(["Real Person"]);
    const link = view.screen.getByRole("link", { name: "Real Person" });
    expect(link.getAttribute("href")).toBe("/users/u-real");
    expect(link.closest("li")?.textContent).toContain("4.9out of 5 stars· 7 reviews");
  });

  it("shows the lower sections and turns the testimonials both ways", async () => {
    const { screen, user } = await renderRoute("/");
    expect(await screen.findByRole("heading", { name: "Popular Categories" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Why Choose Us" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "How to write a task brief that gets great bids" })).toBeTruthy();
    expect(screen.getByRole("figure", { name: "Testimonial 1 of 3" }).textContent).toContain("Hannah Wright");
    await user.click(screen.getByRole("button", { name: "Next testimonial" }));
    expect(screen.getByRole("figure", { name: "Testimonial 2 of 3" }).textContent).toContain("Leo Fernandes");
    await user.click(screen.getByRole("button", { name: "Previous testimonial" }));
    await user.click(screen.getByRole("button", { name: "Previous testimonial" }));
    expect(screen.getByRole("figure", { name: "Testimonial 3 of 3" }).textContent).toContain("Amara Nwosu");
  });
});
