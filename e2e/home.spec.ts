import { DEMO_TOP_FREELANCERS } from "../src/contract/demo-data.ts";
import { daysFromNow, expect, test, uniqueId } from "./support/fixtures.ts";

test("banner: three slides, 4 s autoplay, 800 ms change, loop, arrows and dots", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  // The HTML's first screen shows the banner still; its timer starts with the live page.
  await expect(page.locator("[data-first-screen]")).toHaveCount(0);
  const banner = page.getByRole("region", { name: "Highlights" });
  const slides = banner.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(3);
  const active = banner.locator('[data-active="true"]');
  await expect(active).toHaveAttribute("aria-label", "1 of 3");
  await expect(active.getByRole("button", { name: "Learn More" })).toBeVisible();
  expect(await slides.first().evaluate((slide) => getComputedStyle(slide).transitionDuration)).toContain("0.8s");

  await page.clock.runFor(4000);
  await expect(active).toHaveAttribute("aria-label", "2 of 3");
  await page.clock.runFor(4000);
  await expect(active).toHaveAttribute("aria-label", "3 of 3");
  await page.clock.runFor(4000);
  await expect(active).toHaveAttribute("aria-label", "1 of 3");

  await banner.getByRole("button", { name: "Previous slide" }).click();
  await expect(active).toHaveAttribute("aria-label", "3 of 3");
  await banner.getByRole("button", { name: "Next slide" }).click();
  await expect(active).toHaveAttribute("aria-label", "1 of 3");
  await banner.getByRole("button", { name: "Go to slide 2" }).click();
  await expect(active).toHaveAttribute("aria-label", "2 of 3");
  await expect(banner.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
  // Learn More has no action.
  await active.getByRole("button", { name: "Learn More" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("featured tasks come from the API with See more links", async ({ page, makeUser, login }) => {
  const title = `Featured ${uniqueId()}`;
  const poster = await makeUser();
  const id = await poster.createTask({ title, deadline: daysFromNow(0), category: "Marketing" });
  await login(await makeUser());
  await page.goto("/");
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card.getByText("Marketing")).toBeVisible();
  await card.getByRole("link", { name: /See more/ }).click();
  await expect(page).toHaveURL(`/task-details/${id}`);
});

test("with no featured tasks, sample cards stand in", async ({ page }) => {
  await page.route("**/api/features-tasks", (route) => route.fulfill({ json: [] }));
  await page.goto("/");
  const section = page.getByRole("region", { name: "Featured Tasks" });
  await expect(section.getByRole("article")).toHaveCount(3);
  await expect(section.getByRole("link", { name: /See more/ }).first()).toHaveAttribute("href", "/browse-tasks");
});

test("categories, why choose us and blog teasers", async ({ page }) => {
  await page.goto("/");
  const categories = page.getByRole("region", { name: "Popular Categories" });
  for (const name of [
    "Web Development",
    "Graphic Design",
    "Digital Marketing",
    "Writing & Translation",
    "Video & Animation",
  ]) {
    await expect(categories.getByRole("heading", { name })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Why Choose Us" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("region", { name: "From Our Blog" }).getByRole("listitem")).toHaveCount(3);
});

test("freelancer directory filters by name or skill, category and rating", async ({ page }) => {
  // The demo's eight (server/demo), as Find Freelancers answers with them: this run has no demo data.
  await page.route("**/api/freelancers?*", (route) =>
    route.fulfill({
      json: {
        freelancers: DEMO_TOP_FREELANCERS.map((person, index) => ({
          id: `demo-${index}`,
          name: person.name,
          image: null,
          field: person.field,
          skills: [...person.skills],
          memberSince: "2026-01-01T00:00:00.000Z",
          reputation: {
            rating: Math.round((person.stars.reduce((sum, stars) => sum + stars, 0) / person.stars.length) * 10) / 10,
            reviews: person.stars.length,
            completed: person.stars.length,
          },
        })),
        total: DEMO_TOP_FREELANCERS.length,
      },
    }),
  );
  await page.goto("/");
  const search = page.getByPlaceholder("Search by skill or name...");
  const cards = page.getByRole("list", { name: "Freelancers" }).getByRole("heading");
  await expect(cards).toHaveCount(8);

  await search.fill("react");
  await expect(cards).toHaveText(["Daniel Okafor"]);
  await search.fill("SOFIA");
  await expect(cards).toHaveText(["Sofia Martinez"]);
  await search.fill("");

  const category = page.getByLabel("Category");
  const rating = page.getByLabel("Minimum rating");
  await expect(category.locator("option")).toHaveText(["All", "Designers", "Developers", "Writers", "Marketers"]);
  await expect(rating.locator("option")).toHaveText(["Any Rating", "5+ Stars", "4+ Stars", "3+ Stars", "2+ Stars"]);
  await category.selectOption("Writers");
  await expect(cards).toHaveText(["Emily Chen", "Grace Liu"]);
  await rating.selectOption("4");
  await expect(cards).toHaveText(["Emily Chen"]);
  await category.selectOption("All");
  await rating.selectOption("5");
  await expect(cards).toHaveText(["Sofia Martinez", "Omar Haddad"]);
  await search.fill("python");
  await expect(page.getByText("No freelancers matched your criteria.")).toBeVisible();
  await expect(cards).toHaveCount(0);
});

test("testimonials: three, previous and next wrap around", async ({ page }) => {
  await page.goto("/");
  const carousel = page.getByRole("region", { name: "Testimonials" });
  const current = carousel.locator("figure");
  await expect(current).toContainText("Hannah Wright");
  await carousel.getByRole("button", { name: "Previous testimonial" }).click();
  await expect(current).toContainText("Amara Nwosu");
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expect(current).toContainText("Hannah Wright");
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expect(current).toContainText("Leo Fernandes");
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await carousel.getByRole("button", { name: "Next testimonial" }).click();
  await expect(current).toContainText("Hannah Wright");
});

test("a Top Freelancer card opens that person's real profile", async ({ page, makeUser }) => {
  // Without the demo's eight (no demo data here): the best-rated listed profiles, of which one is hers.
  const person = await makeUser({ name: `Tomás ${uniqueId()} Rivera` });
  const about = await person.api.put("/api/profile/about", {
    data: { bio: "Illustrator.", skills: ["Illustration"], field: "Designers" },
  });
  expect(about.ok()).toBe(true);
  await page.goto("/");
  const directory = page.getByRole("region", { name: "Top Freelancers" });
  const first = directory.getByRole("list", { name: "Freelancers" }).getByRole("link").first();
  await expect(first).toBeVisible();
  const name = (await first.textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/users\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});
