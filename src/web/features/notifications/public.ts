/** What other features use of notifications: the live unread counts, pages read again on a notice, and the email choices of the profile. */
export { EmailPreferences } from "./email-preferences.tsx";
export { useRevalidateOnNotice } from "./live-revalidation.ts";
export { formatCount, onNotice, showThread, useUnreadCounts } from "./live-updates.ts";
export { getPreferences } from "./notifications-api.ts";
