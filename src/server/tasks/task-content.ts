import type { Kysely } from "kysely";
import type { TaskStatus } from "../../contract/index.ts";
import type { NotificationData } from "../../contract/notifications.ts";
import type { ContentRecord, ReportableContent } from "../content/reportable.ts";
import type { DB } from "../db/schema.ts";
import { findTaskContent, REMOVED_TASK_STATUS, removeTask, restoreTask } from "./task-repository.ts";
import type { TaskNeighbours } from "./tasks.ts";

/** What restoring a removed task puts back: its status, and the offers cancelled with it. */
interface TaskState {
  status: TaskStatus;
  bids: string[];
}

async function find(db: Kysely<DB>, id: string): Promise<ContentRecord | undefined> {
  const row = await findTaskContent(db, id);
  return (
    row && {
      title: row.title,
      text: row.description,
      author: { id: row.author_id, name: row.name, image: row.image },
      taskId: row.id,
      removed: row.status === REMOVED_TASK_STATUS,
      concerns: [],
    }
  );
}

/**
 * A task as reportable content: seen by everyone until a moderator removes it. Removed, its
 * status becomes "removed", its waiting offers are cancelled (as a deleted task's are), and those
 * bidders and its hired freelancer, if any, are told ("task-removed"); restored, it has its status
 * back and those offers wait again. Its offers are bids', told through `neighbours`.
 */
export function taskContent(neighbours: TaskNeighbours): ReportableContent {
  return {
    kind: "task",
    find,
    async findSeenBy(db, id) {
      const task = await find(db, id);
      return task && !task.removed ? task : undefined;
    },
    async remove(trx, notices, id) {
      const task = await removeTask(trx, id);
      if (!task) return null;
      const cancelled = await neighbours.cancelPendingOffers(trx, id);
      const told = [...cancelled.map((bid) => bid.bidderId), ...(task.assigneeId ? [task.assigneeId] : [])];
      const data: NotificationData = { taskId: id, taskTitle: task.title };
      notices.add(...told.map((userId) => ({ userId, kind: "task-removed" as const, data })));
      return JSON.stringify({ status: task.status, bids: cancelled.map((bid) => bid.id) } satisfies TaskState);
    },
    async restore(trx, id, previousState) {
      // Without the status it had, a task stays removed rather than guessed open.
      if (!previousState) return;
      const state = JSON.parse(previousState) as TaskState;
      if ((await restoreTask(trx, id, state.status)) > 0) await neighbours.reopenOffers(trx, state.bids);
    },
  };
}
