import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PRODUCTION_BUNDLE, type ServerProcess, startServerProcess } from "../src/server/test/server-process.ts";
import { expect, test, toast, uniqueId, webDist } from "./support/fixtures.ts";

/**
 * The app at whatever address a person opens it. These start servers of their own (the production
 * bundle, as `npm start` runs it), each with a fresh SQLite file: one as a newcomer runs it, with
 * PUBLIC_URL and HOST unset, and one with PUBLIC_URL set.
 */
const PASSWORD = "Quick-Gig-7x";
let dataDir: string;
const servers: ServerProcess[] = [];

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "quickgig-addresses-"));
});
test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(name: string, env: Record<string, string>) {
  const server = await startServerProcess(
    {
      NODE_ENV: "production",
      HOST: "",
      PUBLIC_URL: "",
      DATABASE_URL: path.join(dataDir, `${name}.db`),
      SEED_DEMO_DATA: "false",
      WEB_DIST: webDist,
      LOG_LEVEL: "warn",
      ...env,
    },
    undefined,
    PRODUCTION_BUNDLE,
  );
  servers.push(server);
  return server;
}

test("with PUBLIC_URL unset, a person signs up at 127.0.0.1 and signs in at [::1]", async ({ browser }) => {
  const server = await startServer("unset", {});
  const port = new URL(server.origin).port;
  const email = `addresses-${uniqueId()}@example.com`;

  const first = await browser.newPage({ baseURL: `http://127.0.0.1:${port}` });
  await first.goto("/auth/register");
  await first.getByLabel("Name", { exact: true }).fill("Local Person");
  await first.getByLabel("Email").fill(email);
  await first.getByLabel("Photo Url").fill("https://example.test/me.png");
  await first.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await first.getByRole("button", { name: "Sign Up", exact: true }).click();
  const dialog = first.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Good job! Register Successfully" })).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(first.getByRole("link", { name: "Local Person (profile)" })).toBeVisible();
  await first.close();

  const second = await browser.newPage({ baseURL: `http://[::1]:${port}` });
  await second.goto("/auth/login");
  await second.getByLabel("Email").fill(email);
  await second.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await second.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(second, "Login Successfully")).toBeVisible();
  await expect(second.getByRole("link", { name: "Local Person (profile)" })).toBeVisible();
  await second.close();
});

test("with PUBLIC_URL set, another address of the server says which one to use", async ({ browser }) => {
  // The server's own port is known only once it has one: PUBLIC_URL names a port of its own choosing.
  const server = await startServer("set", { PUBLIC_URL: "http://localhost:3999" });
  const port = new URL(server.origin).port;
  const page = await browser.newPage({ baseURL: `http://127.0.0.1:${port}` });
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(
    toast(
      page,
      `This QuickGig server is set up for http://localhost:3999, not http://127.0.0.1:${port}. Open http://localhost:3999 to sign in.`,
    ),
  ).toBeVisible();
  await expect(page.getByText("Invalid origin")).toHaveCount(0);
  await page.close();
});
