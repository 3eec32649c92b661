import type { Kysely } from "kysely";
import type { Dialect } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { notSuspended } from "../standing/sanction-repository.ts";

/** better-auth's session and user tables, as the app reads and changes them beside it. SQL only. */

/**
 * A session by its token, with its person, unless they are suspended: a suspension deletes its
 * person's sessions, and one made at that very moment counts for nothing either.
 */
export async function findSessionPerson(db: Kysely<DB>, token: string) {
  return sessionPeople(db).where("session.token", "=", token).executeTakeFirst();
}

/** Many sessions at once, by token: those still there, of people not suspended. */
export async function findSessionPeople(db: Kysely<DB>, tokens: string[]) {
  if (tokens.length === 0) return [];
  return sessionPeople(db).select("session.token").where("session.token", "in", tokens).execute();
}

function sessionPeople(db: Kysely<DB>) {
  return db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select(["session.expiresAt", "user.id", "user.name", "user.email", "user.image"])
    .where((eb) => notSuspended(eb, "user.id"));
}

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
