import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../contract/index.ts";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

const ctx = setupTestApp();

function call(user: TestUser | null, method: "GET" | "POST", url: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    ...(user ? { headers: { cookie: user.cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}

let poster: TestUser;
let bidder: TestUser;
let otherBidder: TestUser;
let stranger: TestUser;
let taskId: string;
const thread = () => `/api/tasks/${taskId}/threads/${bidder.id}/messages`;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Poster" });
  bidder = await signUp(ctx.app, { name: "Bidder" });
  otherBidder = await signUp(ctx.app, { name: "Other Bidder" });
  stranger = await signUp(ctx.app, { name: "Stranger" });
  taskId = await postTask(ctx.app, poster, { title: "Logo for a bakery" });
  for (const user of [bidder, otherBidder]) {
    const placed = await call(user, "POST", "/api/bids", { taskId });
    expect(placed.statusCode).toBe(201);
  }
});

describe("private messages", () => {
  it("the poster and a bidder write to each other; the thread lists them in order", async () => {
    const sent = await call(poster, "POST", thread(), { body: "How small is small?" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ body: "How small is small?", senderName: "Poster", mine: true });
    await tick();
    await call(bidder, "POST", thread(), { body: "About 200 px." });
    const asBidder = (await call(bidder, "GET", thread())).json();
    expect(asBidder.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ["How small is small?", false],
      ["About 200 px.", true],
    ]);
  });

  it("nobody else can read or write a thread, or learn that it exists", async () => {
    for (const user of [stranger, otherBidder]) {
      for (const method of ["GET", "POST"] as const) {
        const response = await call(user, method, thread(), method === "POST" ? { body: "Hi" } : undefined);
        expect(response.statusCode).toBe(404);
        expect(response.json().detail).toBe(MESSAGES.threadNotFound);
      }
    }
    // A thread with someone who never bid does not exist either, even for the poster.
    expect((await call(poster, "GET", `/api/tasks/${taskId}/threads/${stranger.id}/messages`)).statusCode).toBe(404);
    expect((await call(null, "GET", thread())).statusCode).toBe(401);
    const bodies = (await call(poster, "GET", thread())).json().map((m: { body: string }) => m.body);
    expect(bodies).not.toContain("Hi");
  });

  it("refuses an empty or too long message, naming the field", async () => {
    expect((await call(bidder, "POST", thread(), { body: "  " })).json().detail).toBe("Message is required");
    expect((await call(bidder, "POST", thread(), { body: "x".repeat(5001) })).json().detail).toBe(
      "Message must be at most 5,000 characters",
    );
  });

  it("lists my threads, newest activity first, with the other person and what I have not read", async () => {
    const otherThread = `/api/tasks/${taskId}/threads/${otherBidder.id}/messages`;
    await tick();
    await call(otherBidder, "POST", otherThread, { body: "Can I send examples?" });
    await tick();
    await call(otherBidder, "POST", otherThread, { body: "Here they are." });
    const threads = (await call(poster, "GET", "/api/threads")).json();
    expect(
      threads.map((t: { otherName: string; unread: number; lastMessage: string }) => [
        t.otherName,
        t.unread,
        t.lastMessage,
      ]),
    ).toEqual([
      ["Other Bidder", 2, "Here they are."],
      // The poster fetched this one in the test before, which reads nothing (a GET changes nothing).
      ["Bidder", 1, "About 200 px."],
    ]);
    expect(threads[0]).toMatchObject({ taskId, taskTitle: "Logo for a bakery", bidderId: otherBidder.id });
    await call(poster, "GET", otherThread);
    expect((await call(poster, "GET", "/api/threads")).json()[0]).toMatchObject({ unread: 2 });
    // The page marks a thread read once it shows it, with a POST of its own.
    const read = await call(poster, "POST", otherThread.replace(/messages$/, "read"));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ notifications: expect.any(Number), messages: 1 });
    const after = (await call(poster, "GET", "/api/threads")).json();
    expect(after[0]).toMatchObject({ otherName: "Other Bidder", unread: 0 });
    // Only its two people may: to anyone else the thread does not exist.
    const strangerRead = await call(stranger, "POST", otherThread.replace(/messages$/, "read"));
    expect(strangerRead.statusCode).toBe(404);
    const asBidder = (await call(bidder, "GET", "/api/threads")).json();
    expect(asBidder).toEqual([expect.objectContaining({ otherName: "Poster", unread: 0 })]);
    expect((await call(stranger, "GET", "/api/threads")).json()).toEqual([]);
  });
});
