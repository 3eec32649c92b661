import path from "node:path";
import { expect, test } from "@playwright/test";
import { initialJsGzipBytes } from "./support/bundle-size.ts";

// The first-paint JavaScript budget (110 KB gzipped for Home) belongs to the performance issue;
// measured at 110.9 KiB on 2026-11-22 (docs/performance.md). Printed here so every run shows it.
test("the home page's first-paint JavaScript is measured", () => {
  const { bytes, files } = initialJsGzipBytes(path.resolve("dist/web"), "features/home/home-page.tsx");
  console.log(`home initial JS: ${(bytes / 1024).toFixed(1)} KiB gzipped in ${files.length} files`);
  expect(files.length).toBeGreaterThan(0);
});

test("no page loads anything from another origin", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL ?? "")) foreign.push(request.url());
  });
  await page.goto("/");
  await page.getByRole("contentinfo").waitFor();
  await page.getByRole("region", { name: "From Our Blog" }).scrollIntoViewIfNeeded();
  await page.goto("/browse-tasks");
  await page.goto("/auth/login");
  expect(foreign).toEqual([]);
});
