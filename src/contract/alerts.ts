import { z } from "zod";
import {
  ALERT_FREQUENCIES,
  budgetWords,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchTerms,
} from "./alert-words.ts";
import { BUDGET_RANGE_REFUSAL } from "./budget-range.ts";
import { budgetBoundSchema, IdSchema, isBudgetRange, TaskListQuerySchema } from "./schemas.ts";
import { foldMarks, matchesSearch, meetsFilters, searchWords, type TaskFilters, WORD } from "./search.ts";

/*
 * Saved searches and task alerts (issue 47): a person keeps a search of Browse Tasks (its words, a
 * category, a budget range) and is told of new tasks it finds, as they come or in a daily digest.
 * A saved search finds exactly what Browse Tasks would show for it (savedSearchMatches).
 */

export * from "./alert-words.ts";

/** Whether a search has something to find: words, a category or a budget bound (missing or null is none). */
export function hasSomethingToFind(terms: { q?: string | undefined } & TaskFilters): boolean {
  return searchWords(terms.q).length > 0 || [terms.category, terms.minBudget, terms.maxBudget].some((f) => f != null);
}

const nameSchema = z
  .string({ error: "Name must be text" })
  .trim()
  .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`);

const FrequencySchema = z.enum(ALERT_FREQUENCIES, {
  error: `Frequency must be one of ${ALERT_FREQUENCIES.join(", ")}`,
});

/** POST /api/saved-searches: Browse Tasks' search as it stands, a name (default: its words) and how often. */
export const SavedSearchInputSchema = z
  .object({
    name: nameSchema.optional(),
    q: TaskListQuerySchema.shape.q,
    category: TaskListQuerySchema.shape.category,
    minBudget: budgetBoundSchema("Minimum budget").optional(),
    maxBudget: budgetBoundSchema("Maximum budget").optional(),
    frequency: FrequencySchema.default("instant"),
  })
  .refine(isBudgetRange, { message: BUDGET_RANGE_REFUSAL, path: ["minBudget"] })
  .refine(hasSomethingToFind, { message: SAVED_SEARCH_MESSAGES.nothingToFind, path: ["q"] });
export type SavedSearchInput = z.infer<typeof SavedSearchInputSchema>;

/**
 * PATCH /api/saved-searches/{id}: what changes (a field left out stays; null clears a filter). The
 * search as changed must still have something to find and a range whose minimum is not above its
 * maximum.
 */
export const SavedSearchUpdateSchema = z.object({
  name: nameSchema.min(1, "Name cannot be empty").optional(),
  q: TaskListQuerySchema.shape.q,
  category: TaskListQuerySchema.shape.category.unwrap().nullable().optional(),
  minBudget: budgetBoundSchema("Minimum budget").nullable().optional(),
  maxBudget: budgetBoundSchema("Maximum budget").nullable().optional(),
  frequency: FrequencySchema.optional(),
  paused: z.boolean({ error: "Paused must be true or false" }).optional(),
});
export type SavedSearchUpdate = z.infer<typeof SavedSearchUpdateSchema>;

export const SavedSearchIdParamsSchema = z.object({ id: IdSchema("Saved search id") });

/** A saved search as its owner reads it. */
export const SavedSearchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  q: z.string(),
  category: z.string().nullable(),
  minBudget: z.number().nullable(),
  maxBudget: z.number().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  paused: z.boolean().describe("A paused search is kept, and tells nobody of new tasks"),
  createdAt: z.string(),
  lastMatch: z
    .object({ taskId: z.string(), title: z.string(), at: z.string() })
    .nullable()
    .describe("The newest task it found (not one removed by a moderator), and when"),
  matchesThisWeek: z.number().int().describe("The tasks it found in the last seven days"),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

/** Whether a task is one Browse Tasks would show for a saved search (its words, category and budget). */
export function savedSearchMatches(
  task: { title: string; description: string; category: string; budget: number },
  terms: SavedSearchTerms,
): boolean {
  return meetsFilters(task, terms) && matchesSearch(`${task.title} ${task.description}`, terms.q);
}

/**
 * The word a saved search is found by when a task is posted: its longest, the rarest likely. A task
 * can match the search only if this word starts one of the task's words. Folded (foldMarks), as
 * the task's words are when it is looked up. None for a search of filters alone.
 */
export function keyWordOf(q: string): string | null {
  const words = searchWords(foldMarks(q));
  return words.length === 0 ? null : words.reduce((longest, word) => (word.length > longest.length ? word : longest));
}

/** The description's words around where a search's word was found, at most this many characters. */
const EXCERPT_MAX = 120;

/**
 * Why a task matched a saved search, as its alert says it (contract/notifications.ts, alertReason):
 * the search's words (each starts a word of the task), the filters it met in words (the task's
 * category, the search's budget range), and the description's words around the first one found
 * when none is in the title.
 */
export function whyMatched(
  task: { title: string; description: string; category: string },
  terms: SavedSearchTerms,
): { words: string[]; filters: string[]; excerpt?: string } {
  const words = searchWords(terms.q);
  const range = budgetWords(terms);
  const filters = range === null ? [task.category] : [task.category, range];
  const folded = words.map(foldMarks);
  const found = (text: string) =>
    [...text.matchAll(WORD)].find((match) => folded.some((word) => foldMarks(match[0]).startsWith(word)));
  if (words.length === 0 || found(task.title)) return { words, filters };
  const at = found(task.description)?.index;
  if (at === undefined) return { words, filters };
  const text = task.description;
  // Whole words only: from the first space after 40 characters before the word, to the last space that fits.
  const space = text.slice(Math.max(0, at - 40), at).search(/\s/);
  const start = at <= 40 || space < 0 ? Math.max(0, at - 40) : at - 40 + space + 1;
  const cut = text.length - start <= EXCERPT_MAX ? text.length : text.lastIndexOf(" ", start + EXCERPT_MAX);
  const end = cut > at ? cut : Math.min(text.length, start + EXCERPT_MAX);
  const window = text.slice(start, end).replace(/\s+/g, " ").trim();
  const excerpt = `${start > 0 ? "…" : ""}${window}${end < text.length ? "…" : ""}`;
  return { words, filters, excerpt };
}
