import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createDataRouter,
  data,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_defaultMapRouteProperties as mapRouteProperties,
  type PatchRoutesOnNavigationFunctionArgs as PatchRoutesOnNavigationArgs,
  type RouteObject,
} from "react-router";
import { ErrorPage } from "../components/error-page.tsx";
import { AppFallback, RootLayout } from "./root-layout.tsx";

/**
 * The route table (specification, section 2), each page's code loaded when first needed. Here are
 * the pages a visit most often starts on; the rest of the table (app/more-routes.ts) loads the first
 * time a path matches none of these, so that a new screen adds nothing to what a first visit
 * downloads (docs/decisions/012-route-table-in-two-parts.md).
 */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    HydrateFallback: AppFallback,
    ErrorBoundary: ErrorPage,
    children: [
      {
        // Errors show inside the layout, header and footer kept.
        id: "pages",
        ErrorBoundary: ErrorPage,
        children: [
          { index: true, lazy: () => import("../features/home/home-page.tsx") },
          { path: "browse-tasks", lazy: () => import("../features/tasks/browse-tasks-page.tsx") },
          { path: "task-details/:id", lazy: () => import("../features/tasks/task-details-page.tsx") },
          { path: "about", lazy: () => import("../features/about/about-page.tsx") },
          { path: "auth/login", lazy: () => import("../features/accounts/login-page.tsx") },
          { path: "auth/register", lazy: () => import("../features/accounts/register-page.tsx") },
          {
            path: "*",
            loader: () => {
              throw data(null, { status: 404 });
            },
          },
        ],
      },
    ],
  },
];

let moreRoutes: Promise<RouteObject[]> | undefined;

/** The router's options, shared by the browser's router and the tests' memory router. */
export const routerOptions = {
  // A path that only the catch-all matches may be one of the other pages: their part of the table
  // is added (once; patching the same routes again changes nothing) and the path matched again.
  async patchRoutesOnNavigation({ matches, patch }: PatchRoutesOnNavigationArgs) {
    if (matches[matches.length - 1]?.route.path !== "*") return;
    moreRoutes ??= import("./more-routes.ts").then((module) => module.moreRoutes);
    patch("pages", await moreRoutes);
  },
};

/**
 * The browser's router, as React Router's createBrowserRouter makes it (decision 026), in three
 * steps with a task between them: the history (which reads the location and marks the entry),
 * the route table, then the first page's code and data. As one task the three took 9-13 ms on a
 * task's page here, 65-95 under Lighthouse's calibrated slowdown; the page has no data from a
 * server render for the router to take over, so createBrowserRouter's reading of it is left out.
 */
export async function startRouter(betweenSteps: () => Promise<void>) {
  const history = createBrowserHistory();
  await betweenSteps();
  const router = createDataRouter({ ...routerOptions, routes, history, mapRouteProperties, hydrationRouteProperties });
  await betweenSteps();
  return router.initialize();
}

/** Resolves once the router has loaded its first page's code and data. */
export function whenInitialized(router: Awaited<ReturnType<typeof startRouter>>) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
