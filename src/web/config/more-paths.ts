/**
 * The paths that only pages of the route table's second part link to (app/more-routes.ts): here
 * rather than in paths.ts, which the start chunk carries to every first visit, so that they load
 * with the pages that use them (docs/decisions/012-route-table-in-two-parts.md). A path some first
 * screen links to belongs in paths.ts.
 */
export const morePaths = {
  howReputationWorks: "/how-reputation-works",
  /** The house rules every moderator's decision names (public). */
  rules: "/rules",
  /** The decisions about the viewer and their appeals (contract STANDING_PATH). */
  standing: "/account/standing",
  /** A suspended person's one appeal, from their email's link (the token in the fragment). */
  appeal: "/appeal",
  /** The moderators' queue, the audit log, and the admins' roles. */
  admin: "/admin",
  adminAudit: "/admin/audit",
  adminRoles: "/admin/roles",
  /** A person's saved searches and how they are told of new tasks (issue 47). */
  alerts: "/dashboard/alerts",
} as const;
