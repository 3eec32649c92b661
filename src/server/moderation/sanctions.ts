import type { Kysely } from "kysely";
import {
  MODERATION_MESSAGES,
  type ReportTarget,
  type RuleId,
  type SanctionKind,
  type SanctionView,
  type Standing,
} from "../../contract/moderation.ts";
import type { NotificationData } from "../../contract/notifications.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import {
  findSanctionById,
  listDecisionOf,
  listSanctionsOf,
  recordDecisionAppeal,
  type SanctionRow,
} from "../standing/sanction-repository.ts";
import { sanctionInForce } from "../standing/standing.ts";
import { readAppealToken } from "./appeal-token.ts";
import { roleOf } from "./roles.ts";

/**
 * A person's sanctions as they see them (their standing), and their one appeal of each: signed in,
 * or with the token of their suspension's email (a suspended person cannot sign in).
 */

export function presentSanctionView(row: SanctionRow): SanctionView {
  return {
    _id: row.id,
    kind: row.kind as SanctionKind,
    rule: row.rule as RuleId,
    note: row.note,
    targetKind: row.target_kind as ReportTarget,
    targetTitle: row.target_title,
    createdAt: row.created_at,
    liftedAt: row.lifted_at,
    appeal:
      row.appealed_at === null
        ? null
        : {
            text: row.appeal_text ?? "",
            appealedAt: row.appealed_at,
            outcome: row.appeal_outcome as "restored" | "upheld" | null,
            decidedAt: row.appeal_decided_at,
            note: row.appeal_note,
          },
    canAppeal: row.lifted_at === null && row.appealed_at === null,
    decisionId: row.decision_id ?? row.id,
  };
}

/** What a notice about a sanction says of it (contract NotificationDataSchema). */
export function sanctionNoticeData(row: SanctionRow): NotificationData {
  return {
    taskId: row.task_id ?? "",
    taskTitle: row.target_title,
    targetKind: row.target_kind as ReportTarget,
    sanction: row.kind as SanctionKind,
    rule: row.rule,
    sanctionId: row.id,
  };
}

/** GET /api/me/standing: the viewer's role, the limit in force and every sanction, newest first. */
export async function presentStanding(db: Kysely<DB>, viewer: Viewer): Promise<Standing> {
  const [role, limit, rows] = await Promise.all([
    roleOf(db, viewer.id),
    sanctionInForce(db, viewer.id, "limit"),
    listSanctionsOf(db, [viewer.id]),
  ]);
  const sanctions = rows.map(presentSanctionView);
  return { role, limited: sanctions.find((sanction) => sanction._id === limit?.id) ?? null, sanctions };
}

/**
 * The one appeal of the decision this sanction is part of (decision 032): "remove + limit" is one
 * decision, appealed once, on each of its sanctions still in force.
 */
async function takeAppeal(db: Kysely<DB>, row: SanctionRow, text: string): Promise<SanctionView> {
  const decision = await listDecisionOf(db, row.id);
  if (decision.some((one) => one.appealed_at !== null)) throw new HttpProblem(409, MODERATION_MESSAGES.alreadyAppealed);
  const inForce = decision.filter((one) => one.lifted_at === null);
  if (inForce.length === 0) throw new HttpProblem(409, MODERATION_MESSAGES.alreadyLifted);
  // Two at once: one is taken.
  const ids = inForce.map((one) => one.id);
  if (!(await recordDecisionAppeal(db, ids, text.trim()))) {
    throw new HttpProblem(409, MODERATION_MESSAGES.alreadyAppealed);
  }
  const appealed = await findSanctionById(db, row.id);
  if (!appealed) throw new HttpProblem(404, MODERATION_MESSAGES.sanctionNotFound);
  return presentSanctionView(appealed);
}

/** POST /api/sanctions/{id}/appeal: one's own decision (any of its sanctions' ids), once. Anyone else's is as if it did not exist. */
export async function appealSanction(db: Kysely<DB>, viewer: Viewer, id: string, text: string): Promise<SanctionView> {
  const row = await findSanctionById(db, id);
  if (!row || row.user_id !== viewer.id) throw new HttpProblem(404, MODERATION_MESSAGES.sanctionNotFound);
  return takeAppeal(db, row, text);
}

/** POST /api/appeals: the suspended person's appeal, from the link of their suspension's email: of the whole decision. */
export async function appealByToken(
  db: Kysely<DB>,
  secret: string,
  token: string,
  text: string,
): Promise<SanctionView> {
  const id = readAppealToken(secret, token);
  const row = id === null ? undefined : await findSanctionById(db, id);
  if (!row) throw new HttpProblem(400, MODERATION_MESSAGES.badAppealLink);
  return takeAppeal(db, row, text);
}
