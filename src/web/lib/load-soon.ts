/**
 * Starts a lazy part's import in the next task, for a route's loader that knows its page will show
 * the part at once. Vite adds a preload link for each of the part's files when its import starts,
 * and adding links takes time (six took 3–7 ms in profiles of a task's page). On a page's first
 * load the next task comes before React's first render, which would otherwise start the import and
 * add the links inside its own task (decision 026); on a later navigation React may render first,
 * and then nothing is gained or lost. A failure is left to the lazy component, whose own import
 * shows the error.
 */
export function loadSoon(load: () => Promise<unknown>): void {
  setTimeout(() => void load().catch(() => undefined));
}
