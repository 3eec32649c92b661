import { expect, test } from "./support/fixtures.ts";

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
