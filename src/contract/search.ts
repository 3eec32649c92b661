/**
 * What a search means (docs/decisions/014-word-search.md): the words of the text typed, each the
 * start of a word of a task's title or description, in any order and whatever their case. The
 * server asks its index for exactly this; the mock API and the tests match with these functions.
 */

/** Letters and digits, as SQLite's unicode61 tokenizer reads them; anything else separates words. */
export const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/**
 * A text as search compares it: lower-cased, its letters without their marks ("Café" is "cafe",
 * "São" is "sao"), as SQLite's index folds them (unicode61, remove_diacritics 2). A letter that
 * is not a plain one with a mark added ("ø", "ł", "đ") stays as it is there, and so here.
 */
export function foldMarks(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of a search, lower-cased: "Logo, bakery!" is ["logo", "bakery"]; none for "?!". */
export function searchWords(q: string | undefined): string[] {
  return q?.toLowerCase().match(WORD) ?? [];
}

/**
 * Whether a task's text matches the search `q`: every word of it starts some word of the text,
 * whatever their case and accents ("cafe" finds "Café"). No search matches everything; a search
 * with no word in it ("?!") matches nothing.
 */
export function matchesSearch(text: string, q: string | undefined): boolean {
  if (!q?.trim()) return true;
  const words = searchWords(foldMarks(q));
  const own = searchWords(foldMarks(text));
  return words.length > 0 && words.every((word) => own.some((candidate) => candidate.startsWith(word)));
}

/** What a list of tasks may be limited to besides its words; a missing or null filter keeps every task. */
export interface TaskFilters {
  category?: string | null | undefined;
  minBudget?: number | null | undefined;
  maxBudget?: number | null | undefined;
}

/** Whether a task is in a list's category and budget range, each bound included; no filter keeps every task. */
export function meetsFilters(task: { category: string; budget: number }, filter: TaskFilters): boolean {
  return (
    (!filter.category || task.category === filter.category) &&
    task.budget >= (filter.minBudget ?? 0) &&
    task.budget <= (filter.maxBudget ?? Number.POSITIVE_INFINITY)
  );
}

/**
 * Whether a person's name and skills match Find Freelancers' search `q` (decision 034): every word
 * of it is found in them, in any order, whatever the case and the accents ("tomas" finds "Tomás").
 */
export function matchesPeopleSearch(text: string, q: string | undefined): boolean {
  if (!q?.trim()) return true;
  const words = searchWords(foldMarks(q));
  return words.length > 0 && words.every((word) => foldMarks(text).includes(word));
}
