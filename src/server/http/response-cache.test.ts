import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { carriesNoSession, ResponseCache, registerResponseCache } from "./response-cache.ts";

/** A GET as node:http hands it over, and what was written back. */
function ask(cache: ResponseCache, url: string) {
  const sent: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
  const request = { method: "GET", url, headers: {}, socket: {} } as unknown as IncomingMessage;
  const response = {
    writeHead: (status: number, headers: Record<string, unknown>) => Object.assign(sent, { status, headers }),
    end: (body: Buffer) => Object.assign(sent, { body }),
  } as unknown as ServerResponse;
  return { answered: cache.answerAtOnce(request, response, undefined), sent };
}

const answer = (etag: string, count: string) => ({ etag, "x-total-count": count, vary: "Origin, Cookie" });

describe("replays of the response cache", () => {
  it("keep no answer begun before a write, even when it ends after the newer entry was stored", () => {
    const cache = new ResponseCache(true);
    const early = cache.begin("/api/tasks");
    cache.invalidate(); // a write, while the early read was at the database
    const late = cache.begin("/api/tasks");
    cache.store(late, { body: '["new"]', etag: '"new"', headers: { "x-total-count": "2" } });
    cache.keepReplay(late, undefined, answer('"new"', "2"));
    // The early read ends now: its entry is refused, and so must be its headers.
    cache.store(early, { body: '["old"]', etag: '"old"', headers: { "x-total-count": "1" } });
    cache.keepReplay(early, undefined, answer('"old"', "1"));

    const { answered, sent } = ask(cache, "/api/tasks");
    expect(answered).toBe(true);
    expect(sent.headers).toMatchObject({ etag: '"new"', "x-total-count": "2" });
    expect(sent.body?.toString()).toBe('["new"]');
  });

  it("keep only answers of the entry's own body", () => {
    const cache = new ResponseCache(true);
    const pending = cache.begin("/api/features-tasks");
    cache.store(pending, { body: "[1]", etag: '"one"', headers: {} });
    cache.keepReplay(pending, undefined, answer('"other"', "0"));
    expect(ask(cache, "/api/features-tasks").answered).toBe(false);
    cache.keepReplay(pending, undefined, answer('"one"', "0"));
    expect(ask(cache, "/api/features-tasks").answered).toBe(true);
  });

  it("answer nothing once a write has emptied the cache", () => {
    const cache = new ResponseCache(true);
    const pending = cache.begin("/api/tasks/abc");
    cache.store(pending, { body: "{}", etag: '"e"', headers: {} });
    cache.keepReplay(pending, undefined, answer('"e"', "0"));
    expect(ask(cache, "/api/tasks/abc").answered).toBe(true);
    cache.invalidate();
    expect(ask(cache, "/api/tasks/abc").answered).toBe(false);
  });
});

describe("the cache's notion of a visitor", () => {
  it("is a request with no session cookie of any name, prefix or value", () => {
    expect(carriesNoSession({})).toBe(true);
    expect(carriesNoSession({ cookie: "theme=dark; lang=en" })).toBe(true);
    for (const cookie of [
      "better-auth.session_token=",
      "__Secure-better-auth.session_token=",
      "__Secure-better-auth.session_token=; better-auth.session_token=abc.def",
      "BETTER-AUTH.SESSION_TOKEN=x",
      "better-auth-session_token=x",
      "better-auth.session_data=x",
      "theme=dark;better-auth.session_token=x",
    ]) {
      expect(carriesNoSession({ cookie }), cookie).toBe(false);
    }
  });

  it("is decided last by the request's own session read: an answer made for someone is never kept", async () => {
    const app = Fastify();
    let reads = 0;
    await registerResponseCache(app, {
      enabled: true,
      database: { dialect: "sqlite", file: ":memory:" },
      // A reader the cookies cannot show: the session read says who it is.
      foundViewer: async (request) => request.headers["x-reader"] === "someone",
    });
    app.get("/api/tasks", { config: { publicCache: true } }, async (request) => {
      reads += 1;
      return [{ userEmail: request.headers["x-reader"] === "someone" ? "poster@example.com" : undefined }];
    });
    const someone = await app.inject({ url: "/api/tasks", headers: { "x-reader": "someone" } });
    expect(someone.headers["cache-control"]).toBe("private, no-cache");
    expect(someone.headers.etag).toBeUndefined();
    const visitor = await app.inject({ url: "/api/tasks" });
    expect(reads).toBe(2);
    expect(visitor.body).not.toContain("@example.com");
    // A visitor's answer is kept as before.
    await app.inject({ url: "/api/tasks" });
    expect(reads).toBe(2);
    await app.close();
  });
});
