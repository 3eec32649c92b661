import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { inlineScripts, scriptHash } from "./inline-scripts.ts";

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * unknown page path answered with index.html so the client router shows its Error page; the pages
 * with a first screen of their own get their own HTML (src/web/app/first-screens.tsx). The build
 * writes .br and .gz files beside the others; a client that accepts one gets it (preCompressed),
 * and Vary tells caches that the answer depends on Accept-Encoding.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, "index.html");
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // The server answers these itself (tasks/sitemap-routes.ts): a build from before that, which
    // still has a robots.txt of its own, is served without it instead of failing to start.
    globIgnore: ["robots.txt", "sitemap.xml", "sitemaps/**"],
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.startsWith(path.join(webDist, "assets") + path.sep);
      reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      reply.header("vary", "accept-encoding");
    },
  });
  // The pages whose first screen the build wrote into their own HTML; every other page gets index.html.
  for (const [page, file] of Object.entries(readFirstScreens(webDist))) {
    app.get(page, { schema: { hide: true } }, (_request, reply) => sendHtml(reply, file));
  }
  if (!app.hasRoute({ method: "GET", url: "/" })) {
    app.get("/", { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }
  return true;
}

/** The build's list of pages with a first screen of their own (page path to HTML file). */
function readFirstScreens(webDist: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(readBuildList(webDist, "first-screens.json")).filter(([page]) => page.startsWith("/")),
  );
}

/**
 * One of the build's lists of pages in .vite/ (a name to an HTML file of dist/web), without the
 * entries whose file is missing; none when the build wrote no such list.
 */
export function readBuildList(
  webDist: string,
  list: "first-screens.json" | "page-templates.json",
): Record<string, string> {
  const file = path.join(webDist, ".vite", list);
  if (!existsSync(file)) return {};
  const pages = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  return Object.fromEntries(Object.entries(pages).filter(([, page]) => existsSync(path.join(webDist, page))));
}

/**
 * The CSP sources of the inline scripts of the pages this server sends (src/web/boot.js, written
 * by the build into every page), by their hashes, worked out from those files as they are on disk;
 * none without a build.
 */
export function readScriptHashes(webDist: string): string[] {
  if (!existsSync(path.join(webDist, "index.html"))) return [];
  const pages = [
    "index.html",
    ...Object.values(readBuildList(webDist, "first-screens.json")),
    ...Object.values(readBuildList(webDist, "page-templates.json")),
  ];
  const scripts = pages.flatMap((page) => inlineScripts(readFileSync(path.join(webDist, page), "utf8")));
  return [...new Set(scripts.map(scriptHash))];
}

function sendHtml(reply: FastifyReply, file: string) {
  return reply.header("cache-control", "no-cache").header("vary", "accept-encoding").sendFile(file);
}

export function sendIndex(reply: FastifyReply) {
  return sendHtml(reply, "index.html");
}
