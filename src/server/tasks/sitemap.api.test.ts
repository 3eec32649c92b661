import { beforeAll, describe, expect, it } from "vitest";
import { postTask, setupTestApp, signUp, type TestUser } from "../test/test-app.ts";

// Three tasks a sitemap file, so that a few tasks fill several files.
const ctx = setupTestApp({}, undefined, { sitemapPageSize: 3 });

const get = (url: string, host?: string) => ctx.app.inject({ url, headers: host ? { host } : {} });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? "");

let poster: TestUser;
const open: string[] = [];
let cancelled: string;
beforeAll(async () => {
  poster = await signUp(ctx.app, { name: "Sam Sitemap" });
  for (let n = 1; n <= 7; n++) open.push(await postTask(ctx.app, poster, { title: `Open task ${n}` }));
  cancelled = await postTask(ctx.app, poster, { title: "Cancelled task" });
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/tasks/${cancelled}/cancel`,
    headers: { cookie: poster.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
});

describe("the sitemap", () => {
  it("is an index of the site's pages and of the open tasks, three files of tasks for seven", async () => {
    const response = await get("/sitemap.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const origin = ctx.config.publicUrl;
    expect(locs(response.body)).toEqual([
      `${origin}/sitemaps/pages.xml`,
      `${origin}/sitemaps/tasks-1.xml`,
      `${origin}/sitemaps/tasks-2.xml`,
      `${origin}/sitemaps/tasks-3.xml`,
    ]);
  });

  it("lists every open task once, oldest first, in its files, and nothing else", async () => {
    const listed: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await get(`/sitemaps/tasks-${page}.xml`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      listed.push(...locs(response.body));
    }
    expect(listed).toEqual(open.map((id) => `${ctx.config.publicUrl}/task-details/${id}`));
    expect(listed.join()).not.toContain(cancelled);
    expect((await get("/sitemaps/tasks-4.xml")).statusCode).toBe(404);
    expect((await get("/sitemaps/tasks-0.xml")).statusCode).toBe(400);
  });

  it("lists the pages everyone may read", async () => {
    const origin = ctx.config.publicUrl;
    expect(locs((await get("/sitemaps/pages.xml")).body)).toEqual([
      `${origin}/`,
      `${origin}/browse-tasks`,
      `${origin}/about`,
    ]);
  });

  it("is named in robots.txt, which keeps crawlers out of the API", async () => {
    const response = await get("/robots.txt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toContain("Disallow: /api/\n");
    expect(response.body).toContain(`Sitemap: ${ctx.config.publicUrl}/sitemap.xml\n`);
  });
});

describe("the sitemap without PUBLIC_URL", () => {
  const local = setupTestApp({ PUBLIC_URL: "" });

  it("speaks of the address the reader used when it is this machine's, and never of another host", async () => {
    const at = (host: string) => local.app.inject({ url: "/robots.txt", headers: { host } });
    expect((await at("127.0.0.1:4123")).body).toContain("Sitemap: http://127.0.0.1:4123/sitemap.xml");
    expect((await at("localhost:3000")).body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    const foreign = (await at("evil.example")).body;
    expect(foreign).not.toContain("evil.example");
    expect(foreign).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});
