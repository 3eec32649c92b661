import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * A freelancer's record kept in `profiles` beside what changes it (decision 022), so that Find
 * Freelancers filters and sorts without counting: written in the transactions of a completion
 * (hiring/hiring.ts) and of a publication (reviews/reviews.ts). A person without a row yet gets one.
 * Whatever removes what it counts, rather than adding to it, recounts it (`recountRecord`).
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
 * Recounts a person's record from the tables it counts (`assignments` completed as the freelancer,
 * published `reviews` of their work) and writes it, with `listed` as it follows (a field or a skill
 * said, or a task completed); what the increments above keep, made true again. For whoever
 * removes what a record counts: moderation taking down a review or an account, and an account's
 * deletion, whose cascade takes the assignments and reviews it was a side of from the records of
 * the people on their other side (those of `listRecordsCounting`, read before the deletion and
 * recounted after it, in its transaction). Run it in a transaction: the profile's row is taken
 * first, so that a completion or a publication committing meanwhile is waited for and counted.
 * A person without a row and nothing to count gets none; one who no longer exists, nothing.
 */
export async function recountRecord(db: Kysely<DB>, userId: string, now = new Date()): Promise<RecordCounts> {
  await db
    .updateTable("profiles")
    .set((eb) => ({ completed: eb.ref("completed") }))
    .where("user_id", "=", userId)
    .execute();
  const completed = await db
    .selectFrom("assignments")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("freelancer_id", "=", userId)
    .where("outcome", "=", "completed")
    .executeTakeFirstOrThrow();
  const ratings = await db
    .selectFrom("reviews")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.sum<number | string | null>("rating").as("sum"),
    ])
    .where("subject_id", "=", userId)
    .where("role", "=", "client")
    .where("published_at", "is not", null)
    .where("removed", "=", 0)
    .executeTakeFirstOrThrow();
  const counts: RecordCounts = {
    completed: Number(completed.total),
    ratingSum: Number(ratings.sum ?? 0),
    ratingCount: Number(ratings.total),
  };
  const stamp = now.toISOString();
  const record = { completed: counts.completed, rating_sum: counts.ratingSum, rating_count: counts.ratingCount };
  const listed = sql<number>`case when profiles.removed = 0 and (profiles.field is not null or profiles.skills_text <> '' or ${counts.completed} > 0) then 1 else 0 end`;
  if (counts.completed === 0 && counts.ratingCount === 0) {
    await db
      .updateTable("profiles")
      .set({ ...record, listed, updated_at: stamp })
      .where("user_id", "=", userId)
      .execute();
    return counts;
  }
  // Nothing is written for a person deleted meanwhile (their profile went with them).
  const person = await db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  if (!person) return counts;
  await db
    .insertInto("profiles")
    .values({ user_id: userId, ...record, listed: counts.completed > 0 ? 1 : 0, updated_at: stamp })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ ...record, listed, updated_at: stamp }))
    .execute();
  return counts;
}

/**
 * Whose records count rows of this person's: the freelancers of the hires they were the client of,
 * and the people their published reviews as a client are about. An account's deletion reads them
 * first and recounts each (`recountRecord`) after its cascade has taken those rows.
 */
export async function listRecordsCounting(db: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("assignments")
    .select("freelancer_id as id")
    .where("client_id", "=", userId)
    .where("outcome", "=", "completed")
    .union(
      db
        .selectFrom("reviews")
        .select("subject_id as id")
        .where("author_id", "=", userId)
        .where("role", "=", "client")
        .where("published_at", "is not", null)
        .where("removed", "=", 0),
    )
    .execute();
  return rows.map((row) => row.id).filter((id) => id !== userId);
}
