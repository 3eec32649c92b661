/**
 * Where a page template the build writes takes the first screen the server renders for each
 * request (vite.config.ts, src/server/http/page-screens.ts). A module of its own, so the server reads
 * it without loading the web app's components.
 */
export const PAGE_SCREEN_SLOT = "<!--quickgig:first-screen-->";
