import { randomBytes } from "node:crypto";

/** Opaque, unguessable, URL-safe ids for tasks and bids. */
export function createId(): string {
  return randomBytes(12).toString("base64url");
}
