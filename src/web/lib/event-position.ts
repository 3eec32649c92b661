import { EVENT_POSITION_HEADER } from "../../contract/event-position.ts";

/**
 * The live events' position of what this tab has read (issue 46): a signed-in reader's answers say
 * which events their data already reflects (X-Event-Position). The oldest since the live stream
 * last started is where the next one starts, so what happened between a page's read and its
 * stream is replayed rather than missed.
 */
let oldest: number | null = null;

/** A position as the server writes it (a header, an event's id): a whole number, or null. */
export function parsePosition(text: string | null): number | null {
  return text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** Notes the position an API answer carries, if any. */
export function notePosition(headers: Headers): void {
  const position = parsePosition(headers.get(EVENT_POSITION_HEADER));
  if (position === null) return;
  oldest = oldest === null ? position : Math.min(oldest, position);
}

/** The oldest position read since the last call (null: none read), for a stream that starts. */
export function takePosition(): number | null {
  const position = oldest;
  oldest = null;
  return position;
}
