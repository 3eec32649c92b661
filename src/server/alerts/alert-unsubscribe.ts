import type { Kysely } from "kysely";
import { alertsLabel } from "../../contract/alerts.ts";
import type { UnsubscribeResult } from "../../contract/notifications.ts";
import type { DB } from "../db/schema.ts";
import { readSignedUnsubscribe } from "../email/unsubscribe-token.ts";
import type { OtherUnsubscribe } from "../notifications/notices.ts";
import { findSavedSearch, updateSavedSearch } from "./saved-search-repository.ts";

/** What a task alert's unsubscribe link stops: its saved search (`search-` and its id, signed). */
export const pausesSearch = (searchId: string) => `search-${searchId}`;

/**
 * A task alert's email carries a link (and a List-Unsubscribe header, RFC 8058) that pauses the
 * saved search it came from: the person keeps the search and may resume it on Task alerts. A
 * search paused already stays paused; a deleted one has nothing left to stop (the link is refused).
 */
export function pauseSearchByEmail(secret: string): OtherUnsubscribe {
  return async (db: Kysely<DB>, token: string, now = new Date()): Promise<UnsubscribeResult | null> => {
    const signed = readSignedUnsubscribe(secret, token);
    if (!signed?.what.startsWith(pausesSearch(""))) return null;
    const searchId = signed.what.slice(pausesSearch("").length);
    const search = await findSavedSearch(db, signed.userId, searchId);
    if (!search) return null;
    if (search.paused_at === null) {
      await updateSavedSearch(db, signed.userId, searchId, {
        paused_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    }
    return { kind: "task-alert", label: alertsLabel(search.name), paused: search.name };
  };
}
