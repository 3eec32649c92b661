/**
 * Where a page template the build writes takes the first screen the server renders for each
 * request (scripts/vite/first-screens.ts, src/server/screens/page-screens.ts). A module of its own, so the server reads
 * it without loading the web app's components.
 */
export const PAGE_SCREEN_SLOT = "<!--quickgig:first-screen-->";
