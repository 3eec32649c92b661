import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type FirebaseEmulator, startFirebaseEmulator } from "../src/server/test/firebase-emulator.ts";
import { PRODUCTION_BUNDLE, type ServerProcess, startServerProcess } from "../src/server/test/server-process.ts";
import { expect, limitFor, test, toast, uniqueId } from "./support/fixtures.ts";

/**
 * Firebase Authentication, offline: the Auth emulator (a demo- project), a web build with the
 * VITE_FIREBASE_* settings pointed at it, and a server of its own with FIREBASE_PROJECT_ID and the
 * emulator's address. A person signs up and in through Firebase and gets QuickGig's own session.
 */
let emulator: FirebaseEmulator;
let server: ServerProcess;
let dir = "";

test.beforeAll(async () => {
  test.setTimeout(limitFor(120_000));
  emulator = await startFirebaseEmulator();
  dir = mkdtempSync(path.join(tmpdir(), "quickgig-firebase-web-"));
  execFileSync(
    process.execPath,
    [
      "node_modules/vite/bin/vite.js",
      "build",
      "--outDir",
      path.join(dir, "web"),
      "--emptyOutDir",
      "--logLevel",
      "warn",
    ],
    {
      env: {
        ...process.env,
        VITE_FIREBASE_API_KEY: "demo-api-key",
        VITE_FIREBASE_PROJECT_ID: "demo-quickgig",
        VITE_FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      },
      stdio: "inherit",
    },
  );
  server = await startServerProcess(
    {
      DATABASE_URL: path.join(dir, "quickgig.db"),
      WEB_DIST: path.join(dir, "web"),
      EMAIL_DIR: path.join(dir, "mail"),
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      FIREBASE_PROJECT_ID: "demo-quickgig",
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      RATE_LIMIT_AUTH_PER_MINUTE: "0",
      RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
    },
    undefined,
    PRODUCTION_BUNDLE,
  );
});

test.afterAll(async () => {
  await server?.stop();
  await emulator?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("sign up through Firebase, confirm the email, sign in: the header and private pages read QuickGig's session", async ({
  browser,
}) => {
  test.setTimeout(limitFor(90_000));
  const id = uniqueId();
  const email = `firebase-${id}@example.test`;
  const password = `Qg-${id}-Pass9`;
  const context = await browser.newContext({ baseURL: server.origin });
  const page = await context.newPage();
  const firebaseCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("identitytoolkit")) firebaseCalls.push(request.url());
  });

  await page.goto("/auth/register");
  await page.locator("html[data-app-started]").waitFor();
  await page.getByLabel("Name").fill(`Fire ${id}`);
  await page.getByLabel("Photo Url").fill("https://example.com/me.png");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  // Firebase made the account; QuickGig waits for the address to be confirmed.
  await expect(
    toast(page, "Confirm your email address with the link Firebase sent you, then sign in again."),
  ).toBeVisible();
  expect(firebaseCalls.some((url) => url.startsWith(`http://${emulator.host}/`))).toBe(true);

  const { localId } = await emulator.signIn(email, password);
  await emulator.verifyEmail(localId);

  await page.goto("/auth/login?redirect=%2Fdashboard%2Fmy-bids");
  await page.locator("html[data-app-started]").waitFor();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL(/\/dashboard\/my-bids$/);
  await expect(page.getByRole("link", { name: `Fire ${id} (profile)` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Bids" })).toBeVisible();

  // A wrong password is Firebase's refusal, in our words.
  const other = await browser.newContext({ baseURL: server.origin });
  const second = await other.newPage();
  await second.goto("/auth/login");
  await second.locator("html[data-app-started]").waitFor();
  await second.getByLabel("Email").fill(email);
  await second.getByLabel("Password", { exact: true }).fill("Wrong-Pass-1");
  await second.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(second, "Invalid email or password")).toBeVisible();
  await context.close();
  await other.close();
});
