import type { ReportTarget, SanctionKind } from "../../../contract/moderation.ts";
import { paths } from "../../config/paths.ts";

/** "the limit on …", "a warning": a sanction named as a thing. */
export const SANCTION_NOUNS: Record<SanctionKind, string> = {
  remove: "removal",
  warn: "warning",
  limit: "limit",
  suspend: "suspension",
};

/** What the author becomes: "Maya Patel is limited". */
export const SANCTION_PAST: Record<Exclude<SanctionKind, "remove">, string> = {
  warn: "warned",
  limit: "limited",
  suspend: "suspended",
};

export const TARGET_LABELS: Record<ReportTarget, string> = {
  task: "Task",
  profile: "Profile",
  question: "Question",
  message: "Message",
  review: "Review",
};

/** "Task: Logo for a café", "Question on “Logo for a café”", "Profile: Maya Patel". */
export function targetHeading(kind: ReportTarget, title: string | null): string {
  if (!title) return TARGET_LABELS[kind];
  return kind === "task" || kind === "profile"
    ? `${TARGET_LABELS[kind]}: ${title}`
    : `${TARGET_LABELS[kind]} on “${title}”`;
}

/** Where the content can be seen: a profile's page, or the task it is (on). */
export function targetHref(kind: ReportTarget, id: string, taskId: string | null): string | null {
  if (kind === "profile") return paths.user(id);
  if (kind === "task") return paths.taskDetails(id);
  return taskId ? paths.taskDetails(taskId) : null;
}

/** "1 person", "3 people". */
export function people(count: number): string {
  return `${count} ${count === 1 ? "person" : "people"}`;
}
