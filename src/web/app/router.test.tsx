import { expect, test, vi } from "vitest";
import { startRouter } from "./router.tsx";

/** Resolves once the router has loaded its first page's code and data. */
function initialized(router: Awaited<ReturnType<typeof startRouter>>) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
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
  await initialized(router);
  expect(router.state.matches.at(-1)?.route.path).toBe("about");
  expect(router.state.errors).toBeNull();
  router.dispose();
});

test("a path of the route table's second part is found there, as createBrowserRouter would", async () => {
  window.history.replaceState(null, "", "/rules");
  const router = await startRouter(async () => {});
  await initialized(router);
  expect(router.state.matches.at(-1)?.route.path).toBe("rules");
  expect(router.state.errors).toBeNull();
  router.dispose();
});

test("the history entry's mark that boot.js writes first is React Router's own, which the router then leaves", async () => {
  // As React Router finds a fresh page: it marks the entry itself, { ...state, idx: 0 }.
  window.history.replaceState(null, "", "/about");
  const replaceState = vi.spyOn(window.history, "replaceState");
  const first = await startRouter(async () => {});
  expect(replaceState).toHaveBeenCalledTimes(1);
  expect(window.history.state).toEqual(Object.assign({}, null, { idx: 0 }));
  first.dispose();

  // As boot.js leaves it (src/web/boot.js): the router writes nothing more.
  window.history.replaceState(Object.assign({}, null, { idx: 0 }), "", "/about");
  replaceState.mockClear();
  const second = await startRouter(async () => {});
  await initialized(second);
  expect(replaceState).not.toHaveBeenCalled();
  expect(second.state.location.pathname).toBe("/about");
  second.dispose();
  replaceState.mockRestore();
});
