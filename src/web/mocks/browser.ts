import { setupWorker } from "msw/browser";
import { createHandlers } from "./handlers.ts";
import { isScenario, SCENARIOS } from "./scenarios.ts";
import { MockStore } from "./store.ts";

const SCENARIO_KEY = "quickgig-mock-scenario";

/**
 * Mock mode (`npm run dev:mock`): the API is answered in the browser by msw's service worker from
 * the handlers of ./handlers.ts, with no server or database. A banner says so, and offers the
 * scenarios (./scenarios.ts); `?scenario=limited` in the address picks one too.
 */
export async function startMockApi(): Promise<void> {
  const asked = new URLSearchParams(location.search).get("scenario");
  if (asked !== null) sessionStorage.setItem(SCENARIO_KEY, asked);
  const store = new MockStore();
  const kept = sessionStorage.getItem(SCENARIO_KEY);
  store.scenario = isScenario(kept) ? kept : null;
  const { handlers } = createHandlers(store);
  await setupWorker(...handlers).start({ onUnhandledFrame: "bypass", quiet: true });

  const banner = document.createElement("div");
  banner.setAttribute("role", "status");
  banner.dataset.mockBanner = "";
  banner.className =
    "fixed bottom-3 left-3 z-50 max-w-sm rounded-lg bg-amber-100 px-3 py-2 text-xs font-semibold text-amber-950 shadow-lg dark:bg-amber-900 dark:text-amber-50";
  banner.textContent =
    "Mock mode: the data is made up, and changes to it are lost when you reload. Sign in as demo@quickgig.dev / Demo1234.";
  const label = document.createElement("label");
  label.className = "mt-1 block font-normal";
  label.textContent = "Scenario ";
  const choice = document.createElement("select");
  choice.className = "rounded border border-amber-400 bg-white text-amber-950";
  for (const [value, text] of [["", "None: the demo marketplace"], ...Object.entries(SCENARIOS)]) {
    choice.add(new Option(text, value, false, value === (store.scenario ?? "")));
  }
  choice.addEventListener("change", () => {
    sessionStorage.setItem(SCENARIO_KEY, choice.value);
    // The address's ?scenario= would choose again on the reload: the choice made here wins.
    const address = new URL(location.href);
    address.searchParams.delete("scenario");
    location.replace(address);
  });
  label.append(choice);
  banner.append(label);
  document.body.append(banner);
}
