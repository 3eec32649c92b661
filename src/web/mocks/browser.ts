import { setupWorker } from "msw/browser";
import { createHandlers } from "./handlers.ts";

/**
 * Mock mode (`npm run dev:mock`): the API is answered in the browser by msw's service worker from
 * the handlers of ./handlers.ts, with no server or database. A banner says so: the data is the
 * demo marketplace, kept in memory until the page reloads.
 */
export async function startMockApi(): Promise<void> {
  const { handlers } = createHandlers();
  await setupWorker(...handlers).start({ onUnhandledFrame: "bypass", quiet: true });
  const banner = document.createElement("p");
  banner.setAttribute("role", "status");
  banner.dataset.mockBanner = "";
  banner.className =
    "fixed bottom-3 left-3 z-50 rounded-lg bg-amber-100 px-3 py-2 text-xs font-semibold text-amber-950 shadow-lg dark:bg-amber-900 dark:text-amber-50";
  banner.textContent =
    "Mock mode: the data is made up, and changes to it are lost when you reload. Sign in as demo@quickgig.dev / Demo1234.";
  document.body.append(banner);
}
