import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app-deps.ts";
import { robotsTxt, SITEMAP_MAX_URLS, sitemapIndex, sitePagesSitemap, tasksSitemap } from "./sitemap.ts";

/** Search engines read them a few times a day; an hour-old list is soon enough. */
const CACHE = "public, max-age=3600";

/**
 * What search engines read to find the tasks (PRODUCT.md, Task pages are public): robots.txt, and
 * the sitemap of the site's pages and every open task, `pageSize` tasks a file (tests lower it).
 */
export function registerSitemapRoutes(root: FastifyInstance, deps: AppDeps, pageSize = SITEMAP_MAX_URLS) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  // Absolute addresses, at the address the reader used (decision 008) or PUBLIC_URL.
  const originOf = (request: FastifyRequest) => deps.origins.siteOrigin(request.headers.host, deps.config.webUrl);
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.header("cache-control", CACHE).header("vary", "host").type(type).send(body);
  const xml = "application/xml; charset=utf-8";

  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    send(reply, "text/plain; charset=utf-8", robotsTxt(originOf(request))),
  );
  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) =>
    send(reply, xml, await sitemapIndex(db, originOf(request), pageSize)),
  );
  app.get("/sitemaps/pages.xml", { schema: { hide: true } }, async (request, reply) =>
    send(reply, xml, sitePagesSitemap(originOf(request))),
  );
  app.get(
    "/sitemaps/tasks-:page.xml",
    { schema: { hide: true, params: z.object({ page: z.coerce.number().int().min(1).max(1_000_000) }) } },
    async (request, reply) =>
      send(reply, xml, await tasksSitemap(db, originOf(request), request.params.page, pageSize)),
  );
}
