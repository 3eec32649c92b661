import type { AlertFrequency } from "../../../contract/alert-words.ts";

/** How often a saved search tells of new tasks, as the dialog and Task alerts say it. */
export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: "As it happens",
  daily: "A daily digest",
};
