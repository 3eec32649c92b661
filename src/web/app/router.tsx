import { createBrowserRouter, data, type RouteObject } from "react-router";
import { ErrorPage } from "../components/error-page.tsx";
import { AppFallback, RootLayout } from "./root-layout.tsx";

/** Every page of the route table (specification, section 2), each one's code loaded when first needed. */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    HydrateFallback: AppFallback,
    ErrorBoundary: ErrorPage,
    children: [
      {
        // Errors show inside the layout, header and footer kept.
        ErrorBoundary: ErrorPage,
        children: [
          { index: true, lazy: () => import("../features/home/home-page.tsx") },
          { path: "browse-tasks", lazy: () => import("../features/tasks/browse-tasks-page.tsx") },
          { path: "task-details/:id", lazy: () => import("../features/tasks/task-details-page.tsx") },
          { path: "about", lazy: () => import("../features/about/about-page.tsx") },
          { path: "auth/login", lazy: () => import("../features/accounts/login-page.tsx") },
          { path: "auth/register", lazy: () => import("../features/accounts/register-page.tsx") },
          { path: "profile", lazy: () => import("../features/accounts/profile-page.tsx") },
          {
            path: "dashboard",
            lazy: () => import("../features/dashboard/dashboard-layout.tsx"),
            children: [
              { index: true, lazy: () => import("../features/dashboard/dashboard-home-page.tsx") },
              { path: "add-task", lazy: () => import("../features/dashboard/add-task-page.tsx") },
              { path: "my-posted-tasks", lazy: () => import("../features/dashboard/my-posted-tasks-page.tsx") },
              { path: "my-bids", lazy: () => import("../features/bids/my-bids-page.tsx") },
              {
                path: "messages/:taskId?/:bidderId?",
                lazy: () => import("../features/messages/messages-page.tsx"),
              },
              { path: "update-task/:id", lazy: () => import("../features/dashboard/update-task-page.tsx") },
            ],
          },
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

export function createRouter() {
  return createBrowserRouter(routes);
}
