import type { Page } from "@playwright/test";
import { expect, limitFor, test } from "./support/fixtures.ts";

test.describe("every route of the route table", () => {
  // A test per route: each does one page's work, whatever the machine's speed.
  for (const [path, title, heading] of [
    ["/", "Home - QuickGig", "Featured Tasks"],
    ["/browse-tasks", "Browse Tasks - QuickGig", "Browse Tasks"],
    ["/about", "About Us - QuickGig", "About QuickGig"],
    ["/auth/login", "Login - QuickGig", "Login Your Account"],
    ["/auth/register", "Sign Up - QuickGig", "Sign Up Your Account"],
    ["/profile", "Profile - QuickGig", "Please log in to view your profile."],
    ["/auth/forgot-password", "Forgot Password - QuickGig", "Forgot Your Password?"],
    ["/auth/reset-password?token=abc", "Reset Password - QuickGig", "Choose a New Password"],
    ["/email/unsubscribe?token=abc", "Unsubscribe - QuickGig", "Unsubscribe"],
    ["/rules", "House rules - QuickGig", "House rules"],
    ["/appeal", "Appeal a suspension - QuickGig", "Appeal a suspension"],
  ] as const) {
    test(`open page ${path} shows with its title`, async ({ page }) => {
      await page.goto(path);
      // A page of the route table's second part loads it and its own code first: on a loaded machine, more than a screen's usual wait.
      await expect(page.getByRole("heading", { name: heading })).toBeVisible({ timeout: limitFor(20_000) });
      await expect(page).toHaveTitle(title);
    });
  }

  for (const [path, title, heading] of [
    ["/profile", "Profile - QuickGig", "{name}"],
    ["/task-details/{task}", "Routes check task - QuickGig", "Routes check task"],
    ["/dashboard", "Dashboard - QuickGig", "Dashboard"],
    ["/dashboard/add-task", "Add Task - QuickGig", "Add Task"],
    ["/dashboard/my-posted-tasks", "My Posted Tasks - QuickGig", "My Posted Tasks"],
    ["/dashboard/update-task/{task}", "Update Task - QuickGig", "Update Task"],
    ["/dashboard/notifications", "Notifications - QuickGig", "Notifications"],
    ["/dashboard/alerts", "Task alerts - QuickGig", "Task alerts"],
    ["/account/standing", "Account standing - QuickGig", "Account standing"],
    // Without a role, the moderators' queue is the error page saying so, as any refused page.
    ["/admin", "ErrorPage - QuickGig", "Only moderators can do this."],
  ] as const) {
    test(`login-required page ${path} shows to a signed-in user`, async ({ page, makeUser, login }) => {
      const user = await makeUser();
      const taskId = path.includes("{task}") ? await user.createTask({ title: "Routes check task" }) : "";
      await login(user);
      await page.goto(path.replace("{task}", taskId));
      await expect(
        page.getByRole("heading", { name: heading.replace("{name}", user.name), exact: true }).first(),
      ).toBeVisible({ timeout: limitFor(20_000) });
      await expect(page).toHaveTitle(title);
    });
  }

  test("the about page invites people to join", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("link", { name: "Join QuickGig" }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });
});

test.describe("Error page", () => {
  test("an unknown path shows 404 and the default message", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Something Went Wrong!" })).toBeVisible();
    await expect(page).toHaveTitle("ErrorPage - QuickGig");
    await page.getByRole("link", { name: "Go to HomePage" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("Home - QuickGig");
  });

  test("an unknown task id shows 404", async ({ page, makeUser, login }) => {
    await login(await makeUser());
    await page.goto("/task-details/does-not-exist");
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "This task does not exist or has been deleted." })).toBeVisible();
    await expect(page).toHaveTitle("ErrorPage - QuickGig");
  });

  test("someone else's task cannot be opened for update", async ({ page, makeUser, login }) => {
    const owner = await makeUser();
    const taskId = await owner.createTask();
    await login(await makeUser());
    await page.goto(`/dashboard/update-task/${taskId}`);
    await expect(page.getByText("403", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Only the person who posted this task can change it." }),
    ).toBeVisible();
  });
});

test.describe("private-route guard", () => {
  for (const path of [
    "/dashboard",
    "/dashboard/add-task",
    "/dashboard/my-posted-tasks",
    "/dashboard/notifications",
    "/dashboard/alerts",
  ]) {
    test(`${path} sends a visitor to the login page, carrying the path`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(path)}`);
      await expect(page.getByRole("heading", { name: "Login Your Account" })).toBeVisible();
    });
  }

  test("after login the visitor is back on the page they asked for", async ({ page, makeUser }) => {
    const user = await makeUser();
    await page.goto("/dashboard/my-posted-tasks");
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL("/dashboard/my-posted-tasks");
    await expect(page.getByRole("heading", { name: "My Posted Tasks" })).toBeVisible();
  });

  test("the login page never sends anyone to another site", async ({ page, makeUser }) => {
    const user = await makeUser();
    await page.goto("/auth/login?redirect=//evil.example/steal");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  /** Holds the app's session request until the returned function is called. */
  async function holdSession(page: Page): Promise<() => void> {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/get-session", async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  // A page whose HTML holds the loading screen: the dashboard's home, My Bids and Messages come with
  // their first screen from the server (decision 015), which stays until the session is in.
  test("a spinner shows while the session loads", async ({ page, makeUser, login }) => {
    await login(await makeUser());
    const release = await holdSession(page);
    await page.goto("/dashboard/my-posted-tasks", { waitUntil: "commit" });
    await expect(page.getByRole("status").first()).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "My Posted Tasks", level: 1 })).toBeVisible();
  });

  test("a page whose first screen the server drew keeps it while the session loads, then comes alive", async ({
    page,
    makeUser,
    login,
  }) => {
    await login(await makeUser({ name: "Hana Held" }));
    const release = await holdSession(page);
    await page.goto("/dashboard", { waitUntil: "commit" });
    await expect(page.getByText("Welcome back, Hana Held!")).toBeVisible();
    await expect(page.locator("[data-first-screen]")).toHaveCount(1);
    release();
    await expect(page.locator("[data-first-screen]")).toHaveCount(0);
    await expect(page.getByText("Welcome back, Hana Held!")).toBeVisible();
  });
});
