import { cleanup, configure } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createHandlers } from "../mocks/handlers.ts";
import type { ScenarioId } from "../mocks/scenarios.ts";
import { MockStore } from "../mocks/store.ts";

/**
 * Component and route tests: the mock mode's handlers (src/web/mocks) answer the API through msw
 * in Node, on the base the web project sets (VITE_API_URL, so jsdom never sees a relative URL).
 */
export const server = setupServer();

// What jsdom lacks and the app asks the browser for: no media query matches (light theme, wide
// screen, motion allowed), and observers that never report.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
class SilentObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= SilentObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= SilentObserver as unknown as typeof IntersectionObserver;
// A message thread scrolls its newest message into view; jsdom lays nothing out.
Element.prototype.scrollIntoView ??= () => {};
// jsdom paints no frames: a frame's callback runs in the next task (the toaster waits for one).
globalThis.requestAnimationFrame ??= (callback) => setTimeout(() => callback(performance.now())) as unknown as number;

// findBy… and waitFor wait up to 5 s instead of 1: a route's next page (its loader's request through
// msw, then React's render in jsdom) took 1.5 s on a machine of this kind, alone, on 2026-11-25.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => server.close());

/** A fresh demo marketplace for one test, in a scenario of mocks/scenarios.ts if asked. */
export function freshMockApi(scenario: ScenarioId | null = null) {
  const store = new MockStore();
  store.scenario = scenario;
  server.use(...createHandlers(store).handlers);
  return store;
}
