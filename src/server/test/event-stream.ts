import http, { type IncomingMessage } from "node:http";
import { Arrivals } from "./arrivals.ts";

export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * A server-sent-events reader for tests, over a real socket: it keeps every event that arrives and
 * waits for the one a test expects.
 */
export async function openEventStream(url: string, headers: Record<string, string>) {
  // A socket of its own (no keep-alive agent), gone when the stream is.
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: "text/event-stream", ...headers } }, resolve);
    request.once("error", reject);
  });
  const arrivals = new Arrivals<StreamEvent>();
  const events = arrivals.items;
  const done = (async () => {
    let buffer = "";
    try {
      for await (const chunk of response) {
        buffer += String(chunk);
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: StreamEvent = { event: "message", data: "" };
          let isEvent = false;
          for (const line of block.split("\n")) {
            const [field, ...rest] = line.split(": ");
            const value = rest.join(": ");
            if (field === "id") event.id = value;
            if (field === "event") event.event = value;
            if (field === "data") {
              event.data = value;
              isEvent = true;
            }
          }
          if (isEvent) arrivals.push(event);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // closed by close()
    }
  })();
  return {
    /** Resolves when the server ends the stream. */
    ended: done,
    status: response.statusCode,
    headers: response.headers,
    events,
    /** The first event from index `from` on that matches; fails after `timeoutMs`. */
    next: (match: (event: StreamEvent) => boolean, from = 0, timeoutMs = 5000) =>
      arrivals.first(match, { from, timeoutMs, what: "event" }),
    async close() {
      response.destroy();
      await done;
    },
  };
}
