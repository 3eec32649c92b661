import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.ts";

/**
 * E2E_CPU_THROTTLE=4 runs every page on a CPU four times slower (e2e/support/fixtures.ts): a test's
 * work then takes up to four times as long, and so may its limits.
 */
const SLOWER = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1);

/**
 * End-to-end tests in Debian's Chromium against the built app (dist/web, build it first) served by
 * the real server, which e2e/support/global-setup.ts starts on a free port with a fresh database.
 */
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  // On CI a test that fails is run once more, and reported as flaky (npm test prints the count)
  // when it then passes: a rare timing failure on a loaded machine does not sink the run.
  retries: process.env.CI ? 1 : 0,
  // A test's limit is for its work on a slow day, not for a wait: tests wait for states. One story
  // of several people takes more (test.setTimeout where it does). CI's machine, with the two workers'
  // browsers and the servers on two cores (a load average of 12 to 16), has taken 15 s to show a lazy
  // page and over 90 s for the hiring story that takes 33 s alone; the limits leave room for that.
  timeout: 60_000 * SLOWER,
  expect: { timeout: 20_000 * SLOWER },
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
