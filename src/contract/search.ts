/**
 * What a search means (docs/decisions/014-word-search.md): the words of the text typed, each the
 * start of a word of a task's title or description, in any order and whatever their case. The
 * server asks its index for exactly this; the mock API and the tests match with these functions.
 */

/** Letters and digits, as SQLite's unicode61 tokenizer reads them; anything else separates words. */
const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/** The words of a search, lower-cased: "Logo, bakery!" is ["logo", "bakery"]; none for "?!". */
export function searchWords(q: string | undefined): string[] {
  return q?.toLowerCase().match(WORD) ?? [];
}

/** Whether every word of the search starts some word of the text. */
export function matchesSearch(text: string, words: string[]): boolean {
  const own = searchWords(text);
  return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
}
