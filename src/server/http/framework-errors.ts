import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from "fastify";
import FindMyWay, { type HTTPMethod } from "find-my-way";
import { problem, sendProblem } from "./problem.ts";
import type { HeaderMap } from "./security-headers.ts";

/** Longer addresses answer 414; browsers and proxies commonly stop at 8 KB too. */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * The answers Fastify and Node's HTTP parser would write themselves, before any route or hook runs,
 * as problem+json with the security headers every other answer has. Passed to Fastify's options.
 */
export function frameworkErrorOptions(
  headers: HeaderMap,
): Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler"> {
  return {
    frameworkErrors(error, request, reply) {
      reply.headers(headers);
      if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
        return sendProblem(reply, 414, "The address of this request is too long.");
      }
      if (error.code === "FST_ERR_BAD_URL") {
        return sendProblem(
          reply,
          400,
          "The address of this request is not valid: it has a % that is not followed by two hexadecimal digits.",
        );
      }
      request.log.info({ err: { code: error.code, message: error.message } }, "request refused");
      return sendProblem(reply, 400, "The request is not valid.");
    },
    clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      const [status, detail] =
        error.code === "HPE_HEADER_OVERFLOW"
          ? [431, "The address or the headers of this request are too long."]
          : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
            ? [408, "The request took too long to arrive."]
            : [400, "The request is not valid HTTP."];
      this.log.info({ err: { code: error.code, message: error.message } }, "malformed request refused");
      if (socket.writable) {
        const body = JSON.stringify(problem(status, detail));
        const lines = [
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
          "content-type: application/problem+json; charset=utf-8",
          `content-length: ${Buffer.byteLength(body)}`,
          "connection: close",
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        ];
        socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`);
      }
      socket.destroy(error);
    },
  };
}

/** Refuses addresses longer than MAX_URL_LENGTH before any other work. */
export function registerUrlLengthLimit(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) {
      return sendProblem(reply, 414, `The address of this request is too long (at most ${MAX_URL_LENGTH} characters).`);
    }
  });
}

/**
 * Tells, for a path that has no route for the request's method, which methods it does have, so
 * that the not-found handler can answer 405 with an Allow header instead of 404. A router of its
 * own (find-my-way, Fastify's) is given every route as it is added.
 */
export function collectAllowedMethods(app: FastifyInstance): (method: string, url: string) => string[] {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  const methods = new Set<HTTPMethod>();
  app.addHook("onRoute", (route) => {
    // The web app's file server answers GET everywhere; it says nothing about a path's methods.
    if (route.url === "/*" || route.url === "*") return;
    for (const method of [route.method].flat()) {
      methods.add(method as HTTPMethod);
      router.on(method as HTTPMethod, route.url, () => {});
    }
  });
  return (method, url) => {
    const path = url.split("?")[0] ?? url;
    return [...methods].filter((candidate) => candidate !== method && router.find(candidate, path) !== null);
  };
}

export function sendMethodNotAllowed(reply: FastifyReply, method: string, allowed: string[]) {
  reply.header("allow", allowed.join(", "));
  return sendProblem(reply, 405, `${method} is not allowed here; this address takes ${allowed.join(", ")}.`);
}
