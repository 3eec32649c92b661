import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { Page } from "@playwright/test";
import { expect, limitFor, test } from "./support/fixtures.ts";

/**
 * `npm run dev:mock`: the web app alone, in Vite's dev server, with msw answering the API in the
 * browser. No QuickGig server and no database take part: a person signs in with the demo account,
 * browses with a filter and bids; every route of the route table shows; a scenario shows a refusal.
 */
let vite: ChildProcess;
let origin = "";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(limitFor(60_000));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  vite = spawn(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "--mode", "mock", "--host", "127.0.0.1", "--port", String(port), "--strictPort"],
    {
      stdio: "ignore",
    },
  );
  await expect
    .poll(
      () =>
        fetch(`${origin}/mockServiceWorker.js`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: limitFor(30_000) },
    )
    .toBe(200);
});

test.afterAll(() => {
  vite?.kill("SIGTERM");
});

test("mock mode: sign in as the demo client's freelancer, browse with a filter, bid", async ({ page }) => {
  test.setTimeout(limitFor(90_000));
  // The first visit has Vite prepare the dependencies; the service worker takes over the page.
  await page.goto(`${origin}/auth/login`);
  await expect(page.getByRole("status").filter({ hasText: "Mock mode" })).toBeVisible({ timeout: limitFor(30_000) });
  await page.locator("html[data-app-started]").waitFor();
  await page.getByLabel("Email").fill("maya@quickgig.dev");
  await page.getByLabel("Password", { exact: true }).fill("Demo1234");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL(`${origin}/`);

  await page.goto(`${origin}/browse-tasks`);
  await page.getByLabel("Category").selectOption("Design");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText("Design");
  // A Design task nobody has bid on yet.
  const card = cards.filter({ hasText: "Brand refresh for a coffee roaster" });
  await card.getByRole("link", { name: /See Details/ }).click();
  await page.waitForURL(/\/task-details\//);
  await page.getByRole("button", { name: "Place a Bid" }).click();
  const dialog = page.getByRole("dialog", { name: "Place a Bid" });
  await dialog.getByLabel("Amount (USD)").fill("880");
  await dialog.getByLabel("Message").fill("Bidding against the mocked API.");
  await dialog.getByRole("button", { name: "Place bid" }).click();
  await expect(page.getByRole("region", { name: "Your bid" })).toContainText("$880");
});

/** Signs in through the mock API from the page (the tab keeps the session), and names the ids a path needs. */
async function signedInAt(page: Page, email: string) {
  await page.goto(`${origin}/about`);
  await page.locator("html[data-app-started]").waitFor({ timeout: limitFor(30_000) });
  return page.evaluate(async (who) => {
    const post = (path: string, body: object) =>
      fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const session = await (await post("/api/auth/sign-in/email", { email: who, password: "Demo1234" })).json();
    const tasks: Array<{ _id: string; title: string }> = await (await fetch("/api/tasks?owner=me&limit=50")).json();
    const task = tasks.find((candidate) => candidate.title === "Landing page for a neighbourhood bakery");
    return { user: session.user.id as string, task: task?._id ?? "" };
  }, email);
}

// Every path of src/web/app/router.tsx and more-routes.ts, as the demo client (the admin for the
// moderators' pages): its heading and its title. One test per route, whatever the machine's speed.
for (const [path, title, heading, email] of [
  ["/", "Home", "Featured Tasks"],
  ["/browse-tasks", "Browse Tasks", "Browse Tasks"],
  ["/task-details/{task}", "{title}", "{title}"],
  ["/about", "About Us", "About QuickGig"],
  ["/auth/login", "Login", "Login Your Account"],
  ["/auth/register", "Sign Up", "Sign Up Your Account"],
  ["/auth/forgot-password", "Forgot Password", "Forgot Your Password?"],
  ["/auth/reset-password?token=abc", "Reset Password", "Choose a New Password"],
  ["/email/unsubscribe?token=abc", "Unsubscribe", "Unsubscribe"],
  ["/profile", "Profile", "Demo Client"],
  ["/users/{user}", "Demo Client", "Demo Client"],
  ["/freelancers", "Find Freelancers", "Find Freelancers"],
  ["/how-reputation-works", "How reputation works", "How reputation works"],
  ["/rules", "House rules", "House rules"],
  ["/account/standing", "Account standing", "Account standing"],
  ["/appeal", "Appeal a suspension", "Appeal a suspension"],
  ["/admin", "Moderation queue", "Moderation queue", "admin@quickgig.dev"],
  ["/admin/audit", "Audit log", "Audit log", "admin@quickgig.dev"],
  ["/admin/roles", "Roles", "Roles", "admin@quickgig.dev"],
  ["/dashboard", "Dashboard", "Dashboard"],
  ["/dashboard/add-task", "Add Task", "Add Task"],
  ["/dashboard/my-posted-tasks", "My Posted Tasks", "My Posted Tasks"],
  ["/dashboard/my-bids", "My Bids", "My Bids"],
  ["/dashboard/messages", "Messages", "Messages"],
  ["/dashboard/update-task/{task}", "Update Task", "Update Task"],
  ["/dashboard/notifications", "Notifications", "Notifications"],
] as const) {
  test(`mock mode: ${path} shows with its title`, async ({ page }) => {
    test.setTimeout(limitFor(90_000));
    const ids = await signedInAt(page, email ?? "demo@quickgig.dev");
    const taskTitle = "Landing page for a neighbourhood bakery";
    await page.goto(`${origin}${path.replace("{task}", ids.task).replace("{user}", ids.user)}`);
    const name = heading.replace("{title}", taskTitle);
    await expect(page.getByRole("heading", { name, exact: true }).first()).toBeVisible({ timeout: limitFor(30_000) });
    await expect(page).toHaveTitle(`${title.replace("{title}", taskTitle)} - QuickGig`);
  });
}

test("mock mode: the limited-account scenario shows the limit where the demo client posts", async ({ page }) => {
  test.setTimeout(limitFor(90_000));
  await signedInAt(page, "demo@quickgig.dev");
  await page.goto(`${origin}/dashboard/add-task?scenario=limited`);
  await expect(page.getByText(/Your account is limited for breaking the rule/).first()).toBeVisible({
    timeout: limitFor(30_000),
  });
  await expect(page.getByLabel("Scenario")).toHaveValue("limited");
  // Back to the demo marketplace as it is: the notice is gone.
  await page.getByLabel("Scenario").selectOption("");
  await expect(page.getByRole("heading", { name: "Add Task", exact: true })).toBeVisible({ timeout: limitFor(30_000) });
  await expect(page.getByText(/Your account is limited/)).toHaveCount(0);
});
