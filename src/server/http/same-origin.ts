import type { FastifyInstance } from "fastify";
import { sendProblem } from "./problem.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing /api request, the auth library's
 * included: a browser's request must come from one of our origins (Sec-Fetch-Site, else Origin),
 * and a body must be JSON, which an HTML form on another site cannot send. Clients that are not
 * browsers send neither header and are let through to the session check.
 */
export function registerSameOriginGuard(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;

    const fetchSite = request.headers["sec-fetch-site"];
    const origin = request.headers.origin;
    const crossSite = fetchSite
      ? fetchSite !== "same-origin" && !(origin && trusted.has(origin))
      : origin !== undefined && !trusted.has(origin);
    if (crossSite) {
      request.log.warn({ origin, fetchSite }, "cross-site write refused");
      return sendProblem(reply, 403, "This request must come from the QuickGig site itself.");
    }

    const hasBody =
      Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"] !== undefined;
    const contentType = request.headers["content-type"] ?? "";
    if (hasBody && !/^application\/json\s*(;|$)/i.test(contentType)) {
      return sendProblem(
        reply,
        403,
        "Requests that change data must send a JSON body (Content-Type: application/json).",
      );
    }
  });
}
