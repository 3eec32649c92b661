/**
 * What other features use of moderation: Report on someone else's content (ReportSlot on a first
 * screen, whose button loads after the page; ReportButton on the pages loaded later), and the
 * notice a limited person sees where they would be refused, and the forms a limit refuses disabled
 * with its reason (LimitGate, or useLimitReason for a button); for staff, a person's record, and
 * whether the reader is staff (useIsStaff, for the way to the queue).
 */
export { LimitGate, useIsStaff, useLimitReason } from "./limit-gate.tsx";
export { ReportButton } from "./report-button.tsx";
export { ReportSlot } from "./report-slot.tsx";
export { StaffRecordLink } from "./staff-record-link.tsx";
