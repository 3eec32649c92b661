import { safeReturnPath, withReturnPath } from "../../contract/return-path.ts";

/**
 * Every path of the site, with helpers that build links. Nothing else spells out a path but
 * more-paths.ts, which holds those that only the pages loaded later link to.
 */
export const paths = {
  home: "/",
  browseTasks: "/browse-tasks",
  taskDetails: (id: string) => `/task-details/${encodeURIComponent(id)}`,
  about: "/about",
  login: "/auth/login",
  register: "/auth/register",
  forgotPassword: "/auth/forgot-password",
  profile: "/profile",
  dashboard: "/dashboard",
  addTask: "/dashboard/add-task",
  myPostedTasks: "/dashboard/my-posted-tasks",
  myBids: "/dashboard/my-bids",
  messages: "/dashboard/messages",
  thread: (taskId: string, bidderId: string) =>
    `/dashboard/messages/${encodeURIComponent(taskId)}/${encodeURIComponent(bidderId)}`,
  updateTask: (id: string) => `/dashboard/update-task/${encodeURIComponent(id)}`,
  notifications: "/dashboard/notifications",
  payments: "/dashboard/payments",
  user: (id: string) => `/users/${encodeURIComponent(id)}`,
  freelancers: "/freelancers",
  /** A hire's checkout (test mode's page; issue 44). */
  pay: (paymentId: string) => `/pay/${encodeURIComponent(paymentId)}`,
  /** A payment's receipt, printable, where a dispute is opened and answered (the task page links to it). */
  receipt: (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}`,
  /** A person as moderators see them: sanctions in force, history, Lift (the profile links to it for staff). */
  adminPerson: (id: string) => `/admin/people/${encodeURIComponent(id)}`,
} as const;

/** Route patterns for the router; they match the builders above. */
export const routePatterns = {
  taskDetails: "/task-details/:id",
  updateTask: "/dashboard/update-task/:id",
  user: "/users/:id",
  adminPerson: "/admin/people/:id",
} as const;

/** The login page that returns to `redirectTo` afterwards (when it is a path of this site). */
export function loginPath(redirectTo?: string): string {
  return withReturnPath(paths.login, redirectTo);
}

/** Only a path of this site is a valid place to return to (contract/return-path.ts). */
export function safeRedirect(value: string | null | undefined, fallback: string = paths.home): string {
  return safeReturnPath(value, fallback);
}
