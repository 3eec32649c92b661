import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RequestLoad } from "./request-load.ts";

/** The requests a process answers, as background jobs see them (decision 043), over real sockets. */
let app: FastifyInstance;
let origin: string;
const load = new RequestLoad();
/** Answers of /held, given when the test says so. */
const held: Array<() => void> = [];

beforeAll(async () => {
  app = Fastify();
  load.watch(app);
  const holdOn = async () => {
    await new Promise<void>((resolve) => held.push(resolve));
    return { ok: true };
  };
  app.get("/held", holdOn);
  app.get("/stream", { config: { longLived: true } }, holdOn);
  origin = await app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  for (const answer of held.splice(0)) answer();
  await app.close();
});

const heldOpen = async () => vi.waitFor(() => expect(held.length).toBeGreaterThan(0));

describe("a process's request load", () => {
  it("is busy while a request is answered, and quiet a moment after its answer", async () => {
    await vi.waitFor(() => expect(load.quiet).toBe(true));
    const answer = fetch(`${origin}/held`);
    await heldOpen();
    expect(load.quiet).toBe(false);
    held.shift()?.();
    expect((await answer).status).toBe(200);
    await vi.waitFor(() => expect(load.quiet).toBe(true));
  });

  it("counts a request whose client went away as done", async () => {
    const aborted = new AbortController();
    const answer = fetch(`${origin}/held`, { signal: aborted.signal }).catch(() => undefined);
    await heldOpen();
    expect(load.quiet).toBe(false);
    aborted.abort();
    await answer;
    await vi.waitFor(() => expect(load.quiet).toBe(true));
    held.shift()?.();
  });

  it("leaves out the long-lived (a live stream), and a job waits for quiet only until its deadline", async () => {
    const stream = fetch(`${origin}/stream`);
    await heldOpen();
    await vi.waitFor(() => expect(load.quiet).toBe(true));
    const streamAnswer = held.shift();

    const busy = fetch(`${origin}/held`);
    await heldOpen();
    const started = performance.now();
    await load.quietOrBy(started + 150);
    // Given up at the deadline: the request is still in flight.
    expect(performance.now() - started).toBeGreaterThanOrEqual(149);
    expect(load.quiet).toBe(false);

    // Once the request is answered, the wait ends at the quiet moment, long before its deadline.
    const waiting = load.quietOrBy(performance.now() + 60_000);
    held.shift()?.();
    await waiting;
    expect(load.quiet).toBe(true);
    streamAnswer?.();
    expect((await busy).status).toBe(200);
    expect((await stream).status).toBe(200);
  });
});
