import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { countCompletedAsFreelancer, listFreelancersCompletedFor } from "../hiring/assignment-repository.ts";
import { holdRecord, type RecordCounts, saveRecord } from "../profiles/record-repository.ts";
import { listSubjectsReviewedAsClient, sumPublishedRatingsOfWork } from "./review-repository.ts";

/**
 * A freelancer's record (profiles/record-repository.ts) counted again from what it counts: their
 * hires completed (hiring's) and the published reviews of their work (reviews'). Here, in the
 * lowest room that stands on both, so each table is read by its owner's repository.
 */

/**
 * Recounts a person's record and writes it; what the increments of a completion and a publication
 * keep, made true again. For whoever removes what a record counts: moderation taking down a review
 * (reviews/review-content.ts), and an account's deletion when there is one (whose cascade takes the
 * hires and reviews it was a side of from the records of the people on their other side: those of
 * `listRecordsCounting`, read before the deletion and recounted after it; today only the tests
 * delete an account). Run it in a transaction: the
 * profile's row is taken first, so that a completion or a publication committing meanwhile is
 * waited for and counted.
 */
export async function recountRecord(db: Kysely<DB>, userId: string, now = new Date()): Promise<RecordCounts> {
  await holdRecord(db, userId);
  const completed = await countCompletedAsFreelancer(db, userId);
  const counts: RecordCounts = { completed, ...(await sumPublishedRatingsOfWork(db, userId)) };
  await saveRecord(db, userId, counts, now);
  return counts;
}

/**
 * Whose records count rows of this person's: the freelancers of the hires they completed as the
 * client, and the people their published reviews as a client are about.
 */
export async function listRecordsCounting(db: Kysely<DB>, userId: string): Promise<string[]> {
  const [freelancers, reviewed] = await Promise.all([
    listFreelancersCompletedFor(db, userId),
    listSubjectsReviewedAsClient(db, userId),
  ]);
  return [...new Set([...freelancers, ...reviewed])].filter((id) => id !== userId);
}
