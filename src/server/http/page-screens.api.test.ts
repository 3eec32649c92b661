import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

// A built web app as the build leaves it: index.html, and the task page's template with its slot.
const webDist = mkdtempSync(path.join(tmpdir(), "quickgig-web-page-screens-"));
const indexHtml = "<!doctype html><title>QuickGig</title><div id=root><p>Loading QuickGig</p></div>";
const template = "<!doctype html><title>Task Details - QuickGig</title><div id=root><!--quickgig:first-screen--></div>";
writeFileSync(path.join(webDist, "index.html"), indexHtml);
mkdirSync(path.join(webDist, "first-screens"));
writeFileSync(path.join(webDist, "first-screens", "task-details.template.html"), template);
mkdirSync(path.join(webDist, ".vite"));
writeFileSync(
  path.join(webDist, ".vite", "page-templates.json"),
  JSON.stringify({ "task-details": "first-screens/task-details.template.html" }),
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = setupTestApp({ WEB_DIST: webDist });

let poster: TestUser;
let reader: TestUser;
let taskId: string;
beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Priya Poster" });
  reader = await signUp(ctx.app, { name: "Rafael Reader" });
  taskId = await postTask(ctx.app, poster, {
    title: "Logo for a <script>alert(1)</script> bakery",
    description: "Two colours & a round mark.\nDelivered as SVG.",
    budget: 480,
  });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { "accept-encoding": "identity", ...headers } });

describe("a task's details, first screen rendered by the server", () => {
  it("holds the task, as its signed-in reader sees it, in the HTML", async () => {
    const response = await page(`/task-details/${taskId}`, { cookie: reader.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = response.body;
    expect(html.startsWith("<!doctype html><title>Task Details - QuickGig</title><div id=root>")).toBe(true);
    expect(html).not.toContain("<!--quickgig:first-screen-->");
    expect(html).toContain("data-first-screen");
    expect(html).toMatch(/<h1[^>]*>Logo for a &lt;script&gt;alert\(1\)&lt;\/script&gt; bakery<\/h1>/);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("Two colours &amp; a round mark.\nDelivered as SVG.");
    expect(html).toContain("Priya Poster");
    expect(html).toContain("$480.00");
    // A signed-in reader gets the contact email, as the API gives it to them.
    expect(html).toContain(`mailto:${poster.email}`);
    // The header as the live page's: signed in, with Dashboard in the menu, the bell, the reader's
    // avatar (a link to their profile) and Logout, from the first request on.
    expect(html).toMatch(/<a[^>]*href="\/dashboard"[^>]*>Dashboard<\/a>/);
    expect(html).toMatch(/<a[^>]*aria-label="Notifications"[^>]*href="\/dashboard\/notifications"/);
    expect(html).toContain('aria-label="Rafael Reader (profile)"');
    expect(html).toMatch(/<button inert[^>]*>.*Logout<\/button>/);
    // What needs the app (bid panel, questions) is loading; nothing in it takes input yet.
    expect(html).toContain("Loading bids and questions");
    expect(html).not.toMatch(/<(form|button)(?![^>]*\sinert)[\s>]/);
  });

  it("is made for one reader: never stored by a cache, and varies with the cookie", async () => {
    const response = await page(`/task-details/${taskId}`, { cookie: reader.cookie });
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers.vary).toBe("accept-encoding, cookie");
    // The security headers every page has.
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("comes compressed: brotli, else gzip", async () => {
    const br = await page(`/task-details/${taskId}`, { cookie: reader.cookie, "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain("Priya Poster");
    expect(br.rawPayload.length).toBeLessThan(html.length);
    const gz = await page(`/task-details/${taskId}`, { cookie: reader.cookie, "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("Priya Poster");
  });

  it("is index.html for a visitor who is not signed in (the app sends them to log in)", async () => {
    const response = await page(`/task-details/${taskId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const forged = await page(`/task-details/${taskId}`, { cookie: "better-auth.session_token=forged.value" });
    expect(forged.body).toBe(indexHtml);
  });

  it("is index.html for a task that does not exist or an id that cannot be one (the app says Task not found)", async () => {
    for (const id of ["AAAAAAAAAAAAAAAA", "not%20an%20id", "x".repeat(60)]) {
      const response = await page(`/task-details/${id}`, { cookie: reader.cookie });
      expect(response.statusCode, id).toBe(200);
      expect(response.body, id).toBe(indexHtml);
    }
  });

  it("follows the task: a changed title is in the next page", async () => {
    const updated = await ctx.app.inject({
      method: "PUT",
      url: `/api/tasks/${taskId}`,
      headers: { cookie: poster.cookie },
      payload: {
        title: "Logo for a corner bakery",
        category: "Design",
        description: "Round mark.",
        deadline: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
        budget: 350,
      },
    });
    expect(updated.statusCode).toBe(200);
    const html = (await page(`/task-details/${taskId}`, { cookie: poster.cookie })).body;
    expect(html).toContain("Logo for a corner bakery");
    expect(html).toContain("$350.00");
  });
});
