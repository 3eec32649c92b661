import type { Kysely } from "kysely";
import {
  type AlertFrequency,
  defaultSearchName,
  hasSomethingToFind,
  keyWordOf,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchInput,
  type SavedSearchTerms,
  type SavedSearchUpdate,
  savedSearchMatches,
} from "../../contract/alerts.ts";
import { BUDGET_RANGE_REFUSAL } from "../../contract/budget-range.ts";
import { isBudgetRange } from "../../contract/schemas.ts";
import { foldMarks, searchWords } from "../../contract/search.ts";
import type { Database, Dialect } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import { createId } from "../ids.ts";
import { toCents } from "../tasks/task-repository.ts";
import {
  candidateSearches,
  deleteSavedSearch,
  findSavedSearch,
  insertSavedSearchWithin,
  listSavedSearches,
  type SavedSearchRow,
  updateSavedSearch,
} from "./saved-search-repository.ts";
import { type MatchActivity, matchActivity } from "./task-alert-repository.ts";

/**
 * Saved searches (issue 47): what a person keeps, at most SAVED_SEARCHES_MAX, and which of them a
 * new task matches, found by the starts of its words rather than by trying every search.
 */

/** A budget bound in the integer cents it is kept in; none stays none. */
const centsOf = (dollars: number | null | undefined) => (dollars == null ? null : toCents(dollars));
const toDollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** A kept search's words and filters, as contract/alerts.ts reads them. */
export function termsOf(row: SavedSearchRow): SavedSearchTerms {
  return {
    q: row.q,
    category: row.category,
    minBudget: toDollars(row.min_budget_cents),
    maxBudget: toDollars(row.max_budget_cents),
  };
}

/** Keeps a person's new saved search; a 21st is refused (409), the others kept as they were. */
export async function saveSearch(
  { db, dialect }: Database,
  userId: string,
  input: SavedSearchInput,
  now = new Date(),
): Promise<SavedSearchRow> {
  const q = input.q?.trim() ?? "";
  const terms: SavedSearchTerms = {
    q,
    category: input.category ?? null,
    minBudget: input.minBudget ?? null,
    maxBudget: input.maxBudget ?? null,
  };
  const row = {
    id: createId(),
    user_id: userId,
    name: input.name || defaultSearchName(terms),
    q,
    key_word: keyWordOf(q),
    category: terms.category,
    min_budget_cents: centsOf(input.minBudget),
    max_budget_cents: centsOf(input.maxBudget),
    frequency: input.frequency,
    created_at: now.toISOString(),
  };
  const kept = await db.transaction().execute((trx) => insertSavedSearchWithin(trx, dialect, row, SAVED_SEARCHES_MAX));
  if (!kept) throw new HttpProblem(409, SAVED_SEARCH_MESSAGES.tooMany);
  return { ...row, paused_at: null, updated_at: row.created_at };
}

/** A person's saved searches, oldest first. */
export function savedSearchesOf({ db }: Database, userId: string): Promise<SavedSearchRow[]> {
  return listSavedSearches(db, userId);
}

const WEEK_MS = 7 * 24 * 60 * 60_000;

/** A saved search as its owner reads it, with what it found lately (nothing yet for a new one). */
export function presentSavedSearch(
  row: SavedSearchRow,
  activity: MatchActivity = { lastMatch: null, matchesSince: 0 },
): SavedSearch {
  return {
    _id: row.id,
    name: row.name,
    ...termsOf(row),
    frequency: row.frequency as AlertFrequency,
    paused: row.paused_at !== null,
    createdAt: row.created_at,
    lastMatch: activity.lastMatch,
    matchesThisWeek: activity.matchesSince,
  };
}

/** These saved searches as their owner reads them: each with its last match and its week. */
export async function presentSavedSearches(
  { db }: Database,
  rows: SavedSearchRow[],
  now = new Date(),
): Promise<SavedSearch[]> {
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const activity = await matchActivity(
    db,
    rows.map((row) => row.id),
    since,
  );
  return rows.map((row) => presentSavedSearch(row, activity.get(row.id)));
}

/**
 * Changes one of a person's saved searches: another's, or one gone, is not found (404). The search
 * as changed must still have something to find and a range the right way round (400); its key word
 * follows its words.
 */
export async function changeSearch(
  { db }: Database,
  userId: string,
  id: string,
  changes: SavedSearchUpdate,
  now = new Date(),
): Promise<SavedSearchRow> {
  const row = await findSavedSearch(db, userId, id);
  if (!row) throw new HttpProblem(404, SAVED_SEARCH_MESSAGES.notFound);
  const before = termsOf(row);
  const terms: SavedSearchTerms = {
    q: changes.q === undefined ? before.q : changes.q.trim(),
    category: changes.category === undefined ? before.category : changes.category,
    minBudget: changes.minBudget === undefined ? before.minBudget : changes.minBudget,
    maxBudget: changes.maxBudget === undefined ? before.maxBudget : changes.maxBudget,
  };
  if (!isBudgetRange(terms)) throw new HttpProblem(400, BUDGET_RANGE_REFUSAL);
  if (!hasSomethingToFind(terms)) throw new HttpProblem(400, SAVED_SEARCH_MESSAGES.nothingToFind);
  const paused_at =
    changes.paused === undefined ? row.paused_at : changes.paused ? (row.paused_at ?? now.toISOString()) : null;
  const changed = {
    name: changes.name ?? row.name,
    q: terms.q,
    key_word: keyWordOf(terms.q),
    category: terms.category,
    min_budget_cents: centsOf(terms.minBudget),
    max_budget_cents: centsOf(terms.maxBudget),
    frequency: changes.frequency ?? row.frequency,
    paused_at,
    updated_at: now.toISOString(),
  };
  if (!(await updateSavedSearch(db, userId, id, changed))) throw new HttpProblem(404, SAVED_SEARCH_MESSAGES.notFound);
  return { ...row, ...changed };
}

/** Deletes one of a person's saved searches; another's, or one gone, is not found (404). */
export async function removeSearch({ db }: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteSavedSearch(db, userId, id))) throw new HttpProblem(404, SAVED_SEARCH_MESSAGES.notFound);
}

/**
 * Every start of a task's words that a saved search's key word could be: the words' starts up to
 * their whole length (a key word is a whole word of the search, which must start a word of the task),
 * case and accents folded as key words are (contract/search.ts, foldMarks).
 */
function startsOfWords(text: string): string[] {
  const starts = new Set<string>();
  for (const word of searchWords(foldMarks(text))) {
    const letters = Array.from(word);
    for (let length = 1; length <= letters.length; length++) starts.add(letters.slice(0, length).join(""));
  }
  return [...starts];
}

/**
 * The saved searches each of these tasks matches, not paused and not its poster's own: exactly
 * those for which Browse Tasks would show it (savedSearchMatches), found from the candidates the
 * tasks' words and categories point at, read once for them all.
 */
export async function searchesMatchingEach(
  { db, dialect }: { db: Kysely<DB>; dialect: Dialect },
  tasks: ReadonlyArray<MatchedTask>,
): Promise<SavedSearchRow[][]> {
  if (tasks.length === 0) return [];
  const startsOf = tasks.map((task) => startsOfWords(`${task.title} ${task.description}`));
  const candidates = await candidateSearches(
    db,
    dialect,
    [...new Set(startsOf.flat())],
    [...new Set(tasks.map((task) => task.category))],
  );
  return tasks.map((task, i) => {
    const starts = new Set(startsOf[i]);
    return candidates.filter(
      (search) =>
        (search.key_word === null || starts.has(search.key_word)) &&
        search.user_id !== task.ownerId &&
        savedSearchMatches(task, termsOf(search)),
    );
  });
}

/** What a task is matched by: its words, category and budget, and whose it is. */
type MatchedTask = { ownerId: string | null; title: string; description: string; category: string; budget: number };

/** The saved searches one task matches (searchesMatchingEach). */
export async function searchesMatching(
  database: { db: Kysely<DB>; dialect: Dialect },
  task: MatchedTask,
): Promise<SavedSearchRow[]> {
  return (await searchesMatchingEach(database, [task]))[0] ?? [];
}
