import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * unknown page path answered with index.html so the client router shows its Error page. The build
 * writes .br and .gz files beside the others; a client that accepts one gets it (preCompressed),
 * and Vary tells caches that the answer depends on Accept-Encoding.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, "index.html");
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(path.join(webDist, "assets") + path.sep);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      res.setHeader("vary", "accept-encoding");
    },
  });
  app.get("/", { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return true;
}

export function sendIndex(reply: FastifyReply) {
  return reply.header("cache-control", "no-cache").header("vary", "accept-encoding").sendFile("index.html");
}
