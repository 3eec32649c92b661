import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * A freelancer's record kept in `profiles` beside what changes it (decision 022), so that Find
 * Freelancers filters and sorts without counting: written in the transactions of a completion
 * (hiring/hiring.ts) and of a publication (reviews/reviews.ts). A person without a row yet gets one.
 * Whatever removes what it counts, rather than adding to it, recounts it (reviews/record-recount.ts).
 */

/** A task assigned to them was completed: one more, and they show in Find Freelancers. */
export async function countCompletedTask(db: Kysely<DB>, freelancerId: string, now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  await db
    .insertInto("profiles")
    .values({ user_id: freelancerId, completed: 1, listed: 1, updated_at: stamp })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({
        completed: sql<number>`profiles.completed + 1`,
        listed: sql<number>`1 - profiles.removed`,
        updated_at: stamp,
      }),
    )
    .execute();
}

/** Reviews of their work were published: their stars added to the sum and the count. */
export async function addPublishedRatings(
  db: Kysely<DB>,
  freelancerId: string,
  ratings: number[],
  now = new Date(),
): Promise<void> {
  if (ratings.length === 0) return;
  const stamp = now.toISOString();
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  await db
    .insertInto("profiles")
    .values({ user_id: freelancerId, rating_sum: sum, rating_count: ratings.length, updated_at: stamp })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({
        rating_sum: sql<number>`profiles.rating_sum + ${sum}`,
        rating_count: sql<number>`profiles.rating_count + ${ratings.length}`,
        updated_at: stamp,
      }),
    )
    .execute();
}

/** A freelancer's record as its tables hold it. */
export interface RecordCounts {
  /** Their hires that ended completed. */
  completed: number;
  /** The stars of the published reviews of their work (role client, about them). */
  ratingSum: number;
  ratingCount: number;
}

/**
 * Takes a person's profile row for the rest of the transaction (a write that changes nothing), before
 * their record is counted again: a completion or a publication committing meanwhile is waited for.
 */
export async function holdRecord(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable("profiles")
    .set((eb) => ({ completed: eb.ref("completed") }))
    .where("user_id", "=", userId)
    .execute();
}

/**
 * Writes a person's record as counted again (reviews/record-recount.ts), with `listed` as it follows
 * (a field or a skill said, or a task completed). A person without a row and nothing to count gets
 * none; one who no longer exists, nothing.
 */
export async function saveRecord(
  db: Kysely<DB>,
  userId: string,
  counts: RecordCounts,
  now = new Date(),
): Promise<void> {
  const stamp = now.toISOString();
  const record = { completed: counts.completed, rating_sum: counts.ratingSum, rating_count: counts.ratingCount };
  const listed = sql<number>`case when profiles.removed = 0 and (profiles.field is not null or profiles.skills_text <> '' or ${counts.completed} > 0) then 1 else 0 end`;
  if (counts.completed === 0 && counts.ratingCount === 0) {
    await db
      .updateTable("profiles")
      .set({ ...record, listed, updated_at: stamp })
      .where("user_id", "=", userId)
      .execute();
    return;
  }
  // Nothing is written for a person deleted meanwhile (their profile went with them).
  const person = await db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  if (!person) return;
  await db
    .insertInto("profiles")
    .values({ user_id: userId, ...record, listed: counts.completed > 0 ? 1 : 0, updated_at: stamp })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ ...record, listed, updated_at: stamp }))
    .execute();
}
