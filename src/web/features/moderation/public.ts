/**
 * What other features use of moderation: Report on someone else's content (ReportSlot on a first
 * screen, whose button loads after the page; ReportButton on the pages loaded later), and the
 * notice a limited person sees where they would be refused.
 */
export { LimitBanner } from "./limit-banner.tsx";
export { ReportButton } from "./report-button.tsx";
export { ReportSlot } from "./report-slot.tsx";
