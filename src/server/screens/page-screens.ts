import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MyBidsQuerySchema, TaskIdParamsSchema } from "../../contract/index.ts";
import { PAGE_SCREEN_SLOT } from "../../web/app/screen-slot.ts";
import { findViewer, type Viewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { listMyBids } from "../bids/bids.ts";
import { HttpProblem } from "../http/problem.ts";
import { readBuildList, sendIndex } from "../http/web-app.ts";
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
 * and My Bids, for a signed-in reader, come with the task or their bids in their HTML, so the browser
 * paints them from the HTML and CSS alone, as it does the build's first screens. Whenever there is
 * nothing of the reader's to show (no session, no such task, a query the API refuses) or the screen
 * cannot be rendered, the page is index.html, as for any other path, and the app says what the
 * reader sees there (login, Task not found, the API's refusal).
 */
export function registerPageScreens(app: FastifyInstance, deps: AppDeps, webDist: string) {
  const templates = readTemplates(webDist);

  /** The page at `url`: its template filled with what `render` makes for the reader, or index.html when that is null. */
  const personalPage = (url: string, name: string, render: RenderScreen) => {
    const template = templates[name];
    if (!template) return;
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const viewer = await findViewer(deps.sessions, request);
      if (!viewer) return sendIndex(reply);
      try {
        const screen = await render(request, viewer, await loadScreens());
        if (screen === null) return sendIndex(reply);
        return await sendPersonalPage(
          request,
          reply,
          template.replace(PAGE_SCREEN_SLOT, () => screen),
        );
      } catch (error) {
        if (!(error instanceof HttpProblem)) request.log.error({ err: error, name }, "could not render a first screen");
        return sendIndex(reply);
      }
    });
  };

  personalPage("/task-details/:id", "task-details", async (request, viewer, screens) => {
    const params = TaskIdParamsSchema.safeParse(request.params);
    if (!params.success) return null;
    return screens.renderTaskDetailsScreen(await presentTaskFor(deps.database.db, params.data.id, viewer), viewer);
  });

  personalPage("/dashboard/my-bids", "my-bids", async (request, viewer, screens) => {
    // The filter and page as the page reads them from its URL (an unknown status: all; no number: page 1),
    // asked for as the page asks GET /api/my-bids, and read as that route reads them.
    const shown = screens.readMyBidsQuery(new URL(request.url, "http://localhost").searchParams);
    const query = MyBidsQuerySchema.safeParse({ ...shown, limit: screens.MY_BIDS_PAGE_SIZE });
    if (!query.success) return null;
    return screens.renderMyBidsScreen(
      { ...(await listMyBids(deps.database.db, viewer, query.data)), ...shown },
      viewer,
    );
  });
}

type RenderScreen = (request: FastifyRequest, viewer: Viewer, screens: Screens) => Promise<string | null>;

/** The build's templates (name to HTML), read once at start. */
function readTemplates(webDist: string): Record<string, string> {
  const templates = Object.entries(readBuildList(webDist, "page-templates.json")).map(
    ([name, file]) => [name, readFileSync(path.join(webDist, file), "utf8")] as const,
  );
  return Object.fromEntries(templates.filter(([, html]) => html.includes(PAGE_SCREEN_SLOT)));
}

/**
 * A page made for one reader: never stored by a shared cache or kept by the browser, compressed as
 * the build's pages are (brotli, else gzip) at a level quick enough to do per request.
 */
async function sendPersonalPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply
    .header("cache-control", "private, no-store")
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
