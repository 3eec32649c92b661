import { formatBudget } from "./format.ts";

/*
 * The words and limits of saved searches (issue 47), apart from their schemas, so that the pages
 * which show them do not carry the validation library (contract/alerts.ts re-exports them).
 */

/** How often a saved search tells its owner of new tasks. */
export const ALERT_FREQUENCIES = ["instant", "daily"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** A person's saved searches at most. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 60;

export const SAVED_SEARCH_MESSAGES = {
  nothingToFind: "A saved search needs some words, a category or a budget",
  notFound: "Saved search not found",
  tooMany: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`,
} as const;

/** What a saved search keeps: Browse Tasks' words and filters. */
export interface SavedSearchTerms {
  q: string;
  category: string | null;
  minBudget: number | null;
  maxBudget: number | null;
}

/** The name a saved search gets when it is given none: its words, else its filters ("Design, $100.00 to $500.00"). */
export function defaultSearchName(terms: SavedSearchTerms): string {
  const words = terms.q.trim().replace(/\s+/g, " ");
  if (words) return Array.from(words).slice(0, SAVED_SEARCH_NAME_MAX).join("");
  return [terms.category, budgetWords(terms)].filter((part) => part !== null).join(", ");
}

/** A search's budget range in words: "$100.00 to $500.00", "$100.00 or more", "up to $500.00"; null for none. */
export function budgetWords({
  minBudget,
  maxBudget,
}: Pick<SavedSearchTerms, "minBudget" | "maxBudget">): string | null {
  if (minBudget !== null && maxBudget !== null) return `${formatBudget(minBudget)} to ${formatBudget(maxBudget)}`;
  if (minBudget !== null) return `${formatBudget(minBudget)} or more`;
  return maxBudget !== null ? `up to ${formatBudget(maxBudget)}` : null;
}

/** A saved search's words and filters as Browse Tasks' query ("q=logo&maxBudget=400"). */
export function savedSearchQuery(terms: SavedSearchTerms): string {
  const params = new URLSearchParams();
  if (terms.q) params.set("q", terms.q);
  if (terms.category) params.set("category", terms.category);
  if (terms.minBudget !== null) params.set("minBudget", String(terms.minBudget));
  if (terms.maxBudget !== null) params.set("maxBudget", String(terms.maxBudget));
  return params.toString();
}

/** How an alert's email names what its unsubscribe link stops: that one saved search. */
export const alertsLabel = (searchName: string) => `Task alerts: ${searchName}`;
