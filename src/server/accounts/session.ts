import { getSessionCookie } from "better-auth/cookies";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES } from "../../contract/index.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Auth } from "./auth.ts";

export interface Viewer {
  id: string;
  name: string;
  email: string;
}

const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();

/** The signed-in user of a request, from its session cookie only; looked up once per request. */
export function findViewer(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  let viewer = viewers.get(request);
  if (!viewer) {
    // Most readers are anonymous: without the session cookie there is nothing to look up.
    if (!request.headers.cookie) return Promise.resolve(null);
    const headers = fromNodeHeaders(request.headers);
    if (!getSessionCookie(headers)) return Promise.resolve(null);
    viewer = auth.api
      .getSession({ headers })
      .then((session) =>
        session ? { id: session.user.id, name: session.user.name, email: session.user.email } : null,
      );
    viewers.set(request, viewer);
  }
  return viewer;
}

export async function requireViewer(auth: Auth, request: FastifyRequest): Promise<Viewer> {
  const viewer = await findViewer(auth, request);
  if (!viewer) throw new HttpProblem(401, MESSAGES.signInRequired);
  return viewer;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route needs a signed-in user; checked before the body is validated. */
    requiresSession?: boolean;
  }
}

/** Refuses, with 401, a request to a session-only route before anything else looks at it. */
export function registerSessionGuard(app: FastifyInstance, auth: Auth) {
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.config.requiresSession) await requireViewer(auth, request);
  });
}
