import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.ts";

export type HeaderMap = Record<string, string>;

/**
 * Security headers for every response. Scripts come only from this site, and the one inline
 * script its pages carry is allowed by its hash (scriptHashes; never 'unsafe-inline');
 * styles may be inline because the toast and dialog libraries set them at run time. Photos are
 * people's own URLs, so images may come from any http(s) address. Helmet works them out once, here;
 * answers written before a route runs (http/framework-errors.ts) send the same map.
 */
export function securityHeaders(options: {
  https: boolean;
  firebase?: Config["firebase"];
  scriptHashes?: string[];
}): HeaderMap {
  // With Firebase sign-in, the page talks to Firebase Authentication (or its emulator) and opens its Google window.
  const firebase = options.firebase;
  const firebaseConnect = firebase
    ? firebase.emulatorHost
      ? [`http://${firebase.emulatorHost}`]
      : ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"]
    : [];
  const firebaseFrames = firebase ? [`https://${firebase.projectId}.firebaseapp.com`] : [];
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.scriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:", "http:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...firebaseConnect],
        ...(firebaseFrames.length > 0 ? { frameSrc: firebaseFrames } : {}),
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
  const headers: HeaderMap = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  applyHeaders({} as never, recorder as unknown as ServerResponse, () => {});
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, headers: HeaderMap) {
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
