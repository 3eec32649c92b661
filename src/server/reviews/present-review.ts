import { ANONYMOUS_NAME } from "../../contract/index.ts";
import { type PersonRef, REMOVED_TASK_TITLE, type Review } from "../../contract/reputation.ts";
import type { PersonRecord, ReviewRecord } from "./review-repository.ts";

/** A review's person by name, "Anonymous" for a name left empty. */
export const presentPerson = (record: PersonRecord): PersonRef => ({
  id: record.id,
  name: record.name.trim() || ANONYMOUS_NAME,
  image: record.image,
});

/**
 * A review as everyone who may read it sees it: its task (or words saying it was removed), its
 * two people by name, the stars and the text, the aspects a client rated, and the public answer.
 */
export function presentReview(review: ReviewRecord): Review {
  return {
    _id: review.id,
    taskId: review.taskId,
    // The review stays (the work was done), its removed task's words do not.
    ...(review.taskRemoved ? { taskTitle: REMOVED_TASK_TITLE, taskRemoved: true } : { taskTitle: review.taskTitle }),
    role: review.role,
    author: presentPerson(review.author),
    subject: presentPerson(review.subject),
    rating: review.rating,
    text: review.text,
    ...(review.communication !== null ? { communication: review.communication } : {}),
    ...(review.quality !== null ? { quality: review.quality } : {}),
    ...(review.deadline !== null ? { deadline: review.deadline } : {}),
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
    publishedAt: review.publishedAt,
    answer:
      review.answer !== null && review.answeredAt !== null
        ? { text: review.answer, answeredAt: review.answeredAt }
        : null,
  };
}
