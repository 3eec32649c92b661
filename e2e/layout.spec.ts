import { expect, test } from "./support/fixtures.ts";

test.describe("header", () => {
  test("the brand's tooltip, and the signed-out links", async ({ page }) => {
    await page.goto("/about");
    // The first screen from the HTML has no tooltip yet: hover once the app has taken the page over.
    await expect(page.locator("html")).toHaveAttribute("data-app-started", "");
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "QuickGig home" }).hover();
    await expect(page.getByRole("tooltip")).toHaveText("a freelance marketplace launched in 1985");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Browse Tasks", "Find Freelancers", "About Us"]);
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/auth/register");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth/login");
  });

  test("a signed-in user sees Dashboard, their photo with their name on hover, and Logout", async ({
    page,
    makeUser,
    login,
  }) => {
    const user = await makeUser({ image: "https://127.0.0.1:9/broken-photo.png" });
    await login(user);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "Browse Tasks",
      "Find Freelancers",
      "Dashboard",
      "About Us",
    ]);
    const profileLink = page.getByRole("banner").getByRole("link", { name: `${user.name} (profile)` });
    await expect(profileLink).toHaveAttribute("href", "/profile");
    // The photo address is broken: the person's initials show instead.
    await expect(profileLink.locator("svg text")).toHaveText(/^T/);
    await profileLink.hover();
    await expect(page.getByRole("tooltip")).toHaveText(user.name);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  });
});

test("footer: contact lines, placeholder link columns, social links, copyright 2025", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("Email: support@quickgig.example")).toBeVisible();
  await expect(footer.getByText(/Phone: \+1/)).toBeVisible();
  await expect(footer.getByText(/Address: 123/)).toBeVisible();
  for (const label of [
    "Features",
    "Integrations",
    "Pricing",
    "FAQ",
    "Privacy",
    "Terms of Service",
    "Public API",
    "Documentation",
    "Guides",
  ]) {
    // Placeholders with no target: buttons, never links.
    await expect(footer.getByRole("button", { name: label, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole("link")).toHaveCount(0);
  await expect(footer.getByRole("button", { name: "GitHub" })).toBeVisible();
  await expect(footer.getByText("© 2025 QuickGig. All rights reserved.")).toBeVisible();
});

test.describe("theme", () => {
  test("the toggle switches the theme, and the choice survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/about");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });

  test("a saved dark theme applies before any app code runs (no light flash)", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/about");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    // With the app's scripts blocked, only the page's inline script (boot.js) can set the theme.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(248, 250, 252)");
    expect(background).toMatch(/^(rgb|oklch|lab)/);
  });

  test("with nothing saved, the system setting decides", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/about");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("toggles open and closed and repeats links, theme toggle and auth buttons", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link")).toHaveText(["Home", "Browse Tasks", "Find Freelancers", "About Us"]);
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign Up" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Browse Tasks" }).click();
    await expect(page).toHaveURL(/\/browse-tasks$/);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test("shows Dashboard, the avatar and Logout when signed in", async ({ page, makeUser, login }) => {
    const user = await makeUser();
    await login(user);
    await page.goto("/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(
      page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Dashboard" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: `${user.name} (profile)` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });
});

test("the page's frame is in the HTML: the header shows before any JavaScript runs", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  // A page without a first screen of its own (see first-screens.spec.ts) shows the loading screen.
  await page.goto("/task-details/some-task");
  await expect(page.getByRole("link", { name: "QuickGig home" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Browse Tasks" }),
  ).toHaveAttribute("href", "/browse-tasks");
  await expect(page.getByRole("status")).toHaveText("Loading QuickGig");
  await expect(page).toHaveTitle("QuickGig");
  await context.close();
});
