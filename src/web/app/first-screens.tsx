import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { Spinner } from "../components/spinner.tsx";
import { Component as AboutPage } from "../features/about/about-page.tsx";
import { Component as LoginPage } from "../features/accounts/login-page.tsx";
import { Component as RegisterPage } from "../features/accounts/register-page.tsx";
import { FeaturedLoading, HomeFirstScreen, HomeMorePlaceholder } from "../features/home/home-page.tsx";
import { BROWSE_DEFAULT_QUERY, BrowseTasksLayout, TaskFilters } from "../features/tasks/browse-tasks-page.tsx";
import { SITE_NAME } from "../lib/title.ts";
import { renderScreen } from "./render-screen.tsx";
import { AppFallback } from "./root-layout.tsx";

// For the build (scripts/vite/first-screens.ts), which loads this module to write the pages and their templates.
export { PAGE_SCREEN_SLOT } from "./screen-slot.ts";

/**
 * The build writes these screens into the HTML (scripts/vite/first-screens.ts), so a first visit sees the page as
 * soon as the HTML and CSS are in, instead of a blank page until the JavaScript has run. React's
 * first render replaces them with the same page, live (src/web/main.tsx). Each is what the page
 * shows before any data or session: the loading screen for every page, and for the pages a first
 * visit most often opens, their own first screen.
 */
export interface FirstScreen {
  path: string;
  /** The tab title, as the page sets it once it runs. */
  title: string;
  /** The page's route module (from src/web), whose code the HTML has the browser fetch at once. */
  routeModule: string;
  html: string;
}

/** The loading screen, rendered at a path nothing links to, so no menu item is marked as the current page. */
export function renderLoadingScreen(): string {
  return renderToString(
    <MemoryRouter initialEntries={["/loading"]}>
      <AppFallback />
    </MemoryRouter>,
  );
}

const PAGES: Array<Omit<FirstScreen, "html"> & { page: () => ReactNode }> = [
  {
    path: "/",
    title: "Home",
    routeModule: "features/home/home-page.tsx",
    page: () => (
      <>
        <HomeFirstScreen featured={<FeaturedLoading />} />
        <HomeMorePlaceholder />
      </>
    ),
  },
  {
    path: "/browse-tasks",
    title: "Browse Tasks",
    routeModule: "features/tasks/browse-tasks-page.tsx",
    page: () => (
      <BrowseTasksLayout filters={<TaskFilters query={BROWSE_DEFAULT_QUERY} searching={false} onSearch={() => {}} />}>
        <Spinner label="Loading tasks" />
      </BrowseTasksLayout>
    ),
  },
  { path: "/about", title: "About Us", routeModule: "features/about/about-page.tsx", page: () => <AboutPage /> },
  { path: "/auth/login", title: "Login", routeModule: "features/accounts/login-page.tsx", page: () => <LoginPage /> },
  {
    path: "/auth/register",
    title: "Sign Up",
    routeModule: "features/accounts/register-page.tsx",
    page: () => <RegisterPage />,
  },
];

/**
 * Pages whose first screen holds data: the build writes each an HTML template, with its title and
 * its route modules' code listed, and the server fills in the screen it renders per request
 * (page-screens.tsx, src/server/screens/page-screens.ts) where PAGE_SCREEN_SLOT stands.
 */
export interface PageTemplate {
  name: string;
  /** The tab title, as the page sets it once it runs. */
  title: string;
  /** The page's route modules (from src/web), outermost first. */
  routeModules: string[];
}

export const PAGE_TEMPLATES: PageTemplate[] = [
  {
    name: "task-details",
    title: `Task Details - ${SITE_NAME}`,
    routeModules: ["features/tasks/task-details-page.tsx"],
  },
  {
    name: "my-bids",
    title: `My Bids - ${SITE_NAME}`,
    // The second part of the route table, then the dashboard's layout and the page.
    routeModules: ["app/more-routes.ts", "features/dashboard/dashboard-layout.tsx", "features/bids/my-bids-page.tsx"],
  },
  {
    name: "dashboard",
    title: `Dashboard - ${SITE_NAME}`,
    routeModules: [
      "app/more-routes.ts",
      "features/dashboard/dashboard-layout.tsx",
      "features/dashboard/dashboard-home-page.tsx",
    ],
  },
  {
    name: "messages",
    title: `Messages - ${SITE_NAME}`,
    routeModules: [
      "app/more-routes.ts",
      "features/dashboard/dashboard-layout.tsx",
      "features/messages/messages-page.tsx",
    ],
  },
  {
    name: "admin-queue",
    title: `Moderation queue - ${SITE_NAME}`,
    routeModules: ["app/more-routes.ts", "features/admin/queue-page.tsx"],
  },
  {
    name: "profile",
    title: `Profile - ${SITE_NAME}`,
    routeModules: ["app/more-routes.ts", "features/profiles/profile-page.tsx"],
  },
];

export function renderFirstScreens(): FirstScreen[] {
  return PAGES.map(({ page, ...screen }) => ({
    ...screen,
    title: `${screen.title} - ${SITE_NAME}`,
    html: renderScreen(screen.path, page()),
  }));
}
