import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../test/raw-http.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

/**
 * The response cache keeps answers for visitors only (issue 42, finding 1), over real HTTP: the
 * fast path that replays them is the server's own request listener, which app.inject skips. A
 * request that carries a session cookie in any shape, empty or not, is never taken for a visitor,
 * and what it is answered never reaches one.
 */
const ctx = setupTestApp();
let port: number;
let poster: TestUser;
let bidder: TestUser;
let taskId: string;
/** The signed session value of the poster's cookie, as a browser sends it back. */
let valid: string;

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Cache Shape Poster" });
  bidder = await signUp(ctx.app, { name: "Cache Shape Bidder" });
  taskId = await postTask(ctx.app, poster, { title: "Seen by visitors without its email" });
  const bid = await ctx.app.inject({
    method: "POST",
    url: "/api/bids",
    headers: { cookie: bidder.cookie },
    payload: { taskId },
  });
  expect(bid.statusCode).toBe(201);
  valid = poster.cookie.slice(poster.cookie.indexOf("=") + 1);
  const address = await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
});

const PLAIN = "better-auth.session_token";
const SECURE = "__Secure-better-auth.session_token";

/** The shape the review found: an empty __Secure- cookie before a valid session. */
const REPORTED = "an empty __Secure- cookie before a valid one";

/** Every shape of Cookie header a client may send, a valid session in most of them. */
const shapes = (): Record<string, string | string[]> => ({
  [REPORTED]: `${SECURE}=; ${PLAIN}=${valid}`,
  "a valid cookie before an empty __Secure- one": `${PLAIN}=${valid}; ${SECURE}=`,
  "both names, both valid": `${SECURE}=${valid}; ${PLAIN}=${valid}`,
  "the __Secure- name alone, valid": `${SECURE}=${valid}`,
  "one name twice, the empty one first": `${PLAIN}=; ${PLAIN}=${valid}`,
  "one name twice, the empty one last": `${PLAIN}=${valid}; ${PLAIN}=`,
  "one name twice, junk first": `${PLAIN}=junk; ${PLAIN}=${valid}`,
  "junk alone": `${PLAIN}=junk`,
  "an empty cookie alone": `${PLAIN}=`,
  "an empty __Secure- cookie alone": `${SECURE}=`,
  "other cookies around a valid one, with spaces": `theme=dark;   ${PLAIN} = ${valid} ;lang=en`,
  "two Cookie header lines": [`${SECURE}=`, `${PLAIN}=${valid}`],
});

const PATHS = () => ["/api/features-tasks", "/api/tasks?page=1&limit=12", `/api/tasks/${taskId}`];

/** Empties the cache as any write does. */
async function write() {
  await postTask(ctx.app, poster, { title: "A write that empties the cache" });
}

/** What a visitor with no cookie at all is answered: twice, the second from the fast path when kept. */
async function visitorBodies(path: string): Promise<string[]> {
  const first = await rawRequest(port, "GET", path);
  const second = await rawRequest(port, "GET", path);
  expect(first.status).toBe(200);
  expect(second.status).toBe(200);
  return [first.body, second.body];
}

describe("a request with a session cookie of any shape", () => {
  it("is never answered from, nor stored in, the visitors' cache, on every cached path", async () => {
    for (const [shape, cookie] of Object.entries(shapes())) {
      for (const path of PATHS()) {
        await write();
        // A visitor's answer is kept first, so a replay is there to be wrongly sent to the shaped request.
        await visitorBodies(path);
        const shaped = await rawRequest(port, "GET", path, { headers: { cookie } as Record<string, string> });
        expect(shaped.status, `${shape} ${path}`).toBe(200);
        // Answered by the app for this request, not replayed as a visitor's: a visitor's is "no-cache".
        expect(shaped.headers["cache-control"], `${shape} ${path}`).toBe("private, no-cache");
        if (shape === REPORTED) expect(shaped.body, `${shape} ${path}`).toContain(poster.email);

        await write();
        // And the other way round: the shaped request first, with an empty cache, then visitors.
        const first = await rawRequest(port, "GET", path, { headers: { cookie } as Record<string, string> });
        expect(first.status, `${shape} ${path}`).toBe(200);
        expect(first.headers["cache-control"], `${shape} ${path}`).toBe("private, no-cache");
        for (const body of await visitorBodies(path)) {
          expect(body, `${shape} ${path}`).not.toContain("@example.com");
          expect(body, `${shape} ${path}`).not.toContain("userEmail");
          expect(body, `${shape} ${path}`).not.toContain("hasBid");
          expect(body, `${shape} ${path}`).not.toContain("bidCount");
        }
      }
    }
  });

  it("with a valid session is answered as signed in, privately, whatever the other cookies", async () => {
    const headers = { cookie: `${SECURE}=; ${PLAIN}=${valid}` };
    const answer = await ctx.app.inject({ method: "GET", url: `/api/tasks/${taskId}`, headers });
    expect(answer.json().userEmail).toBe(poster.email);
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
  });
});
