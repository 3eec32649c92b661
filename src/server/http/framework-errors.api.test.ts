import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestApp, signUp } from "../test/test-app.ts";
import { MAX_URL_LENGTH } from "./framework-errors.ts";

/**
 * The answers the framework gives before any route runs: some of them come from Node's HTTP
 * parser and never reach Fastify's request injection, so these go over a real socket.
 */
const ctx = setupTestApp();
let port: number;

beforeAll(async () => {
  await ctx.app.listen({ host: "127.0.0.1", port: 0 });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx.app.server.close());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are (no client library tidies them) and reads the whole answer. */
function sendRaw(request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

function expectOurProblem(response: RawResponse, status: number, detail: RegExp) {
  expect(response.status, response.body).toBe(status);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const body = JSON.parse(response.body);
  expect(body).toMatchObject({ type: "about:blank", status });
  expect(body.detail).toMatch(detail);
  expect(response.body).not.toMatch(/FST_|HPE_|\bat .+\.(ts|js):\d+/);
}

describe("answers given before a route runs", () => {
  it("an address longer than the parser takes: 431", async () => {
    expectOurProblem(
      await sendRaw(get(`/api/tasks?q=${"a".repeat(20_000)}`)),
      431,
      /address or the headers .* too long/,
    );
  });

  it("an address over 8 KB, and a path segment longer than an id can be: 414", async () => {
    expectOurProblem(
      await sendRaw(get(`/api/tasks?q=${"a".repeat(MAX_URL_LENGTH)}`)),
      414,
      /address of this request is too long/,
    );
    expectOurProblem(await sendRaw(get(`/api/tasks/${"a".repeat(200)}`)), 414, /address of this request is too long/);
  });

  it("a path with broken percent-encoding: 400", async () => {
    expectOurProblem(await sendRaw(get("/api/tasks/%E0%A4%A")), 400, /% that is not followed by two hexadecimal/);
  });

  it("bytes that are not HTTP (an unknown method, a header name with a space): 400", async () => {
    expectOurProblem(await sendRaw("BREW /api/tasks HTTP/1.1\r\nHost: localhost\r\n\r\n"), 400, /not valid HTTP/);
    expectOurProblem(
      await sendRaw("GET /api/tasks HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n"),
      400,
      /not valid HTTP/,
    );
  });

  it("a method the address does not take: 405 with Allow", async () => {
    const response = await sendRaw(
      "PATCH /api/features-tasks HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
    expectOurProblem(response, 405, /PATCH is not allowed here; this address takes GET, HEAD/);
    expect(response.headers.allow).toBe("GET, HEAD");
    const task = await ctx.app.inject({ method: "PATCH", url: "/api/tasks/abc" });
    expect(task.statusCode).toBe(405);
    expect(String(task.headers.allow).split(", ").sort()).toEqual(["DELETE", "GET", "HEAD", "PUT"]);
    // A path with no route at all stays 404.
    expect((await ctx.app.inject({ method: "PATCH", url: "/api/nothing-here" })).statusCode).toBe(404);
  });

  it("bad JSON, a body that is not JSON, a body too large: 400, 415, 413", async () => {
    const user = await signUp(ctx.app);
    const post = (contentType: string, body: string) =>
      sendRaw(
        `POST /api/tasks HTTP/1.1\r\nHost: localhost\r\nCookie: ${user.cookie}\r\nContent-Type: ${contentType}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    expectOurProblem(await post("application/json", '{"title":'), 400, /not valid JSON/);
    expectOurProblem(await post("text/xml", "<task/>"), 415, /must send a JSON body/);
    expectOurProblem(
      await post("application/json", JSON.stringify({ title: "x".repeat(70 * 1024) })),
      413,
      /body is too large/,
    );
  });

  it("keeps answering after all of these", async () => {
    expect((await sendRaw(get("/healthz"))).status).toBe(200);
  });
});
