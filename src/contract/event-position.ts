/**
 * The live events' position a signed-in reader's answer reflects (issue 46): every GET of the API
 * with a session carries it, read before the answer's data; the page's live stream then starts
 * after it (GET /api/events?after=…), so what happened between the read and the stream is replayed.
 * Apart from the schemas: the web app's first screen reads it without zod.
 */
export const EVENT_POSITION_HEADER = "X-Event-Position";
