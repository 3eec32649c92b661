import type { Kysely } from "kysely";
import type { z } from "zod";
import { ANONYMOUS_NAME } from "../../contract/index.ts";
import type { AuditAction, AuditEntry, AuditQuerySchema, RuleId } from "../../contract/moderation.ts";
import type { DB } from "../db/schema.ts";
import { type LogRow, listLog } from "./moderation-repository.ts";

/** The audit log as moderators read it (GET /api/admin/audit): newest first, filtered, a page at a time. */

export function presentEntry(row: LogRow & { actor_image?: string | null; subject_image?: string | null }): AuditEntry {
  return {
    _id: row.id,
    at: row.at,
    actor: { id: row.actor_id ?? "", name: row.actor_name.trim() || ANONYMOUS_NAME, image: row.actor_image ?? null },
    action: row.action as AuditAction,
    targetKind: row.target_kind as AuditEntry["targetKind"],
    targetId: row.target_id,
    subject:
      row.subject_id === null
        ? null
        : { id: row.subject_id, name: row.subject_name?.trim() || ANONYMOUS_NAME, image: row.subject_image ?? null },
    rule: row.rule as RuleId | null,
    note: row.note,
    sanctionId: row.sanction_id,
  };
}

/** `from` and `to` are whole days (UTC), both included. */
export async function presentAuditPage(db: Kysely<DB>, query: z.infer<typeof AuditQuerySchema>) {
  const { rows, total } = await listLog(
    db,
    {
      action: query.action,
      actorId: query.actor,
      subjectId: query.subject,
      from: query.from && `${query.from}T00:00:00.000Z`,
      to: query.to && `${query.to}T23:59:59.999Z`,
    },
    { page: query.page, limit: query.limit },
  );
  return { entries: rows.map(presentEntry), total };
}
