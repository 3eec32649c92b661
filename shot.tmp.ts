import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.ts";
import { cookiesOf, PRODUCTION_BUNDLE, startServerProcess } from "./src/server/test/server-process.ts";

const server = await startServerProcess(
  {
    NODE_ENV: "production",
    DATABASE_URL: "/tmp/probe/shot2.db",
    WEB_DIST: "/work/main/dist/web",
    RATE_LIMIT_AUTH_PER_MINUTE: "0",
    RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
  },
  undefined,
  PRODUCTION_BUNDLE,
);
try {
  const signIn = await fetch(`${server.origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "aisha@quickgig.dev", password: "Demo1234" }),
  });
  console.log("sign-in", signIn.status);
  const cookie = cookiesOf(signIn);
  const tasks = (await (await fetch(`${server.origin}/api/tasks?status=open`)).json()) as Array<{
    _id: string;
    title: string;
  }>;
  const target = tasks.find((t) => t.title.startsWith("Landing page"))!;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  for (const [name, viewport, scheme] of [
    ["phone-dark", { width: 390, height: 844 }, "dark"],
    ["desktop-light", { width: 1280, height: 800 }, "light"],
  ] as const) {
    const ctx = await browser.newContext({ viewport, colorScheme: scheme });
    const eq = cookie.indexOf("=");
    await ctx.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: server.origin }]);
    const page = await ctx.newPage();
    await page.goto(`${server.origin}/task-details/${target._id}`);
    await page.getByRole("button", { name: "Place a Bid" }).click();
    await page.getByRole("dialog").waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/probe/bid-dialog-${name}.png` });
    await page.keyboard.press("Escape");
    await page.goto(`${server.origin}/dashboard/my-bids`);
    await page.getByRole("heading", { name: "My Bids" }).waitFor();
    await page.screenshot({ path: `/tmp/probe/my-bids-demo-${name}.png` });
    await ctx.close();
  }
  await browser.close();
} catch (error) {
  console.error(String(error).slice(0, 2000));
  console.error(server.output().slice(-2000));
}
await server.stop();
