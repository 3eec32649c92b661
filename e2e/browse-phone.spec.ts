import { expect, test, uniqueId } from "./support/fixtures.ts";

test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });

test("on a phone, Browse Tasks' filters fold into one button that counts them, and the first task is on the first screen", async ({
  page,
  makeUser,
}) => {
  const client = await makeUser();
  await client.createTask({ category: "Design" });
  await page.goto("/browse-tasks?category=Design&sort=budget");
  const filters = page.getByRole("button", { name: "Filters 2 set" });
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Search tasks")).toBeHidden();
  const first = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3 }) })
    .first();
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  expect(box && box.y + 120 <= 844, "the first card begins on the first screen, its title readable").toBe(true);

  await page.screenshot({ path: test.info().outputPath("browse-phone-folded.png") });
  await filters.click();
  await expect(filters).toHaveAttribute("aria-expanded", "true");
  await page.screenshot({ path: test.info().outputPath("browse-phone-open.png") });
  await expect(page.getByLabel("Category")).toHaveValue("Design");
  await page.getByLabel("Search tasks").fill("logo");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=logo/);
  // A new search shows its results, the filters folded again.
  await expect(page.getByRole("button", { name: "Filters 3 set" })).toHaveAttribute("aria-expanded", "false");

  // A desktop shows the filters as before, without the button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByLabel("Search tasks")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
});

test("on a phone, Find Freelancers opens from the menu, finds a person by words in any order without accents, and sorts", async ({
  page,
  makeUser,
}) => {
  const tag = uniqueId();
  const person = await makeUser({ name: `Tomás ${tag} Rivera` });
  const about = await person.api.put("/api/profile/about", {
    data: { bio: "Illustrator.", skills: ["Illustration"], field: "Designers" },
  });
  expect(about.ok()).toBe(true);
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Find Freelancers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Find Freelancers" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();

  await page.getByRole("searchbox", { name: "Search freelancers" }).fill(`rivera ${tag} tomas`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const cards = page.getByRole("list", { name: "Freelancers" }).getByRole("heading", { level: 3 });
  await expect(cards).toHaveText([`Tomás ${tag} Rivera`]);
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("Newest members");
  await expect(page).toHaveURL(/sort=newest/);
  await expect(page).toHaveURL(/q=rivera/);
  await expect(cards).toHaveText([`Tomás ${tag} Rivera`]);
  await page.screenshot({ path: test.info().outputPath("freelancers-phone.png") });
  await cards.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: `Tomás ${tag} Rivera` })).toBeVisible();
});
