import { fromNodeHeaders } from "better-auth/node";
import type { FastifyInstance, FastifyReply } from "fastify";
import { MESSAGES } from "../../contract/index.ts";
import { sendProblem } from "../http/problem.ts";
import { type Auth, GOOGLE_PROVIDER_ID } from "./auth.ts";

/**
 * better-auth answers Fetch requests; this route hands it Fastify's and turns its JSON errors
 * into problem+json like the rest of the API.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  options: { publicUrl: string; googleEnabled: boolean },
) {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, options.publicUrl);
      if (!options.googleEnabled && isGoogleSignIn(url.pathname, request.body)) {
        return sendProblem(reply, 503, MESSAGES.googleUnavailable);
      }
      const hasBody = request.method !== "GET" && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      return forward(response, reply);
    },
  });
}

function isGoogleSignIn(pathname: string, body: unknown): boolean {
  if (pathname === `/api/auth/callback/${GOOGLE_PROVIDER_ID}`) return true;
  if (pathname !== "/api/auth/sign-in/social") return false;
  return (body as { provider?: unknown } | undefined)?.provider === GOOGLE_PROVIDER_ID;
}

async function forward(response: Response, reply: FastifyReply) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const contentType = response.headers.get("content-type") ?? "";
  if (response.status >= 400 && contentType.includes("json")) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    return sendProblem(
      reply,
      response.status,
      body.message || "The request was refused.",
      body.code ? { code: body.code } : {},
    );
  }
  response.headers.forEach((value, key) => {
    if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
  });
  reply.code(response.status);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}
