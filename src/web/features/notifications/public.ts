/** What other features use of notifications: the live unread counts, and the email choices of the profile. */
export { EmailPreferences } from "./email-preferences.tsx";
export { formatCount, useUnreadCounts } from "./live-updates.ts";
export { getPreferences } from "./notifications-api.ts";
