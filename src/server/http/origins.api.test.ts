import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { setupTestApp, TEST_PASSWORD, taskInput } from "../test/test-app.ts";

/** PUBLIC_URL unset, as a newcomer's `npm start` runs. */
const local = setupTestApp({ PUBLIC_URL: "" });
const configured = setupTestApp({ PUBLIC_URL: "https://quickgig.example" });

let counter = 0;
const newEmail = () => `origin${++counter}-${Date.now()}@example.com`;

/**
 * A browser's sign-up from a page at `origin` (fetch from the page itself: Sec-Fetch-Site
 * same-origin), sent to `host` (the Host header: the page's own unless another is given).
 */
function signUpFrom(ctx: typeof local, origin: string, email = newEmail(), host = new URL(origin).host) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin, host, "sec-fetch-site": "same-origin" },
    payload: { name: "Origin Test", email, password: TEST_PASSWORD, image: "https://example.com/a.png" },
  });
}

/** Whether an account exists: signing in to it works (a client that is not a browser sends no Origin). */
async function accountExists(ctx: typeof local, email: string) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password: TEST_PASSWORD },
  });
  return response.statusCode === 200;
}

const machineAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === "IPv4")?.address;

describe("with PUBLIC_URL unset, the site is wherever this machine is reached", () => {
  it.each([
    ["localhost", "http://localhost:3000"],
    ["127.0.0.1", "http://127.0.0.1:3000"],
    ["[::1]", "http://[::1]:3000"],
    ["another port (a container's or a proxy's)", "http://localhost:8080"],
  ])("signs up and in at %s", async (_name, origin) => {
    const signUp = await signUpFrom(local, origin);
    expect(signUp.statusCode, signUp.body).toBe(200);
    const { email } = signUp.json().user;
    const signIn = await local.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin, host: new URL(origin).host, "sec-fetch-site": "same-origin" },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(String(signIn.headers["set-cookie"])).not.toMatch(/; Secure/i);
  });

  it.runIf(machineAddress)("signs up at the machine's own network address", async () => {
    expect((await signUpFrom(local, `http://${machineAddress}:3000`)).statusCode).toBe(200);
  });

  it("refuses a host name that is not this machine's, even when the browser calls it same-origin", async () => {
    const email = newEmail();
    // Another site's name pointed at this machine (DNS rebinding): the browser sees one origin.
    const response = await signUpFrom(local, "http://attacker.example:3000", email);
    expect(response.statusCode).toBe(403);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toBe(
      "This QuickGig server does not answer for http://attacker.example:3000. Open it at localhost or at one of this machine's own addresses, or set PUBLIC_URL.",
    );
    expect(await accountExists(local, email)).toBe(false);
    const crossSite = await local.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://attacker.example", "sec-fetch-site": "cross-site" },
      payload: { name: "X", email, password: TEST_PASSWORD, image: "https://example.com/a.png" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await accountExists(local, email)).toBe(false);
    expect((await signUpFrom(local, "http://localhost:3000", email)).statusCode).toBe(200);
    expect(await accountExists(local, email)).toBe(true);
  });
});

describe("with PUBLIC_URL unset, another port of this machine is another site", () => {
  it.each([
    ["localhost", "http://localhost:9999"],
    ["127.0.0.1", "http://127.0.0.1:8081"],
    ["a .localhost name", "http://foo.localhost:1234"],
  ])(
    "refuses writes from a page at %s on another port, and answers its preflight without CORS",
    async (_name, origin) => {
      const email = newEmail();
      // The browser calls a request from another port of the same host name same-site, not same-origin.
      const signUp = await local.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { origin, host: "localhost:3000", "sec-fetch-site": "same-site" },
        payload: { name: "Other App", email, password: TEST_PASSWORD, image: "https://example.com/a.png" },
      });
      expect(signUp.statusCode).toBe(403);
      expect(signUp.json().detail).toBe("This request must come from the QuickGig site itself.");
      expect(await accountExists(local, email)).toBe(false);
      // A browser that sends no Sec-Fetch-Site is judged by its Origin alone.
      const bare = await local.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: { origin, host: "localhost:3000", "content-type": "application/json" },
        payload: taskInput(),
      });
      expect(bare.statusCode).toBe(403);
      const preflight = await local.app.inject({
        method: "OPTIONS",
        url: "/api/tasks",
        headers: {
          origin,
          host: "localhost:3000",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();
    },
  );

  it("refuses a page that names this server's own address but came to another (a forged or mismatched Host)", async () => {
    const email = newEmail();
    const response = await signUpFrom(local, "http://127.0.0.1:3000", email, "127.0.0.1:9999");
    expect(response.statusCode).toBe(403);
    expect(await accountExists(local, email)).toBe(false);
  });
});

describe("with PUBLIC_URL set, only its address", () => {
  it("refuses sign-up and writes from another address of the same server, and names the right one", async () => {
    const email = newEmail();
    const response = await signUpFrom(configured, "http://127.0.0.1:3000", email);
    expect(response.statusCode).toBe(403);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json().detail).toBe(
      "This QuickGig server is set up for https://quickgig.example, not http://127.0.0.1:3000. Open https://quickgig.example to sign in.",
    );
    expect(await accountExists(configured, email)).toBe(false);

    const atHome = await signUpFrom(configured, "https://quickgig.example", email);
    expect(atHome.statusCode, atHome.body).toBe(200);
    expect(String(atHome.headers["set-cookie"])).toMatch(/; Secure/i);
    const cookie = String(atHome.headers["set-cookie"]).split(";")[0] ?? "";
    const write = await configured.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { cookie, origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" },
      payload: taskInput(),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().detail).toMatch(/^This QuickGig server is set up for https:\/\/quickgig.example/);
  });
});
