import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../test/test-app.ts";

// A built web app as the build leaves it: .br and .gz beside the files they compress.
const webDist = mkdtempSync(path.join(tmpdir(), "quickgig-web-precompressed-"));
const script = `export const greeting = ${JSON.stringify("hello ".repeat(200))};\n`;
const indexHtml = `<!doctype html><title>QuickGig</title><div id=root></div>${"<!-- padding -->".repeat(50)}`;
function writeWithCompressed(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}
mkdirSync(path.join(webDist, "assets"));
writeWithCompressed(path.join(webDist, "assets", "app-3f9a1c.js"), script);
writeWithCompressed(path.join(webDist, "index.html"), indexHtml);
// Two pages with a first screen of their own, and one listed whose file is missing.
const homeHtml = `<!doctype html><title>Home - QuickGig</title><div id=root><h1>Home</h1></div>${"<!-- padding -->".repeat(50)}`;
const loginHtml = "<!doctype html><title>Login - QuickGig</title><div id=root><h1>Login</h1></div>";
mkdirSync(path.join(webDist, "first-screens"));
writeWithCompressed(path.join(webDist, "first-screens", "home.html"), homeHtml);
writeFileSync(path.join(webDist, "first-screens", "auth-login.html"), loginHtml);
mkdirSync(path.join(webDist, ".vite"));
writeFileSync(
  path.join(webDist, ".vite", "first-screens.json"),
  JSON.stringify({
    "/": "first-screens/home.html",
    "/auth/login": "first-screens/auth-login.html",
    "/about": "first-screens/about.html",
  }),
);
// A build from before the server wrote robots.txt itself still has one: the app starts, and serves its own.
writeFileSync(path.join(webDist, "robots.txt"), "User-agent: *\nDisallow: /old-build/\n");
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = setupTestApp({ WEB_DIST: webDist });

describe("a build with files the server answers itself", () => {
  it("starts, and answers robots.txt with the sitemap, not the build's old file", async () => {
    const response = await ctx.app.inject({ url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Sitemap: ");
    expect(response.body).not.toContain("/old-build/");
  });
});

/** A page's HTML as a browser gets it: brotli-encoded, never cached, varying with Accept-Encoding. */
function expectBrotliPage(response: Awaited<ReturnType<typeof ctx.app.inject>>, html: string) {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("text/html");
  expect(response.headers["content-encoding"]).toBe("br");
  expect(response.headers["cache-control"]).toBe("no-cache");
  expect(response.headers.vary).toBe("accept-encoding");
  expect(brotliDecompressSync(response.rawPayload).toString()).toBe(html);
}

describe("the built web app, precompressed", () => {
  it("sends a hashed asset brotli-encoded to a client that accepts br, cached for a year", async () => {
    const response = await ctx.app.inject({
      url: "/assets/app-3f9a1c.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toBe("accept-encoding");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length);
  });

  it("sends gzip to a client without br, and the file itself to one that accepts neither", async () => {
    const gzipped = await ctx.app.inject({ url: "/assets/app-3f9a1c.js", headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await ctx.app.inject({ url: "/assets/app-3f9a1c.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends a page's own first screen, brotli-encoded and never cached, whatever its query", async () => {
    expectBrotliPage(await ctx.app.inject({ url: "/", headers: { "accept-encoding": "br" } }), homeHtml);
    const login = await ctx.app.inject({ url: "/auth/login?redirect=%2Fprofile" });
    expect(login.statusCode).toBe(200);
    expect(login.headers["cache-control"]).toBe("no-cache");
    expect(login.body).toBe(loginHtml);
  });

  it("sends index.html, brotli-encoded and never cached, for the other page paths", async () => {
    // /about is listed, but its file is not there.
    for (const url of ["/browse-tasks", "/about", "/task-details/abc", "/no-such-page"]) {
      expectBrotliPage(await ctx.app.inject({ url, headers: { "accept-encoding": "br" } }), indexHtml);
    }
  });
});
