import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The review window of a hire (decision 022): its reminder and its close, kept in the columns
 * `reminded_at` and `reviews_closed_at` that migration 0014 added to `assignments` for reviews.
 * Hiring writes a hire's other columns (assignment-repository.ts); these two are reviews'. SQL only.
 */

/** Hires that ended reviewable (completed or cancelled) before `endedBefore` whose window is still to close. */
export async function listWindowsToClose(db: Kysely<DB>, endedBefore: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("assignments")
    .select("id")
    .where("reviews_closed_at", "is", null)
    .where("outcome", "in", ["completed", "cancelled"])
    .where("ended_at", "<=", endedBefore)
    .orderBy("ended_at", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims a hire's window to close it: true for exactly one caller (a conditional update; on
 * PostgreSQL a second one waits for the first's transaction and then finds the row closed).
 */
export async function claimWindowClose(db: Kysely<DB>, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("assignments")
    .set({ reviews_closed_at: now.toISOString() })
    .where("id", "=", id)
    .where("reviews_closed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Hires ended reviewable before `endedBefore`, still open to reviews, whose reminder has not gone. */
export async function listRemindersDue(
  db: Kysely<DB>,
  range: { endedBefore: string; endedAfter: string },
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom("assignments")
    .select("id")
    .where("reviews_closed_at", "is", null)
    .where("reminded_at", "is", null)
    .where("outcome", "in", ["completed", "cancelled"])
    .where("ended_at", "<=", range.endedBefore)
    .where("ended_at", ">", range.endedAfter)
    .orderBy("ended_at", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Claims a hire's reminder: true for exactly one caller, and only while its window is open. */
export async function claimReminder(db: Kysely<DB>, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("assignments")
    .set({ reminded_at: now.toISOString() })
    .where("id", "=", id)
    .where("reminded_at", "is", null)
    .where("reviews_closed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a hire's window closed (both reviews in): the timed job has nothing left to do with it. */
export async function closeWindow(db: Kysely<DB>, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable("assignments")
    .set({ reviews_closed_at: now.toISOString() })
    .where("id", "=", id)
    .where("reviews_closed_at", "is", null)
    .execute();
}

/**
 * Takes a hire's row for the rest of the transaction (a write that changes nothing) while its
 * reviews are open; false once they are closed. The two sides' reviews and the timed job take it
 * first, so that of two reviews arriving at once the second sees the first and publishes both.
 */
export async function holdOpenWindow(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db
    .updateTable("assignments")
    .set((eb) => ({ reviews_closed_at: eb.ref("reviews_closed_at") }))
    .where("id", "=", id)
    .where("reviews_closed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
