/**
 * Starts a lazy part's import in a task of its own, for a route's loader that knows the page will
 * show the part at once. Vite adds a preload link for each of the part's files when its import
 * starts, and adding links takes time (six took 3–7 ms in profiles of a task's page); left to React,
 * that happens inside the page's first render and lengthens its task (decision 026). Started here,
 * the files also arrive sooner. A failure is left to the lazy component, which imports again.
 */
export function loadSoon(load: () => Promise<unknown>): void {
  setTimeout(() => void load().catch(() => undefined));
}
