import type { Kysely } from "kysely";
import {
  type AppealItem,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type Queue,
  type ReportGroup,
  type ReportInput,
  type ReportReason,
  type ReportTarget,
  type RuleId,
  type SanctionKind,
  type Snapshot,
  SnapshotSchema,
} from "../../contract/moderation.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import { listAppealsWaiting, listSanctionsOf, type SanctionRow } from "../standing/sanction-repository.ts";
import {
  countReportsBefore,
  hasOpenReport,
  insertReport,
  listOpenReportsOf,
  listOpenTargets,
} from "./moderation-repository.ts";
import { personRef, type ReportableContents, readTargetFor, readTargetNow } from "./targets.ts";

/**
 * Reports (decision 023): a signed-in person reports what they can see and is not theirs, once
 * while their report is open, and the target is kept as it was. Moderators read them grouped by
 * target in the queue, with the appeals waiting.
 */

/** POST /api/reports. */
export async function createReport(db: Kysely<DB>, contents: ReportableContents, viewer: Viewer, input: ReportInput) {
  const target = { kind: input.targetKind, id: input.targetId };
  const seen = await readTargetFor(contents, db, target, viewer.id);
  if (!seen) throw new HttpProblem(404, MODERATION_MESSAGES.targetNotFound);
  const { snapshot, people } = seen;
  if (snapshot.author.id === viewer.id) throw new HttpProblem(400, MODERATION_MESSAGES.ownContent);
  if (await hasOpenReport(db, viewer.id, target)) throw new HttpProblem(409, MODERATION_MESSAGES.alreadyReported);
  const now = new Date();
  const id = await insertReport(
    db,
    {
      reporterId: viewer.id,
      targetKind: target.kind,
      targetId: target.id,
      authorId: snapshot.author.id,
      reason: input.reason,
      note: input.note?.trim() || null,
      // With everyone it is about, so that nobody it concerns judges it once it is gone (issue 42).
      snapshot: JSON.stringify({ ...snapshot, people }),
    },
    now,
  );
  // Two at once: the open reports' unique index takes one.
  if (id === undefined) throw new HttpProblem(409, MODERATION_MESSAGES.alreadyReported);
  return { _id: id, createdAt: now.toISOString() };
}

/** A stored snapshot, read back through the contract's schema. */
export function parseSnapshot(json: string): Snapshot {
  return SnapshotSchema.parse(JSON.parse(json));
}

/** Everyone a stored snapshot's content was about when it was reported (its author alone in reports made before this was kept). */
export function parsePeople(json: string): string[] {
  const stored = JSON.parse(json) as { people?: unknown; author?: { id?: unknown } };
  const people = Array.isArray(stored.people) ? stored.people.filter((id): id is string => typeof id === "string") : [];
  return typeof stored.author?.id === "string" ? [...new Set([stored.author.id, ...people])] : people;
}

function presentBrief(row: SanctionRow) {
  return {
    _id: row.id,
    kind: row.kind as SanctionKind,
    rule: row.rule as RuleId,
    createdAt: row.created_at,
    liftedAt: row.lifted_at,
  };
}

function presentAppealed(row: SanctionRow) {
  return {
    ...presentBrief(row),
    note: row.note,
    targetKind: row.target_kind as ReportTarget,
    targetId: row.target_id,
    targetTitle: row.target_title,
  };
}

/** One appeal per decision (decision 032): its sanctions waiting, the decision's first naming it. */
function presentAppeals(rows: SanctionRow[]): AppealItem[] {
  const decisions = new Map<string, SanctionRow[]>();
  for (const row of rows) {
    const key = row.decision_id ?? row.id;
    decisions.set(key, [...(decisions.get(key) ?? []), row]);
  }
  return [...decisions].map(([key, group]) => {
    const effects = [...group].sort((a, b) => Number(b.id === key) - Number(a.id === key));
    return presentAppeal(effects[0] as SanctionRow, effects);
  });
}

function presentAppeal(row: SanctionRow, effects: SanctionRow[]): AppealItem {
  return {
    sanction: presentAppealed(row),
    effects: effects.map(presentAppealed),
    person: personRef({ id: row.user_id, name: row.user_name, image: row.user_image }),
    text: row.appeal_text ?? "",
    appealedAt: row.appealed_at ?? "",
  };
}

/**
 * GET /api/admin/queue: open reports grouped by target, the longest waiting first, each with the
 * target as reported and as it is now, its author and their history; and the appeals waiting.
 */
export async function presentQueue(db: Kysely<DB>, contents: ReportableContents): Promise<Queue> {
  const targets = await listOpenTargets(db, MODERATION_LIMITS.queueMax);
  const reports = await listOpenReportsOf(
    db,
    targets.map((target) => ({ kind: target.target_kind, id: target.target_id })),
  );
  const groups = await Promise.all(
    targets.map(async (target) => {
      const kind = target.target_kind as ReportTarget;
      const mine = reports.filter((report) => report.targetKind === kind && report.targetId === target.target_id);
      const current = await readTargetNow(contents, db, { kind, id: target.target_id });
      const reported = mine.map((report) => ({ ...report, snapshot: parseSnapshot(report.snapshot) }));
      // Deleted since: its author as the latest report saw them.
      const author = current?.snapshot.author ?? reported.at(-1)?.snapshot.author;
      const firstReportedAt = String(target.first_at);
      return { kind, target, current, reported, author, firstReportedAt };
    }),
  );
  const authorIds = [...new Set(groups.flatMap((group) => (group.author ? [group.author.id] : [])))];
  const [sanctions, appeals] = await Promise.all([
    listSanctionsOf(db, authorIds),
    listAppealsWaiting(db, MODERATION_LIMITS.queueMax),
  ]);
  const presented: ReportGroup[] = [];
  for (const group of groups) {
    if (!group.author) continue;
    const reasons: Partial<Record<ReportReason, number>> = {};
    for (const report of group.reported) {
      const reason = report.reason as ReportReason;
      reasons[reason] = (reasons[reason] ?? 0) + 1;
    }
    const authorId = group.author.id;
    presented.push({
      targetKind: group.kind,
      targetId: group.target.target_id,
      firstReportedAt: group.firstReportedAt,
      reportCount: group.reported.length,
      reasons,
      reports: group.reported.map((report) => ({
        _id: report.id,
        reporter: personRef(report.reporter),
        reason: report.reason as ReportReason,
        note: report.note,
        createdAt: report.createdAt,
        snapshot: report.snapshot,
      })),
      current: group.current?.snapshot ?? null,
      removed: group.current?.removed ?? false,
      author: group.author,
      history: {
        reports: await countReportsBefore(db, authorId, group.firstReportedAt),
        sanctions: sanctions.filter((row) => row.user_id === authorId).map(presentBrief),
      },
    });
  }
  return { reports: presented, appeals: presentAppeals(appeals) };
}
