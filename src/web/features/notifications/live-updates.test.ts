import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notePosition, takePosition } from "../../lib/event-position.ts";
import { onNotice, onReload, openEventStream } from "./live-updates.ts";

/** A stand-in for the browser's EventSource: records what was opened, and lets the test send events. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** An event as the server writes it: its `id:` becomes the event's lastEventId. */
  send(type: string, data: unknown, id = "") {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The server refused a reconnect: the browser gives the stream up. */
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    for (const listener of this.listeners.get("error") ?? []) listener(new MessageEvent("error"));
  }
}

const headers = (position: string) => new Headers({ "X-Event-Position": position });
const notice = (id: number) => ({
  id,
  kind: "message-new",
  data: { taskId: "t1", taskTitle: "A task", bidderId: "b1" },
  read: false,
  createdAt: new Date().toISOString(),
});

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  // The browser's online and offline events.
  vi.stubGlobal("window", new EventTarget());
  vi.useFakeTimers();
  takePosition();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the tab's live stream", () => {
  it("starts after the oldest position of the data the tab read, or from now when it read none", () => {
    notePosition(headers("41"));
    notePosition(headers("37"));
    notePosition(headers("not a number"));
    notePosition(new Headers());
    const close = openEventStream();
    expect(FakeEventSource.opened.map((source) => new URL(source.url, "http://x").search)).toEqual(["?after=37"]);
    close();
    // Read since: nothing. The next stream starts from now.
    openEventStream()();
    expect(new URL(FakeEventSource.opened[1]?.url ?? "", "http://x").search).toBe("");
  });

  it("hands each notice on once, even when it arrives live and again in a replay", () => {
    const received: number[] = [];
    const stop = onNotice((arrived) => received.push(arrived.id));
    const close = openEventStream();
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.send("notification", notice(5), "5");
    source.send("notification", notice(6), "6");
    source.send("notification", notice(5), "5");
    expect(received).toEqual([5, 6]);
    stop();
    close();
  });

  it("tells the pages to read themselves again when the server could not replay what was missed", () => {
    let reloads = 0;
    const stop = onReload(() => {
      reloads += 1;
    });
    const close = openEventStream();
    (FakeEventSource.opened[0] as FakeEventSource).send("reload", {}, "90");
    expect(reloads).toBe(1);
    stop();
    close();
  });

  it("resumes a stream the server gave up after the last event the tab received", () => {
    notePosition(headers("10"));
    const close = openEventStream();
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.send("unread", { notifications: 0, messages: 0 }, "12");
    first.send("notification", notice(14), "14");
    first.fail();
    vi.advanceTimersByTime(30_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(new URL(FakeEventSource.opened[1]?.url ?? "", "http://x").search).toBe("?after=14");
    close();
  });

  it("closes the stream when the browser goes offline and opens it again after the last event when it is back", () => {
    notePosition(headers("10"));
    const close = openEventStream();
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.send("notification", notice(15), "15");
    window.dispatchEvent(new Event("offline"));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(1);
    window.dispatchEvent(new Event("online"));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(new URL(FakeEventSource.opened[1]?.url ?? "", "http://x").search).toBe("?after=15");
    close();
    // Closed for good: going online again opens nothing.
    window.dispatchEvent(new Event("online"));
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});
