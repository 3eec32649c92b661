import type { Page } from "@playwright/test";
import type { Account } from "./fixtures.ts";

export interface Screen {
  name: string;
  path: (ids: { taskId: string }) => string;
  signedIn: boolean;
  /** Waits until the screen shows what it is for. */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string) => async (page: Page) => {
  await page.getByRole("heading", { name, exact: true }).first().waitFor();
};

/** Every screen of the route table, and the Error page. */
export const SCREENS: Screen[] = [
  { name: "home", path: () => "/", signedIn: false, ready: heading("Featured Tasks") },
  { name: "browse-tasks", path: () => "/browse-tasks", signedIn: false, ready: heading("Browse Tasks") },
  { name: "about", path: () => "/about", signedIn: false, ready: heading("About QuickGig") },
  { name: "login", path: () => "/auth/login", signedIn: false, ready: heading("Login Your Account") },
  { name: "register", path: () => "/auth/register", signedIn: false, ready: heading("Sign Up Your Account") },
  {
    name: "forgot-password",
    path: () => "/auth/forgot-password",
    signedIn: false,
    ready: heading("Forgot Your Password?"),
  },
  {
    name: "reset-password",
    path: () => "/auth/reset-password?token=screens",
    signedIn: false,
    ready: heading("Choose a New Password"),
  },
  {
    name: "unsubscribe",
    path: () => "/email/unsubscribe?token=screens",
    signedIn: false,
    ready: heading("Unsubscribe"),
  },
  { name: "error", path: () => "/no-such-page", signedIn: false, ready: heading("Something Went Wrong!") },
  {
    name: "profile-signed-out",
    path: () => "/profile",
    signedIn: false,
    ready: heading("Please log in to view your profile."),
  },
  { name: "profile", path: () => "/profile", signedIn: true, ready: heading("Edit your profile") },
  {
    // The poster's own task: the page they manage it from.
    name: "task-details",
    path: ({ taskId }) => `/task-details/${taskId}`,
    signedIn: true,
    ready: heading("Manage this task"),
  },
  {
    name: "task-details-visitor",
    path: ({ taskId }) => `/task-details/${taskId}`,
    signedIn: false,
    ready: heading("Description"),
  },
  { name: "dashboard", path: () => "/dashboard", signedIn: true, ready: heading("Recent Activity") },
  { name: "add-task", path: () => "/dashboard/add-task", signedIn: true, ready: heading("Add Task") },
  {
    name: "my-posted-tasks",
    path: () => "/dashboard/my-posted-tasks",
    signedIn: true,
    ready: heading("My Posted Tasks"),
  },
  { name: "my-bids", path: () => "/dashboard/my-bids", signedIn: true, ready: heading("My Bids") },
  { name: "messages", path: () => "/dashboard/messages", signedIn: true, ready: heading("Messages") },
  {
    name: "notifications",
    path: () => "/dashboard/notifications",
    signedIn: true,
    ready: async (page) => {
      await page.getByRole("list", { name: "Notifications" }).waitFor();
    },
  },
  {
    name: "update-task",
    path: ({ taskId }) => `/dashboard/update-task/${taskId}`,
    signedIn: true,
    ready: heading("Update Task"),
  },
];

/** A user with one task of their own, bid on by someone else, and a bid on another's task, for the signed-in screens. */
export async function seedScreens(makeUser: () => Promise<Account>): Promise<{ user: Account; taskId: string }> {
  const user = await makeUser();
  const taskId = await user.createTask({
    title: "Landing page for a neighbourhood bakery",
    category: "Web Development",
    description:
      "A one-page site with opening hours, a menu section and a contact form. Mobile first, fast, and easy to update.",
    budget: 450,
  });
  await user.createTask({ title: "Logo and colour palette for a cycling club", budget: 300 });
  const bidder = await makeUser();
  await bidder.bid(taskId);
  // And a bid of their own on someone else's task, for My Bids.
  await user.bid(await bidder.createTask({ title: "Illustrations for a children's picture book", budget: 600 }));
  return { user, taskId };
}

export async function setTheme(page: Page, theme: "light" | "dark") {
  await page.addInitScript((value) => localStorage.setItem("theme", value), theme);
}
