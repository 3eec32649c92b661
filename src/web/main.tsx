import "./styles.css";

/**
 * The HTML already holds the page's first screen (or the loading screen). The browser paints it
 * from the HTML and CSS alone; then the page's code, listed in its HTML by the build
 * (vite.config.ts), is fetched in parallel and the app (app/start.tsx) takes the page over. A
 * hidden tab paints nothing, so there the app starts straight away.
 */
let started = false;
const PRELOADS_PER_TASK = 8;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
async function start() {
  if (started) return;
  started = true;
  // Mock mode only (npm run dev:mock); the build leaves this out.
  if (import.meta.env.VITE_MOCK_API === "true") await (await import("./mocks/browser.ts")).startMockApi();
  const listed = document.getElementById("app-modules")?.textContent;
  const modules = listed ? (JSON.parse(listed) as string[]) : [];
  // A few at a time: each link starts a request, and My Bids lists 27 of them, which took one task
  // of 14 ms (56 under Lighthouse's 4x slowdown) with the import below.
  for (let first = 0; first < modules.length; first += PRELOADS_PER_TASK) {
    if (first > 0) await nextTask();
    for (const href of modules.slice(first, first + PRELOADS_PER_TASK)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
  }
  await nextTask();
  // Evaluating the framework and the app, then starting the app: two tasks, not one long one.
  import("./app/start.tsx")
    .then(async (app) => {
      await nextTask();
      await app.startApp();
      document.documentElement.setAttribute("data-app-started", "");
    })
    // public/theme.js shows the page's "could not load" notice with a Reload button.
    .catch((error: unknown) => {
      window.dispatchEvent(new Event("quickgig:start-failed"));
      throw error;
    });
}

// The code is fetched once the first screen is on the glass: the first contentful paint's entry
// arrives after the frame is presented, while a frame's callbacks run before it is (Lighthouse
// then counted those downloads as needed for the paint; docs/performance.md). A second at most.
if (document.visibilityState === "hidden") start();
else {
  new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint")[0] && setTimeout(start)).observe({
    type: "paint",
    buffered: true,
  });
  setTimeout(start, 1000);
}
