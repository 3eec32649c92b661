import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The address each person last used the site at (migration 0023, decision 033), where their
 * emails' links lead when PUBLIC_URL is unset. SQL only: what may be written here is decided by
 * its callers (an address the server itself accepts, decision 008).
 */

/** Keeps `origin` as the person's address; writes only when it changed. */
export async function rememberSite(db: Kysely<DB>, userId: string, origin: string, now = new Date()): Promise<void> {
  const known = await db.selectFrom("email_sites").select("origin").where("user_id", "=", userId).executeTakeFirst();
  if (known?.origin === origin) return;
  await db
    .insertInto("email_sites")
    .values({ user_id: userId, origin, seen_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet((eb) => ({ origin: eb.ref("excluded.origin"), seen_at: eb.ref("excluded.seen_at") })),
    )
    .execute();
}

/** The addresses these people last used, by person (none for someone never seen). */
export async function findSites(db: Kysely<DB>, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("email_sites")
    .select(["user_id", "origin"])
    .where("user_id", "in", userIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.origin]));
}
