import type { Kysely } from "kysely";
import type { Dialect } from "../db/database.ts";
import type { DB } from "../db/schema.ts";

/** Moderation's effects' own reads and writes (enforcement.ts): a person's sessions, their sanctions in force. */

/**
 * Locks a person's row until the transaction ends. On PostgreSQL, FOR UPDATE also holds back the
 * foreign-key check of a new session row for them, so a session cannot be created between this
 * transaction's reads and its commit; SQLite runs one transaction at a time already.
 */
export async function holdPersonRow(db: Kysely<DB>, userId: string, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") await db.selectFrom("user").select("id").where("id", "=", userId).forUpdate().execute();
}

/** Ends every session of a person: the next request with any of their cookies is signed out. */
export async function deleteSessionsOf(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom("session").where("userId", "=", userId).execute();
}

/** A person's sanction of this kind not lifted, the newest (sanctions_user_kind_idx). */
export async function findSanctionInForce(
  db: Kysely<DB>,
  userId: string,
  kind: "limit" | "suspend",
): Promise<{ id: string; rule: string } | undefined> {
  return db
    .selectFrom("sanctions")
    .select(["id", "rule"])
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("lifted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** A person's open tasks (those a suspension cancels). */
export async function listOpenTasksOf(db: Kysely<DB>, userId: string): Promise<Array<{ id: string; title: string }>> {
  return db
    .selectFrom("tasks")
    .select(["id", "title"])
    .where("owner_id", "=", userId)
    .where("status", "=", "open")
    .orderBy("created_at", "asc")
    .execute();
}
