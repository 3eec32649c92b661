import type { Kysely } from "kysely";
import type { ContentRecord, ReportableContent } from "../content/reportable.ts";
import type { DB } from "../db/schema.ts";
import { recountRecord } from "./record-recount.ts";
import { findReviewContent, setReviewRemoved } from "./review-repository.ts";

async function read(db: Kysely<DB>, id: string) {
  const row = await findReviewContent(db, id);
  if (!row) return undefined;
  const content: ContentRecord = {
    title: row.title,
    text: row.text,
    author: { id: row.author_id, name: row.name, image: row.image },
    taskId: row.task_id,
    removed: row.removed,
    concerns: [row.subject_id],
  };
  return { content, published: row.published_at !== null };
}

/**
 * A review as reportable content: seen once published (on profiles even after its task is
 * removed: the work was done), and by its author before. Removed, it counts in no record (Find
 * Freelancers reads it); restored, it counts again.
 */
export const reviewContent: ReportableContent = {
  kind: "review",
  find: async (db, id) => (await read(db, id))?.content,
  async findSeenBy(db, id, viewerId) {
    const review = await read(db, id);
    if (!review || review.content.removed) return undefined;
    return review.published || review.content.author.id === viewerId ? review.content : undefined;
  },
  async remove(trx, _notices, id) {
    const subjectId = await setReviewRemoved(trx, id, true);
    if (subjectId) await recountRecord(trx, subjectId);
    return null;
  },
  async restore(trx, id) {
    const subjectId = await setReviewRemoved(trx, id, false);
    if (subjectId) await recountRecord(trx, subjectId);
  },
};
