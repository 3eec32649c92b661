import "./styles.css";

/**
 * The HTML already holds the page's first screen (or the loading screen). The browser paints it
 * from the HTML and CSS alone; then the page's inline script (boot.js) fetches this entry with the
 * modules it imports, and the app (app/start.tsx) takes the page over.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start() {
  // Mock mode only (npm run dev:mock); the build leaves this out.
  if (import.meta.env.VITE_MOCK_API === "true") await (await import("./mocks/browser.ts")).startMockApi();
  await nextTask();
  // Evaluating the framework and the app, then starting the app: two tasks, not one long one.
  import("./app/start.tsx")
    .then(async (app) => {
      await nextTask();
      await app.startApp();
      document.documentElement.setAttribute("data-app-started", "");
    })
    // boot.js shows the page's "could not load" notice with a Reload button.
    .catch((error: unknown) => {
      window.dispatchEvent(new Event("quickgig:start-failed"));
      throw error;
    });
}
void start();
