import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MyBidsQuerySchema, TaskIdParamsSchema } from "../../contract/index.ts";
import { ProfileReviewsQuerySchema, UserIdParamsSchema } from "../../contract/reputation.ts";
import { PAGE_SCREEN_SLOT } from "../../web/app/screen-slot.ts";
import { findViewer, type Viewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { listMyBids } from "../bids/bids.ts";
import { dashboardSummary } from "../hiring/hiring.ts";
import { HttpProblem } from "../http/problem.ts";
import { readBuildList, sendIndex } from "../http/web-app.ts";
import { findThreadsOf } from "../messages/messages.ts";
import { presentQueue } from "../moderation/reports.ts";
import { requireRole } from "../moderation/roles.ts";
import { findPublicProfile } from "../profiles/profiles.ts";
import { findProfileReviews } from "../reviews/reviews.ts";
import { presentTaskFor } from "../tasks/tasks.ts";

type Screens = typeof import("../../web/app/page-screens.tsx");
let screens: Promise<Screens> | undefined;
/** The web app's components, loaded with the first page that needs them, not at start-up. */
const loadScreens = () => {
  screens ??= import("../../web/app/page-screens.tsx").then(async (module) => {
    await module.prepareScreens();
    return module;
  });
  return screens;
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Pages whose first screen holds data, rendered here per request (decision 015): a task's details
 * and a person's profile (for everyone: visitors and search engines read them), and, for their
 * signed-in reader, My Bids, the dashboard's home, Messages' list and the moderators' queue (for
 * moderators and admins) come with what they show in their HTML, so the browser paints them from
 * the HTML and CSS alone, as it does the build's first screens. Whenever there is nothing to show
 * (a signed-in page without a session, no such task or person, a query the API refuses, a reader
 * without a moderator's role on the queue) or the screen cannot be rendered, the page is index.html,
 * as for any other path, and the app says what the reader sees there (login, Task not found, the
 * API's refusal); a task or a person that is not there answers 404.
 */
export function registerPageScreens(app: FastifyInstance, deps: AppDeps, webDist: string) {
  const templates = readTemplates(webDist);

  /**
   * The page at `url`: its template filled with what `render` makes for the reader (and its head, when
   * given, in place of the template's title), or index.html when that is null. `visitors`: the page
   * is rendered for a reader without a session too; else they get index.html (the app sends them to
   * log in).
   */
  const firstScreenPage = (url: string, name: string, visitors: boolean, render: RenderScreen) => {
    const template = templates[name];
    if (!template) return;
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const viewer = await findViewer(deps.sessions, request);
      if (!viewer && !visitors) return sendIndex(reply);
      try {
        const rendered = await render(request, viewer, await loadScreens());
        if (rendered === null) return sendIndex(reply);
        let html = template.replace(PAGE_SCREEN_SLOT, () => rendered.screen);
        if (rendered.head) {
          // The page's own head in place of the site's title, and of its description when it has one.
          if (rendered.head.includes('<meta name="description"')) {
            html = html.replace(/<meta name="description"[^>]*>/, "");
          }
          html = html.replace(/<title>[^<]*<\/title>/, () => rendered.head ?? "");
        }
        return await sendFirstScreenPage(request, reply, html, viewer !== null);
      } catch (error) {
        if (!(error instanceof HttpProblem)) request.log.error({ err: error, name }, "could not render a first screen");
        // A page of nothing (a task deleted or never there) says so to search engines too; the app says it to people.
        else if (error.status === 404) reply.code(404);
        return sendIndex(reply);
      }
    });
  };

  // Public (PRODUCT.md, Task pages are public): a visitor and a search engine read the task, with
  // the title, description and canonical address in the page's head.
  firstScreenPage("/task-details/:id", "task-details", true, async (request, viewer, screens) => {
    const params = TaskIdParamsSchema.safeParse(request.params);
    if (!params.success) throw new HttpProblem(404, "Task not found");
    const task = await presentTaskFor(deps.database.db, params.data.id, viewer, deps.taskNeighbours);
    const origin = deps.origins.siteOrigin(request.headers.host, deps.config.webUrl);
    return {
      screen: screens.renderTaskDetailsScreen(task, viewer),
      head: screens.renderTaskHead(task, `${origin}${screens.taskDetailsPath(task._id)}`),
    };
  });

  firstScreenPage("/dashboard/my-bids", "my-bids", false, async (request, viewer, screens) => {
    if (!viewer) return null;
    // The filter and page as the page reads them from its URL (an unknown status: all; no number: page 1),
    // asked for as the page asks GET /api/my-bids, and read as that route reads them.
    const shown = screens.readMyBidsQuery(new URL(request.url, "http://localhost").searchParams);
    const query = MyBidsQuerySchema.safeParse({ ...shown, limit: screens.MY_BIDS_PAGE_SIZE });
    if (!query.success) return null;
    const screen = screens.renderMyBidsScreen(
      { ...(await listMyBids(deps.database.db, viewer, query.data, deps.taskNeighbours.reviewsDue)), ...shown },
      viewer,
    );
    return { screen };
  });

  firstScreenPage("/dashboard", "dashboard", false, async (_request, viewer, screens) => {
    if (!viewer) return null;
    return {
      screen: screens.renderDashboardScreen(
        await dashboardSummary(deps.database.db, viewer.id, deps.hiringMoney),
        viewer,
      ),
    };
  });

  firstScreenPage("/dashboard/messages", "messages", false, async (_request, viewer, screens) => {
    if (!viewer) return null;
    return { screen: screens.renderMessagesScreen(await findThreadsOf(deps.database.db, viewer), viewer) };
  });

  // Public, as the API's profile is: a person's record and a page of their reviews, the page and
  // whose reviews the URL names (read as the page reads them); the name in the tab.
  firstScreenPage("/users/:id", "profile", true, async (request, viewer, screens) => {
    const params = UserIdParamsSchema.safeParse(request.params);
    if (!params.success) throw new HttpProblem(404, "Profile not found");
    const url = new URL(request.url, "http://localhost");
    const query = screens.readProfileQuery(url);
    const reviewsQuery = ProfileReviewsQuerySchema.safeParse({ ...query, limit: screens.REVIEWS_PAGE_SIZE });
    if (!reviewsQuery.success) return null;
    const { db } = deps.database;
    const [profile, { reviews, total }] = await Promise.all([
      findPublicProfile(db, deps.profileFigures, params.data.id),
      findProfileReviews(db, params.data.id, reviewsQuery.data),
    ]);
    const pages = Math.max(1, Math.ceil(total / screens.REVIEWS_PAGE_SIZE));
    return {
      screen: screens.renderProfileScreen(
        { profile, query, reviews, total, pages, loading: false },
        viewer,
        `${url.pathname}${url.search}`,
      ),
      head: screens.renderProfileHead(
        profile,
        `${deps.origins.siteOrigin(request.headers.host, deps.config.webUrl)}${screens.profilePath(profile.id)}`,
      ),
    };
  });

  // For moderators and admins; anyone else gets index.html, and the app says what the API says (403).
  firstScreenPage("/admin", "admin-queue", false, async (_request, viewer, screens) => {
    if (!viewer) return null;
    await requireRole(deps.database.db, viewer, "moderator");
    return { screen: screens.renderQueueScreen(await presentQueue(deps.database.db, deps.reportables), viewer) };
  });
}

type RenderScreen = (
  request: FastifyRequest,
  viewer: Viewer | null,
  screens: Screens,
) => Promise<{ screen: string; head?: string } | null>;

/** The build's templates (name to HTML), read once at start. */
function readTemplates(webDist: string): Record<string, string> {
  const templates = Object.entries(readBuildList(webDist, "page-templates.json")).map(
    ([name, file]) => [name, readFileSync(path.join(webDist, file), "utf8")] as const,
  );
  return Object.fromEntries(templates.filter(([, html]) => html.includes(PAGE_SCREEN_SLOT)));
}

/**
 * A page rendered per request, compressed as the build's pages are (brotli, else gzip) at a level
 * quick enough to do per request. Made for one reader (`personal`): never stored by a shared cache or
 * kept by the browser. For visitors: asked again each time (the task may have changed), but the same
 * for all of them.
 */
async function sendFirstScreenPage(request: FastifyRequest, reply: FastifyReply, html: string, personal: boolean) {
  reply
    .header("cache-control", personal ? "private, no-store" : "no-cache")
    .header("vary", "accept-encoding, cookie")
    .type("text/html; charset=utf-8");
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header("content-encoding", "br").send(body);
  }
  if (/\bgzip\b/.test(accepted)) {
    return reply.header("content-encoding", "gzip").send(await gzipAsync(html, { level: 6 }));
  }
  return reply.send(html);
}
