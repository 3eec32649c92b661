import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import type { OriginPolicy } from "./origins.ts";

/**
 * The site's origin as the person making the request reached it, for the links of the emails the
 * request causes (a reset, a confirmation, the notices of a change): with PUBLIC_URL unset, someone
 * on http://127.0.0.1:3000 is sent links to 127.0.0.1, someone on localhost links to localhost
 * (decision 008). Kept for the request's own work, whatever calls it, without handing it down.
 */
const site = new AsyncLocalStorage<string>();

/**
 * Each request's handler runs knowing the origin the policy makes of its Host (`siteOrigin`: one
 * of this machine's addresses, else `fallback`). Set just before the handler: work started by a
 * hook before a body is read would lose it.
 */
export function registerRequestSite(app: FastifyInstance, origins: OriginPolicy, fallback: string): void {
  app.addHook("preHandler", (request, _reply, done) => {
    site.run(origins.siteOrigin(request.headers.host, fallback), done);
  });
}

/** The origin of the request being served, if any (a timed job has none). */
export function requestSite(): string | undefined {
  return site.getStore();
}

/**
 * Where an email's links lead: the request's site when the configured address is only the default
 * one (PUBLIC_URL unset, and the link is to this server); else the configured one.
 */
export function linkBase(configured: string, followsRequest: boolean): string {
  const asked = followsRequest ? requestSite() : undefined;
  return asked ?? configured;
}
