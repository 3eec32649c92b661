import type { Kysely } from "kysely";
import type { ContentRecord, ReportableContent } from "../content/reportable.ts";
import type { DB } from "../db/schema.ts";
import { findMessageContent, setMessageRemoved } from "./message-repository.ts";

async function find(db: Kysely<DB>, id: string): Promise<ContentRecord | undefined> {
  const row = await findMessageContent(db, id);
  return (
    row && {
      title: row.title,
      text: row.body,
      author: { id: row.author_id, name: row.name, image: row.image },
      taskId: row.task_id,
      removed: row.removed,
      // Its thread's two people: the task's poster and the bidder.
      concerns: [row.owner_id, row.bidder_id],
    }
  );
}

/** A message as reportable content: seen by its thread's two people only, unless removed. */
export const messageContent: ReportableContent = {
  kind: "message",
  find,
  async findSeenBy(db, id, viewerId) {
    const message = await find(db, id);
    return message && !message.removed && message.concerns.includes(viewerId) ? message : undefined;
  },
  async remove(trx, _notices, id) {
    await setMessageRemoved(trx, id, true);
    return null;
  },
  restore: (trx, id) => setMessageRemoved(trx, id, false),
};
