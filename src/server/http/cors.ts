import fastifyCors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import { EVENT_POSITION_HEADER } from "../../contract/event-position.ts";
import type { OriginPolicy } from "./origins.ts";

/** How long a browser may keep a preflight's answer (seconds). */
export const PREFLIGHT_MAX_AGE = 600;

/**
 * The web app may be served from another origin than the API (VITE_API_URL): such an origin, listed
 * in TRUSTED_ORIGINS, may call the API with its cookies. Without PUBLIC_URL the site is the address
 * the request came to, which is never cross-origin: another port of the machine is not trusted. The
 * answer names the origin, never `*`, and varies by Origin.
 */
export async function registerCors(app: FastifyInstance, origins: OriginPolicy) {
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && origins.isTrusted(origin)),
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["Content-Type", "Accept", "Last-Event-ID"],
    exposedHeaders: [
      "X-Total-Count",
      "X-Total-Count-Capped",
      "Link",
      "X-Request-Id",
      "Retry-After",
      EVENT_POSITION_HEADER,
    ],
    maxAge: PREFLIGHT_MAX_AGE,
    // An OPTIONS that is not a preflight gets an empty 204, not the plugin's plain-text 400.
    strictPreflight: false,
  });
}
