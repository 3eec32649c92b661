import { execFileSync } from "node:child_process";
import { baseURL, daysFromNow, expect, limitFor, test, toast, uniqueId } from "./support/fixtures.ts";

/**
 * The web app built with VITE_API_URL and served alone by a plain static server on one port, the
 * API on another (it lists the static origin in TRUSTED_ORIGINS): a person signs up, browses, posts,
 * and another bids, all through the static origin, with the session cookie crossing to the API.
 */
const staticOrigin = () => process.env.E2E_STATIC_ORIGIN ?? "";

// The static server (e2e/support/global-setup.ts) serves what is built into E2E_STATIC_DIR.
test.beforeAll(async () => {
  test.setTimeout(limitFor(120_000));
  if (!process.env.E2E_STATIC_DIR) throw new Error("E2E_STATIC_DIR is not set: run through Playwright's global setup");
  execFileSync(
    process.execPath,
    [
      "node_modules/vite/bin/vite.js",
      "build",
      "--outDir",
      process.env.E2E_STATIC_DIR,
      "--emptyOutDir",
      "--logLevel",
      "warn",
    ],
    {
      env: { ...process.env, VITE_API_URL: baseURL() },
      stdio: "inherit",
    },
  );
});

test("sign up, browse, post and bid on a web app served from another origin than the API", async ({
  browser,
  makeUser,
}) => {
  test.setTimeout(limitFor(90_000));
  const id = uniqueId();
  const client = await browser.newContext({ baseURL: staticOrigin() });
  const page = await client.newPage();
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/")) apiCalls.push(new URL(request.url()).origin);
  });

  await page.goto("/auth/register");
  await page.getByLabel("Name").fill(`Static Client ${id}`);
  await page.getByLabel("Photo Url").fill("https://example.com/me.png");
  await page.getByLabel("Email").fill(`static-${id}@example.test`);
  await page.getByLabel("Password", { exact: true }).fill(`Qg-${id}-Pass9`);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("link", { name: `Static Client ${id} (profile)` })).toBeVisible();

  await page.getByRole("link", { name: "Browse Tasks" }).first().click();
  await expect(page.getByRole("heading", { name: "Browse Tasks" })).toBeVisible();

  const title = `Static origin task ${id}`;
  await page.goto("/dashboard/add-task");
  await page.getByLabel("Task Title").fill(title);
  await page.getByLabel("Category").selectOption("Writing");
  await page.getByLabel("Description").fill("Posted from a web app on a static host.");
  await page.getByLabel("Deadline").fill(daysFromNow(9));
  await page.getByLabel("Budget ($)").fill("500");
  await page.getByRole("button", { name: "Add Task" }).click();
  await expect(toast(page, "Task added successfully")).toBeVisible();

  // A freelancer signed in (cookies are per host, so the API's cookie serves the static origin too).
  const freelancer = await makeUser();
  const other = await browser.newContext({ baseURL: staticOrigin() });
  await other.addCookies((await freelancer.api.storageState()).cookies);
  const bidder = await other.newPage();
  await bidder.goto("/browse-tasks");
  await bidder.getByRole("searchbox", { name: "Search tasks" }).fill(title);
  await bidder.getByRole("button", { name: "Search", exact: true }).click();
  await bidder
    .getByRole("article")
    .filter({ hasText: title })
    .getByRole("link", { name: /See Details/ })
    .click();
  await bidder.waitForURL(/\/task-details\//);
  await bidder.getByRole("button", { name: "Place a Bid" }).click();
  const dialog = bidder.getByRole("dialog", { name: "Place a Bid" });
  await dialog.getByLabel("Amount (USD)").fill("420");
  await dialog.getByLabel("Message").fill("Placed across origins.");
  await dialog.getByRole("button", { name: "Place bid" }).click();
  await expect(bidder.getByRole("region", { name: "Your bid" })).toContainText("$420");

  // Every API call went to the API's origin, none to the static host.
  expect(apiCalls.length).toBeGreaterThan(3);
  expect(new Set(apiCalls)).toEqual(new Set([baseURL()]));
  await client.close();
  await other.close();
});
