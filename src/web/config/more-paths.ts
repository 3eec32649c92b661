/**
 * The paths that only pages of the route table's second part link to (app/more-routes.ts): here
 * rather than in paths.ts, which the start chunk carries to every first visit, so that they load
 * with the pages that use them (docs/decisions/012-route-table-in-two-parts.md). A path some first
 * screen links to belongs in paths.ts.
 */
export const morePaths = {
  howReputationWorks: "/how-reputation-works",
} as const;
