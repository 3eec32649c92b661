import { expect, test, vi } from "vitest";
import { startRouter, whenInitialized } from "./router.tsx";

/** The router started on `url` with no pause between its steps, once its first page has loaded. */
async function startedAt(url: string, state: unknown = null) {
  window.history.replaceState(state, "", url);
  const router = await startRouter(async () => {});
  await whenInitialized(router);
  return router;
}

test("the browser's router starts in three steps, the history first, with the browser given two turns between", async () => {
  window.history.replaceState(null, "", "/about?from=footer");
  const pauses: Array<{ historyMarked: boolean }> = [];
  const router = await startRouter(async () => {
    pauses.push({ historyMarked: window.history.state?.idx === 0 });
  });
  // The history marks its entry in the first step; the route table is built in the second.
  expect(pauses).toEqual([{ historyMarked: true }, { historyMarked: true }]);
  expect(router.state.location).toMatchObject({ pathname: "/about", search: "?from=footer" });
  await whenInitialized(router);
  expect(router.state.matches.at(-1)?.route.path).toBe("about");
  expect(router.state.errors).toBeNull();
  router.dispose();
});

test("a path of the route table's second part is found there, as createBrowserRouter would", async () => {
  const router = await startedAt("/rules");
  expect(router.state.matches.at(-1)?.route.path).toBe("rules");
  expect(router.state.errors).toBeNull();
  router.dispose();
});

test("the history entry's mark that boot.js writes first is React Router's own, which the router then leaves", async () => {
  // As React Router finds a fresh page: it marks the entry itself, { ...state, idx: 0 }.
  const replaceState = vi.spyOn(window.history, "replaceState");
  const first = await startedAt("/about");
  // Once by the test, once by the router.
  expect(replaceState).toHaveBeenCalledTimes(2);
  expect(window.history.state).toEqual({ idx: 0 });
  first.dispose();

  // As boot.js leaves it (src/web/boot.js): the router writes nothing more.
  replaceState.mockClear();
  const second = await startedAt("/about", { idx: 0 });
  // Once by the test only.
  expect(replaceState).toHaveBeenCalledTimes(1);
  expect(second.state.location.pathname).toBe("/about");
  second.dispose();
  replaceState.mockRestore();
});
