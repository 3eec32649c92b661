import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { ResponseCache } from "./response-cache.ts";

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
