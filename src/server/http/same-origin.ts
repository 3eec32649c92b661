import type { FastifyInstance } from "fastify";
import type { OriginPolicy } from "./origins.ts";
import { sendProblem } from "./problem.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing /api request, the auth library's
 * included: a browser's request must come from one of our origins (Sec-Fetch-Site, else Origin),
 * and a body must be JSON, which an HTML form on another site cannot send. Clients that are not
 * browsers send neither header and are let through to the session check.
 */
export function registerSameOriginGuard(app: FastifyInstance, origins: OriginPolicy) {
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;

    const fetchSite = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const trusted = origin !== undefined && origins.isTrusted(origin, request.headers.host);
    // The browser says the page came from this server, but at an address it is not configured for
    // (PUBLIC_URL names another): tell the person where QuickGig lives.
    if (fetchSite === "same-origin" && origin !== undefined && !trusted) {
      request.log.warn({ origin }, "write from an address other than PUBLIC_URL refused");
      return sendProblem(reply, 403, wrongAddressMessage(origin, origins.publicOrigin));
    }
    const crossSite = fetchSite ? fetchSite !== "same-origin" && !trusted : origin !== undefined && !trusted;
    if (crossSite) {
      request.log.warn({ origin, fetchSite }, "cross-site write refused");
      return sendProblem(reply, 403, "This request must come from the QuickGig site itself.");
    }

    // A route that takes a form says so (one-click unsubscribe); it is still refused from another site above.
    if (request.routeOptions.config.acceptsForm) return;
    const hasBody =
      Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"] !== undefined;
    const contentType = request.headers["content-type"] ?? "";
    if (hasBody && !/^application\/json\s*(;|$)/i.test(contentType)) {
      return sendProblem(
        reply,
        415,
        "Requests that change data must send a JSON body (Content-Type: application/json).",
      );
    }
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route takes a form-encoded body as well as JSON: its own parser reads it. */
    acceptsForm?: boolean;
  }
}

function wrongAddressMessage(origin: string, publicOrigin: string | null): string {
  return publicOrigin
    ? `This QuickGig server is set up for ${publicOrigin}, not ${origin}. Open ${publicOrigin} to sign in.`
    : `This QuickGig server does not answer for ${origin}. Open it at localhost or at one of this machine's own addresses, or set PUBLIC_URL.`;
}
