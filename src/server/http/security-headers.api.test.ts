import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../test/test-app.ts";
import { scriptHash } from "./inline-scripts.ts";
import { readScriptHashes } from "./web-app.ts";

const http = setupTestApp();
const https = setupTestApp({ PUBLIC_URL: "https://quickgig.example" });

// A build as scripts/vite/inline-boot.ts leaves it: pages with one inline script (and a data block,
// which never runs), the first-screen pages listed.
const bootScript = "document.documentElement.className += ' dark';";
const webDist = mkdtempSync(path.join(tmpdir(), "quickgig-web-script-hashes-"));
const page = (title: string) =>
  `<!doctype html><title>${title}</title><script>${bootScript}</script>` +
  `<script type="application/json" id="app-modules">{"entry":"/assets/index.js","modules":[]}</script><div id=root></div>`;
writeFileSync(path.join(webDist, "index.html"), page("QuickGig"));
mkdirSync(path.join(webDist, "first-screens"));
writeFileSync(path.join(webDist, "first-screens", "about.html"), page("About Us - QuickGig"));
mkdirSync(path.join(webDist, ".vite"));
writeFileSync(
  path.join(webDist, ".vite", "first-screens.json"),
  JSON.stringify({ "/about": "first-screens/about.html" }),
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const built = setupTestApp({ WEB_DIST: webDist });

describe("the build's inline script", () => {
  it("is allowed by its hash alone, on pages and on the API", async () => {
    for (const url of ["/", "/about", "/no-such-page", "/api/tasks", "/api/nope"]) {
      const response = await built.app.inject({ url });
      const scriptSrc = /script-src ([^;]*)/.exec(String(response.headers["content-security-policy"]))?.[1];
      expect(scriptSrc, url).toBe(`'self' ${scriptHash(bootScript)}`);
    }
  });

  it("is hashed from the pages as the server finds them: a page's other inline script too, a data block never", () => {
    const other = "console.log('a page edited after the build');";
    writeFileSync(path.join(webDist, "first-screens", "about.html"), `<script>${other}</script>`);
    try {
      expect(readScriptHashes(webDist)).toEqual([scriptHash(bootScript), scriptHash(other)]);
    } finally {
      writeFileSync(path.join(webDist, "first-screens", "about.html"), page("About Us - QuickGig"));
    }
    expect(readScriptHashes(webDist)).toEqual([scriptHash(bootScript)]);
    expect(readScriptHashes(path.join(webDist, "no-build-here"))).toEqual([]);
  });
});

describe("security headers", () => {
  it("sends a strict Content-Security-Policy and the usual headers on every response", async () => {
    for (const url of ["/api/tasks", "/api/nope", "/healthz"]) {
      const response = await http.app.inject({ url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["x-powered-by"]).toBeUndefined();
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("adds HSTS and __Secure- cookies when served over https", async () => {
    const response = await https.app.inject({ url: "/api/tasks" });
    expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const signUp = await https.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "https://quickgig.example" },
      payload: {
        name: "Secure",
        email: "secure@example.com",
        password: "Fresh-Start-9",
        image: "https://example.com/s.png",
      },
    });
    const cookie = String(signUp.headers["set-cookie"]);
    expect(cookie).toMatch(/__Secure-[\w.-]*session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});
