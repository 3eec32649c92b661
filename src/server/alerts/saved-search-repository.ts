import { type Kysely, type Selectable, sql } from "kysely";
import type { Dialect } from "../db/database.ts";
import type { DB, SavedSearchTable } from "../db/schema.ts";

/** Saved searches (migration 0027), SQL only. */

/** A saved search as read, its budgets as numbers (PostgreSQL's driver reads bigint as text). */
export type SavedSearchRow = Omit<Selectable<SavedSearchTable>, "min_budget_cents" | "max_budget_cents"> & {
  min_budget_cents: number | null;
  max_budget_cents: number | null;
};

export type NewSavedSearch = Omit<SavedSearchRow, "paused_at" | "updated_at">;

/** Budgets back to numbers. */
function toRow(row: Selectable<SavedSearchTable>): SavedSearchRow {
  const cents = (value: string | number | null) => (value === null ? null : Number(value));
  return { ...row, min_budget_cents: cents(row.min_budget_cents), max_budget_cents: cents(row.max_budget_cents) };
}

/**
 * Keeps a new saved search unless its owner already has `max`: answers whether it was kept. The
 * owner's row is locked first on PostgreSQL, so that two saves at once cannot both count 19 and
 * make 21; SQLite writes one transaction at a time. Run it in a transaction.
 */
export async function insertSavedSearchWithin(
  trx: Kysely<DB>,
  dialect: Dialect,
  search: NewSavedSearch,
  max: number,
): Promise<boolean> {
  if (dialect === "postgres")
    await trx.selectFrom("user").select("id").where("id", "=", search.user_id).forUpdate().execute();
  const { kept } = await trx
    .selectFrom("saved_searches")
    .select((eb) => eb.fn.countAll<number>().as("kept"))
    .where("user_id", "=", search.user_id)
    .executeTakeFirstOrThrow();
  if (Number(kept) >= max) return false;
  await trx
    .insertInto("saved_searches")
    .values({ ...search, paused_at: null, updated_at: search.created_at })
    .execute();
  return true;
}

/** A person's saved searches, oldest first. */
export async function listSavedSearches(db: Kysely<DB>, userId: string): Promise<SavedSearchRow[]> {
  const rows = await db
    .selectFrom("saved_searches")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toRow);
}

/** One of a person's saved searches; another person's is not found. */
export async function findSavedSearch(db: Kysely<DB>, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  const row = await db
    .selectFrom("saved_searches")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row && toRow(row);
}

/** A saved search by its id alone, whosever it is (the timed jobs of alerts). */
export async function findSavedSearchById(db: Kysely<DB>, id: string): Promise<SavedSearchRow | undefined> {
  const row = await db.selectFrom("saved_searches").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toRow(row);
}

/** Changes one of a person's saved searches: answers whether there was one to change. */
export async function updateSavedSearch(
  db: Kysely<DB>,
  userId: string,
  id: string,
  changes: Partial<Omit<SavedSearchRow, "id" | "user_id" | "created_at">>,
): Promise<boolean> {
  const result = await db
    .updateTable("saved_searches")
    .set(changes)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes one of a person's saved searches: answers whether there was one. */
export async function deleteSavedSearch(db: Kysely<DB>, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("saved_searches")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The saved searches not paused that some of these tasks may match, in one read for them all:
 * those whose key word is one of `starts` (the starts of the tasks' words), through the key word's
 * index, and those of filters alone in one of `categories` or none. The starts go as one value
 * however many they are (an array on PostgreSQL, JSON on SQLite): a pass's tasks have thousands.
 * Their words and budgets are checked by the caller (contract/alerts.ts, savedSearchMatches).
 */
export async function candidateSearches(
  db: Kysely<DB>,
  dialect: Dialect,
  starts: string[],
  categories: string[],
): Promise<SavedSearchRow[]> {
  const keyed =
    dialect === "postgres"
      ? sql<boolean>`key_word = any(cast(${sql.val(starts)} as text[]))`
      : sql<boolean>`key_word in (select value from json_each(${JSON.stringify(starts)}))`;
  const [found, wordless] = await Promise.all([
    starts.length === 0
      ? []
      : db.selectFrom("saved_searches").selectAll().where(keyed).where("paused_at", "is", null).execute(),
    db
      .selectFrom("saved_searches")
      .selectAll()
      .where("key_word", "is", null)
      .where("paused_at", "is", null)
      .where((eb) => eb.or([eb("category", "is", null), eb("category", "in", categories)]))
      .execute(),
  ]);
  return [...found, ...wordless].map(toRow);
}
