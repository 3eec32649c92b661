import { describe, expect, it } from "vitest";
import { setupTestApp } from "../test/test-app.ts";

const http = setupTestApp();
const https = setupTestApp({ PUBLIC_URL: "https://quickgig.example" });

describe("security headers", () => {
  it("sends a strict Content-Security-Policy and the usual headers on every response", async () => {
    for (const url of ["/api/tasks", "/api/nope", "/healthz"]) {
      const response = await http.app.inject({ url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'");
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
