import type { FastifyInstance } from "fastify";
import { sendProblem } from "./problem.ts";

/** Encoded slashes and backslashes: a router that decodes them would see other segments than ours. */
const ENCODED_SEPARATOR = /%2f|%5c/i;

/**
 * The path a URL's own resolution serves (dot segments resolved, `\` read as `/`, any fragment
 * dropped), with empty segments collapsed: what any router behind us, better-auth's included,
 * reads a request as.
 */
export function servedPath(url: string): string {
  const raw = url.split("?")[0] ?? "";
  return new URL(raw, "http://path.invalid").pathname.replace(/\/{2,}/g, "/");
}

/** What a path must hold for another reading to serve it differently; most paths hold none of it. */
const SUSPECT = /[.%\\#]|\/\//;

/** Whether a request's path is already in the form it is served as; its query is not looked at. */
export function isNormalPath(url: string): boolean {
  const raw = url.split("?")[0] ?? "";
  if (!raw.startsWith("/") || ENCODED_SEPARATOR.test(raw)) return false;
  // Every request passes here: only a path that could read otherwise is parsed as a URL.
  if (!SUSPECT.test(raw)) return true;
  try {
    return servedPath(raw) === raw;
  } catch {
    return false;
  }
}

/**
 * Refuses, before routing decides anything, a path that another reading would serve as a different
 * path: `/api/auth/sign-in/./email`, `/api/auth//sign-in/email`, `/api/auth/x/../sign-in/email`,
 * `/api/auth/sign-in\email`, `%2e` segments, encoded slashes. Limits and checks chosen from the
 * path as written could then be stepped around (docs/security.md); browsers never send such paths.
 */
export function registerNormalPaths(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (isNormalPath(request.url)) return;
    let plain = "";
    try {
      plain = ` Use ${servedPath(request.url)} instead.`;
    } catch {
      // Not a path at all: nothing to suggest.
    }
    return sendProblem(
      reply,
      400,
      `The address of this request is not in its plain form: it has "." or ".." segments, an empty segment, a backslash or an encoded slash.${plain}`,
      { instance: request.url.split("?")[0] },
    );
  });
}
