import { type RawBuilder, sql } from "kysely";

/**
 * The longest start of a word that PostgreSQL's search index holds as an entry of its own
 * (migration 0010): a search's word up to this length is looked up as it is. Changing it takes a
 * migration that makes tasks.search_vector again.
 */
export const SEARCH_PREFIX_MAX = 8;

/**
 * PostgreSQL numbers tasks as they are posted (tasks.search_seq), and holds every entry of a task's
 * search_vector again in search_blocks with the task's block of this many tasks: `logo#97` for
 * "logo" in a task numbered 99,328 to 100,351 (migration 0011), so that a search reads only the
 * newest blocks' lists (decision 018). Changing it takes a migration that makes search_blocks again.
 */
export const SEARCH_BLOCK = 1024;

/**
 * Find Freelancers on PostgreSQL folds accents with `translate(lower(text), FOLD_FROM, FOLD_TO)`,
 * which is built in and immutable (unaccent is neither), so that its trigram indexes hold names and
 * skills as a search compares them: "Tomás" as "tomas" (migration 0024, decision 034). The letters
 * of Latin alphabets with a mark; changing them takes a migration that makes the indexes again.
 */
const MARKED = "àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżž";
/**
 * The marked letters, small and capital: lower() leaves "É" as it is in a database whose character
 * type is C or POSIX, so the capitals are folded too (to the small letter without its mark).
 */
export const FOLD_FROM =
  MARKED +
  [...MARKED]
    .map((letter) => letter.toUpperCase())
    .filter((capital) => [...capital].length === 1 && !/[A-Z]/.test(capital))
    .join("");
const UNDECOMPOSED: Record<string, string> = { đ: "d", ħ: "h", ı: "i", ŀ: "l", ł: "l", ø: "o", ŧ: "t" };
/** FOLD_FROM's letters without their marks and small, one for one. */
export const FOLD_TO = [...FOLD_FROM]
  .map((letter) => {
    const small = letter.toLowerCase();
    return UNDECOMPOSED[small] ?? small.normalize("NFD")[0];
  })
  .join("");

/**
 * A text column lower-cased and without accents, written exactly as the indexes of 0024 hold it.
 * translate() compares every letter with each of FOLD_FROM's, so a text of ASCII alone (as many
 * bytes as letters: most names and skills) is only lower-cased: a search rechecks every match
 * with this, and the full fold of each made "figma" twenty times slower at 100,000 profiles.
 */
export function foldedSql(column: RawBuilder<unknown>) {
  return sql<string>`case when octet_length(${column}) = char_length(${column}) then lower(${column})
    else translate(lower(${column}), ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)}) end`;
}

/** translate(text, from, to) in JavaScript: each letter of `from` becomes `to`'s at its place. */
function translator(from: string, to: string): (text: string) => string {
  const letters = new Map([...from].map((letter, index) => [letter, [...to][index] as string]));
  return (text) => [...text].map((letter) => letters.get(letter) ?? letter).join("");
}

const foldPeople = translator(FOLD_FROM, FOLD_TO);

/** What foldedSql makes of a text, in JavaScript: for the patterns compared with it. */
export function foldText(text: string): string {
  return foldPeople(text.toLowerCase());
}

/**
 * Browse Tasks on PostgreSQL folds the letters of FOLD_FROM that are a plain letter with a mark
 * added, as SQLite's index does (unicode61, remove_diacritics 2) and the contract's rule
 * (contract/search.ts, foldMarks): "cafe" finds "Café" in both databases, while "ø" or "ł" stays as
 * it is in both (migration 0029). Changing them takes a migration that makes the search columns again.
 */
export const TASK_FOLD_FROM = [...FOLD_FROM].filter((letter) => letter.normalize("NFD").length > 1).join("");
/** TASK_FOLD_FROM's letters without their marks and small, one for one. */
export const TASK_FOLD_TO = [...TASK_FOLD_FROM].map((letter) => letter.toLowerCase().normalize("NFD")[0]).join("");

/** A search's word as PostgreSQL's task index holds it (migration 0029): its marked letters folded. */
export const foldTaskWord = translator(TASK_FOLD_FROM, TASK_FOLD_TO);
