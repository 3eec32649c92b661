import {
  LIMITED_CAN,
  LIMITED_CANNOT,
  type ReportTarget,
  type SanctionKind,
  TARGET_NOUNS,
} from "../../../contract/moderation-words.ts";

/**
 * What each sanction means to the person it is about, in the words of the contract's comment on
 * SANCTION_KINDS and LIMITED_CAN: the house rules page explains them, the standing page repeats them.
 */
export const SANCTION_MEANINGS: Record<SanctionKind, { title: string; text: string }> = {
  remove: {
    title: "Remove",
    text: "The task, question, message, review or profile is hidden everywhere. When a task is removed, the people who bid on it are told.",
  },
  warn: {
    title: "Warn",
    text: "You are told which rule you broke and why. Nothing is blocked.",
  },
  limit: {
    title: "Limit",
    text: `${capitalize(LIMITED_CANNOT)}. ${LIMITED_CAN}`,
  },
  suspend: {
    title: "Suspend",
    text: "You are signed out everywhere and cannot sign in, your open tasks are cancelled (the people who bid on them are told) and your profile is no longer shown.",
  },
};

/** A sanction's heading on the standing page. */
export const SANCTION_HEADINGS: Record<SanctionKind, string> = {
  remove: "Content removed",
  warn: "Warning",
  limit: "Account limited",
  suspend: "Account suspended",
};

/** What was acted on: "your task “Logo”", "your question on “Logo”", "your profile's bio and skills". */
export function actedOn(kind: ReportTarget, title: string): string {
  if (kind === "profile") return "your profile's bio and skills";
  if (kind === "task") return `your task “${title}”`;
  return `your ${TARGET_NOUNS[kind]} on “${title}”`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
