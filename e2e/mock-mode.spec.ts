import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { expect, limitFor, test } from "./support/fixtures.ts";

/**
 * `npm run dev:mock`: the web app alone, in Vite's dev server, with msw answering the API in the
 * browser. No QuickGig server and no database take part: a person signs in with the demo account,
 * browses with a filter and bids.
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
  await page.getByRole("button", { name: "Search" }).click();
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
