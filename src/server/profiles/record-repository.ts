import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * A freelancer's record kept in `profiles` beside what changes it (decision 022), so that Find
 * Freelancers filters and sorts without counting: written in the transactions of a completion
 * (hiring/hiring.ts) and of a publication (reviews/reviews.ts). A person without a row yet gets one.
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
        listed: 1,
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
