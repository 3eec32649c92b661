import type { Kysely } from "kysely";
import { todayAnywhereOnEarth } from "../../contract/dates.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import { countOpenTasks, listOpenTaskIds } from "./sitemap-repository.ts";

/** What the sitemaps protocol allows in one file (sitemaps.org): 50,000 addresses. */
export const SITEMAP_MAX_URLS = 50_000;

/** The pages everyone may read besides tasks, listed in the first file. */
const SITE_PAGES = ["/", "/browse-tasks", "/about"];

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

const urlSet = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `<url><loc>${xml(url)}</loc></url>`)
    .join("\n")}\n</urlset>\n`;

/**
 * The index (sitemap.xml): the site's pages in one file, then the open tasks in files of `pageSize`
 * addresses each (as many as they fill), so a search engine finds every task that takes offers
 * however many there are.
 */
export async function sitemapIndex(db: Kysely<DB>, origin: string, pageSize: number): Promise<string> {
  const pages = Math.max(1, Math.ceil((await countOpenTasks(db, todayAnywhereOnEarth())) / pageSize));
  const files = [`${origin}/sitemaps/pages.xml`];
  for (let page = 1; page <= pages; page++) files.push(`${origin}/sitemaps/tasks-${page}.xml`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((file) => `<sitemap><loc>${xml(file)}</loc></sitemap>`)
    .join("\n")}\n</sitemapindex>\n`;
}

export function sitePagesSitemap(origin: string): string {
  return urlSet(SITE_PAGES.map((page) => `${origin}${page}`));
}

/** The open tasks' page `page` (from 1); past the last one, 404 (the first is there even when empty). */
export async function tasksSitemap(db: Kysely<DB>, origin: string, page: number, pageSize: number): Promise<string> {
  const ids = await listOpenTaskIds(db, todayAnywhereOnEarth(), { offset: (page - 1) * pageSize, limit: pageSize });
  if (ids.length === 0 && page > 1) throw new HttpProblem(404, "There is no such page of the sitemap.");
  return urlSet(ids.map((id) => `${origin}/task-details/${encodeURIComponent(id)}`));
}

/** robots.txt: every page may be read but the API, and the sitemap says where the tasks are. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
