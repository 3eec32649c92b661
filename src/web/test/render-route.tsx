import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HttpHandler } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router";
import { routerOptions, routes } from "../app/router.tsx";
import { loadSession, setSessionUser } from "../features/accounts/session.ts";
import type { ScenarioId } from "../mocks/scenarios.ts";
import type { MockStore } from "../mocks/store.ts";
import { freshMockApi, server } from "./setup.ts";

/**
 * Renders the app at `path` through the real route table, loaders and lazy modules, against the
 * mock API; `as` signs a demo person in first (by email).
 */
export async function renderRoute(
  path: string,
  options: { as?: string; db?: MockStore; handlers?: HttpHandler[]; scenario?: ScenarioId } = {},
) {
  const db = options.db ?? freshMockApi(options.scenario);
  // A test's own answers take precedence over the mock API's.
  if (options.handlers) server.use(...options.handlers);
  db.viewerId = options.as ? (db.users.find((user) => user.email === options.as)?.id ?? null) : null;
  setSessionUser(null);
  await loadSession({ refresh: true });
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  const user = userEvent.setup();
  render(<RouterProvider router={router} />);
  return { db, router, user, screen };
}

export const DEMO_CLIENT = "demo@quickgig.dev";
export const DEMO_FREELANCER = "maya@quickgig.dev";
