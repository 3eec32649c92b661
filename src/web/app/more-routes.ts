import type { RouteObject } from "react-router";

/**
 * The pages no visit starts on often (the dashboard, the profile, the pages that emails link to),
 * added to the table in app/router.tsx the first time one is asked for.
 */
export const moreRoutes: RouteObject[] = [
  { path: "auth/forgot-password", lazy: () => import("../features/accounts/forgot-password-page.tsx") },
  { path: "auth/reset-password", lazy: () => import("../features/accounts/reset-password-page.tsx") },
  { path: "email/unsubscribe", lazy: () => import("../features/notifications/unsubscribe-page.tsx") },
  { path: "profile", lazy: () => import("../features/accounts/account-page.tsx") },
  { path: "users/:id", lazy: () => import("../features/profiles/profile-page.tsx") },
  { path: "freelancers", lazy: () => import("../features/profiles/find-freelancers-page.tsx") },
  { path: "how-reputation-works", lazy: () => import("../features/profiles/how-reputation-works-page.tsx") },
  { path: "rules", lazy: () => import("../features/moderation/rules-page.tsx") },
  { path: "account/standing", lazy: () => import("../features/moderation/standing-page.tsx") },
  { path: "appeal", lazy: () => import("../features/moderation/appeal-page.tsx") },
  { path: "admin", lazy: () => import("../features/admin/queue-page.tsx") },
  { path: "admin/audit", lazy: () => import("../features/admin/audit-page.tsx") },
  { path: "admin/roles", lazy: () => import("../features/admin/roles-page.tsx") },
  { path: "admin/people/:id", lazy: () => import("../features/admin/person-page.tsx") },
  { path: "pay/:id", lazy: () => import("../features/payments/checkout-page.tsx") },
  { path: "payments/:id", lazy: () => import("../features/payments/receipt-page.tsx") },
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
      { path: "notifications", lazy: () => import("../features/notifications/notifications-page.tsx") },
      { path: "payments", lazy: () => import("../features/payments/payments-page.tsx") },
      { path: "alerts", lazy: () => import("../features/alerts/alerts-page.tsx") },
    ],
  },
];
