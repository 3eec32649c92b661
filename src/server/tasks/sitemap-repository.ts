import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** Tasks that take offers: open, with a deadline not yet passed anywhere on earth (`today`). */
function openTasks(db: Kysely<DB>, today: string) {
  return db.selectFrom("tasks").where("tasks.status", "=", "open").where("tasks.deadline", ">=", today);
}

export async function countOpenTasks(db: Kysely<DB>, today: string): Promise<number> {
  const row = await openTasks(db, today)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of open tasks' ids, oldest first (a page keeps its tasks as new ones are posted). */
export async function listOpenTaskIds(
  db: Kysely<DB>,
  today: string,
  page: { offset: number; limit: number },
): Promise<string[]> {
  const rows = await openTasks(db, today)
    .select("tasks.id")
    .orderBy("tasks.created_at", "asc")
    .orderBy("tasks.id", "asc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((row) => row.id);
}
