import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Security headers on every response. Scripts come only from this site (no inline script);
 * styles may be inline because the toast and dialog libraries set them at run time. Photos are
 * people's own URLs, so images may come from any http(s) address. The headers are worked out once,
 * not on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:", "http:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 60 * 60 * 24 * 365, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
  app.addHook("onRequest", (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
}
