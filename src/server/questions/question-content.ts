import type { Kysely } from "kysely";
import type { ContentRecord, ReportableContent } from "../content/reportable.ts";
import type { DB } from "../db/schema.ts";
import { REMOVED_TASK_STATUS } from "../tasks/task-repository.ts";
import { findQuestionContent, setQuestionRemoved } from "./question-repository.ts";

async function read(db: Kysely<DB>, id: string) {
  const row = await findQuestionContent(db, id);
  if (!row) return undefined;
  const content: ContentRecord = {
    title: row.title,
    text: row.body,
    author: { id: row.author_id, name: row.name, image: row.image },
    taskId: row.task_id,
    removed: row.removed,
    concerns: [row.owner_id],
  };
  return { content, posterId: row.owner_id, hidden: row.hidden, taskRemoved: row.status === REMOVED_TASK_STATUS };
}

/**
 * A question as reportable content: seen on its task's page unless removed (or its task removed);
 * one hidden by the task's poster only by the poster and its asker.
 */
export const questionContent: ReportableContent = {
  kind: "question",
  find: async (db, id) => (await read(db, id))?.content,
  async findSeenBy(db, id, viewerId) {
    const question = await read(db, id);
    if (!question || question.content.removed || question.taskRemoved) return undefined;
    const sees = !question.hidden || viewerId === question.posterId || viewerId === question.content.author.id;
    return sees ? question.content : undefined;
  },
  async remove(trx, _notices, id) {
    await setQuestionRemoved(trx, id, true);
    return null;
  },
  restore: (trx, id) => setQuestionRemoved(trx, id, false),
};
