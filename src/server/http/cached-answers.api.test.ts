import { beforeAll, describe, expect, it, vi } from "vitest";
import { callerOf } from "../test/answers.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

/**
 * Anonymous hits of the response cache answered before Fastify (issue 30), over real HTTP: the
 * fast path is the server's own request listener, which app.inject does not go through.
 */
const WEB_APP = "https://quickgig-web.example";
const lines: string[] = [];
/** Every request Fastify itself answered, by address: its hits included (every answer passes onSend). */
const seenByFastify: string[] = [];
const ctx = setupTestApp(
  { LOG_LEVEL: "info", TRUSTED_ORIGINS: WEB_APP },
  (app) => {
    app.addHook("onSend", async (request, _reply, payload) => {
      seenByFastify.push(request.url);
      return payload;
    });
  },
  { logStream: { write: (line) => lines.push(line) } },
);
const call = callerOf(ctx);
let origin: string;
let poster: TestUser;

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Fast Path Poster" });
  await postTask(ctx.app, poster, { title: "Answered at once" });
  origin = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers });
const timesSeen = (path: string) => seenByFastify.filter((url) => url === path).length;

/** Every header of an answer but those of the one answer: its request's id and the date. */
function lasting(response: Response): Record<string, string> {
  const headers = Object.fromEntries(response.headers);
  delete headers["x-request-id"];
  delete headers.date;
  return headers;
}

describe("an anonymous public read asked again", () => {
  it("is answered before Fastify, with the same headers and body and an id of its own", async () => {
    const first = await get("/api/tasks?limit=5");
    const second = await get("/api/tasks?limit=5");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(timesSeen("/api/tasks?limit=5")).toBe(1);
    expect(lasting(second)).toEqual(lasting(first));
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    // What the security review asked of every answer is there (docs/security.md).
    expect(second.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(second.headers.get("vary")).toBe("Origin, Cookie");
    expect(second.headers.get("cache-control")).toBe("no-cache");
    expect(second.headers.get("x-total-count")).toBe(first.headers.get("x-total-count"));
  });

  it("from a trusted other origin gets the CORS headers Fastify gave that origin; an unseen origin goes to Fastify", async () => {
    const path = "/api/features-tasks";
    const first = await get(path, { origin: WEB_APP });
    const second = await get(path, { origin: WEB_APP });
    expect(timesSeen(path)).toBe(1);
    expect(second.headers.get("access-control-allow-origin")).toBe(WEB_APP);
    expect(second.headers.get("access-control-allow-credentials")).toBe("true");
    expect(lasting(second)).toEqual(lasting(first));

    // An Origin CORS does not answer gets the headers of no Origin: one replay serves both.
    const stranger = await get(path, { origin: "https://elsewhere.example" });
    expect(timesSeen(path)).toBe(2);
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    const plain = await get(path);
    expect(timesSeen(path)).toBe(2);
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
    expect(lasting(plain)).toEqual(lasting(stranger));
  });

  it("keeps no answer per made-up Origin: they all get the answer of no Origin, at once", async () => {
    const path = "/api/tasks?limit=8";
    await get(path);
    for (const made of ["https://a.example", "https://b.example", "https://c.example", "https://d.example"]) {
      const answer = await get(path, { origin: made });
      expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    }
    expect(timesSeen(path)).toBe(1);
  });

  it("goes to Fastify when it is signed in, revalidates, or is not a GET", async () => {
    const path = "/api/tasks?limit=6";
    const anonymous = await get(path);
    await get(path);
    expect(timesSeen(path)).toBe(1);

    const signedIn = await get(path, { cookie: poster.cookie });
    expect(timesSeen(path)).toBe(2);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-cache");

    const revalidated = await get(path, { "if-none-match": anonymous.headers.get("etag") as string });
    expect(timesSeen(path)).toBe(3);
    expect(revalidated.status).toBe(304);

    const head = await fetch(`${origin}${path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(timesSeen(path)).toBe(4);
  });

  it("is read afresh after a write", async () => {
    const path = "/api/tasks?limit=7";
    await get(path);
    await get(path);
    expect(timesSeen(path)).toBe(1);
    await postTask(ctx.app, poster, { title: "Posted after the replay" });
    const after = await get(path);
    expect(timesSeen(path)).toBe(2);
    expect((await after.json()).map((task: { title: string }) => task.title)).toContain("Posted after the replay");
  });

  it("stays while task alerts go out, whose writes are their people's own", async () => {
    const path = "/api/tasks?limit=9";
    const seeker = await signUp(ctx.app, { name: "Cached Seeker" });
    expect((await call(seeker, "POST", "/api/saved-searches", { q: "xylophone" })).statusCode).toBe(201);
    await postTask(ctx.app, poster, { title: "Xylophone lessons" });
    await get(path);
    // The app's own matcher tells her, at its next look.
    await vi.waitFor(
      async () => expect((await call(seeker, "GET", "/api/notifications/unread")).json().notifications).toBe(1),
      { timeout: 15_000, interval: 100 },
    );
    const after = await get(path);
    expect(timesSeen(path)).toBe(1);
    expect((await after.json()).map((task: { title: string }) => task.title)).toContain("Xylophone lessons");
  });

  it("is logged as every request is, in one line with its id and without its query", async () => {
    const path = "/api/tasks?q=confidential-word&limit=3";
    await get(path);
    lines.length = 0;
    const fast = await get(path);
    expect(timesSeen(path)).toBe(1);
    const id = fast.headers.get("x-request-id");
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // One line a request, as for every other request (issue 46): what was asked, and the answer.
    expect(entries.filter((entry) => entry.reqId === id)).toEqual([
      expect.objectContaining({
        msg: "request completed",
        req: expect.objectContaining({ method: "GET", url: "/api/tasks", remoteAddress: "127.0.0.1" }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(lines.join("\n")).not.toContain("confidential-word");
  });
});
