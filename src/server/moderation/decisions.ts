import type { Kysely } from "kysely";
import {
  type AuditAction,
  type AuditEntry,
  type DecisionInput,
  MODERATION_MESSAGES,
  type ReportReason,
  type SanctionKind,
} from "../../contract/moderation.ts";
import type { NotificationData } from "../../contract/notifications.ts";
import type { Viewer } from "../accounts/session.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { hasWorkedWithAny } from "../hiring/assignment-repository.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Notices, Transactor } from "../notifications/notifier.ts";
import {
  answerAppeal,
  answerDecisionAppeal,
  findSanctionById,
  insertSanction,
  liftSanction,
  listDecisionOf,
  type SanctionRow,
} from "../standing/sanction-repository.ts";
import { appealLink } from "./appeal-token.ts";
import { presentEntry } from "./audit.ts";
import { suspendAccount } from "./enforcement.ts";
import {
  appendLog,
  closeReports,
  findReportedAuthor,
  type LogRow,
  listOpenReportIds,
  listReportersOfRemoved,
  type NewLogEntry,
} from "./moderation-repository.ts";
import { parsePeople, parseSnapshot } from "./reports.ts";
import { roleOf } from "./roles.ts";
import { sanctionNoticeData } from "./sanctions.ts";
import { type ReportableContents, readTargetNow, type TargetRef } from "./targets.ts";

/**
 * What moderators decide (decision 023), each in one transaction with its audit entries and its
 * notices: a target's reports (remove it or not, sanction its author or not), lifting a sanction,
 * and answering an appeal. Nobody decides about their own content or sanctions.
 */

type Result = { entries: AuditEntry[] };

/** The content and its author as the decision sees them; a deleted target through its reports. */
async function decisionTarget(contents: ReportableContents, db: Kysely<DB>, target: TargetRef) {
  const current = await readTargetNow(contents, db, target);
  if (current) return { snapshot: current.snapshot, removed: current.removed, exists: true, people: current.people };
  const reported = await findReportedAuthor(db, target);
  if (!reported) throw new HttpProblem(404, MODERATION_MESSAGES.targetNotFound);
  return {
    snapshot: parseSnapshot(reported.snapshot),
    removed: false,
    exists: false,
    people: parsePeople(reported.snapshot),
  };
}

/**
 * Nobody judges their own case: not their own content, nor content about them (a review of them, a
 * question on their task, a message in their thread), nor anything about a person they hired or
 * were hired by. It goes to another moderator or an admin.
 */
async function refuseOwnCase(db: Kysely<DB>, viewer: Viewer, authorId: string, people: string[]): Promise<void> {
  if (authorId === viewer.id) throw new HttpProblem(403, MODERATION_MESSAGES.selfDecision);
  if (people.includes(viewer.id) || (await hasWorkedWithAny(db, viewer.id, [authorId, ...people]))) {
    throw new HttpProblem(403, MODERATION_MESSAGES.ownCase);
  }
}

/**
 * POST /api/admin/decisions. The reports decided on (those the moderator saw, or else the target's
 * open ones, read first) are closed in the transaction only if still open: when another moderator
 * closed them a moment before, nothing of this decision happens (409). Only the moderator's list
 * holds on SQLite, whose transactions run one after another: read after the other's commit, the
 * target has no open report left. Acting on a target nobody reported now is allowed.
 */
export async function decide(
  run: Transactor,
  { db, dialect }: Database,
  contents: ReportableContents,
  viewer: Viewer,
  input: DecisionInput,
  appealSecret: string,
): Promise<Result> {
  const target: TargetRef = { kind: input.targetKind, id: input.targetId };
  const { snapshot, removed, exists, people } = await decisionTarget(contents, db, target);
  const author = snapshot.author;
  await refuseOwnCase(db, viewer, author.id, people);
  await refuseActingOnStaff(db, viewer, author.id);
  // Content deleted with its author's account: its reports can be closed, nobody sanctioned.
  if (
    !exists &&
    input.sanction !== "none" &&
    !(await readTargetNow(contents, db, { kind: "profile", id: author.id }))
  ) {
    throw new HttpProblem(404, MODERATION_MESSAGES.targetNotFound);
  }
  const openIds = input.reportIds ?? (await listOpenReportIds(db, target));
  const note = input.note.trim();
  const rule = input.rule ?? null;
  const removes = input.remove && exists && !removed;
  // What the reporters learn: removed (now or before, or a task or profile that its author's
  // suspension takes down), deleted by its author first, or still up; never the sanction itself.
  const takenDown = input.sanction === "suspend" && (target.kind === "task" || target.kind === "profile");
  const outcome = !exists ? "deleted" : input.remove || removed || takenDown ? "removed" : "stays";
  const about: NotificationData = {
    taskId: snapshot.taskId ?? "",
    taskTitle: snapshot.title ?? author.name,
    targetKind: target.kind,
  };

  return run.transaction(async (trx, notices) => {
    const now = new Date();
    const closed = await closeReports(trx, target, openIds, outcome, now);
    // Some or all of the reports seen were decided a moment ago by another moderator: nothing of this one happens.
    if (closed.length < openIds.length) throw new HttpProblem(409, MODERATION_MESSAGES.decidedByOther);
    const entries: LogRow[] = [];
    const log = async (action: AuditAction, sanctionId: string | null) => {
      const entry: NewLogEntry = {
        actor_id: viewer.id,
        actor_name: viewer.name,
        action,
        target_kind: target.kind,
        target_id: target.id,
        subject_id: author.id,
        subject_name: author.name,
        rule,
        note,
        sanction_id: sanctionId,
      };
      entries.push(await appendLog(trx, entry, now));
    };
    // One decision, one appeal (decision 032): its sanctions share the id of its first.
    let decisionId: string | undefined;
    /** A sanction on the author, its audit entry, and the author told the rule and the note. */
    const sanction = async (kind: SanctionKind, previousState: string | null, effect: () => Promise<void>) => {
      const id = await insertSanction(
        trx,
        {
          userId: author.id,
          kind,
          rule: rule ?? "",
          note,
          targetKind: target.kind,
          targetId: target.id,
          taskId: snapshot.taskId,
          targetTitle: about.taskTitle,
          previousState,
          createdBy: viewer.id,
          ...(decisionId ? { decisionId } : {}),
        },
        now,
      );
      decisionId ??= id;
      await effect();
      await log(kind, id);
      notices.add({
        userId: author.id,
        kind: "moderation-action",
        data: { ...about, sanction: kind, rule: rule ?? "", sanctionId: id },
        quote: note,
        // A suspended person cannot sign in to appeal: their email's button is the signed link that can.
        ...(kind === "suspend"
          ? { link: { path: appealLink(appealSecret, id), label: "Appeal this decision" }, mustEmail: true }
          : {}),
      });
    };

    if (removes) {
      const previousState = await contents.of(target.kind).remove(trx, notices, target.id);
      // A task removed by another decision a moment ago has no state of its own to restore: that one's sanction stands.
      if (target.kind !== "task" || previousState !== null) await sanction("remove", previousState, async () => {});
    }
    if (input.sanction !== "none") {
      const kind = input.sanction;
      await sanction(kind, null, async () => {
        if (kind === "suspend") await suspendAccount(trx, notices, author.id, dialect);
      });
    }
    // A dismissal, or a removal of what was already gone: the decision is still on record.
    if (entries.length === 0) await log(input.remove ? "remove" : "dismiss", null);
    tellReporters(notices, closed, about, outcome, target, author.id);
    return { entries: entries.map(presentEntry) };
  });
}

/** Each reporter learns whether the content is gone or stays up, never what happened to its author. */
function tellReporters(
  notices: Notices,
  closed: Array<{ reporterId: string; reason: string }>,
  about: NotificationData,
  outcome: "removed" | "deleted" | "stays",
  target: TargetRef,
  authorId: string,
) {
  notices.add(
    ...closed.map((report) => ({
      userId: report.reporterId,
      kind: "report-outcome" as const,
      data: {
        ...about,
        reason: report.reason as ReportReason,
        outcome,
        ...(target.kind === "profile" ? { userId: authorId } : {}),
      },
    })),
  );
}

async function sanctionToDecide(
  contents: ReportableContents,
  db: Kysely<DB>,
  viewer: Viewer,
  id: string,
): Promise<SanctionRow> {
  const row = await findSanctionById(db, id);
  if (!row) throw new HttpProblem(404, MODERATION_MESSAGES.sanctionNotFound);
  const target = { kind: row.target_kind as TargetRef["kind"], id: row.target_id };
  // The content as it is now, or, once it is gone, as it was reported.
  const current = await readTargetNow(contents, db, target);
  const reported = current ? undefined : await findReportedAuthor(db, target);
  await refuseOwnCase(db, viewer, row.user_id, current?.people ?? (reported ? parsePeople(reported.snapshot) : []));
  await refuseActingOnStaff(db, viewer, row.user_id);
  return row;
}

/**
 * Only an admin decides about a moderator's or an admin's content, sanctions and appeals: otherwise
 * one moderator could suspend every admin and uphold their appeals.
 */
async function refuseActingOnStaff(db: Kysely<DB>, viewer: Viewer, personId: string): Promise<void> {
  if ((await roleOf(db, personId)) === null) return;
  if ((await roleOf(db, viewer.id)) !== "admin") throw new HttpProblem(403, MODERATION_MESSAGES.staffDecision);
}

function sanctionLog(viewer: Viewer, row: SanctionRow, action: AuditAction, note: string): NewLogEntry {
  return {
    actor_id: viewer.id,
    actor_name: viewer.name,
    action,
    target_kind: "sanction",
    target_id: row.id,
    subject_id: row.user_id,
    subject_name: row.user_name,
    rule: row.rule,
    note,
    sanction_id: row.id,
  };
}

/**
 * Lifts the sanction and undoes its effect (content visible again, its task's status back, a limit
 * or a suspension no longer refusing); those who reported content put back are told it is. Money a
 * suspension sent to the disputes' queue stays there: an admin decides it (payments' own rules).
 */
async function lift(
  contents: ReportableContents,
  trx: Kysely<DB>,
  notices: Notices,
  viewer: Viewer,
  row: SanctionRow,
  now: Date,
): Promise<boolean> {
  if (!(await liftSanction(trx, row.id, viewer.id, now))) return false;
  if (row.kind === "remove") {
    await contents.of(row.target_kind as TargetRef["kind"]).restore(trx, row.target_id, row.previous_state);
    await tellReportersRestored(trx, notices, row);
  }
  return true;
}

/** Whoever reported content that was removed and is now back learns it is back, never why (decision 032). */
async function tellReportersRestored(trx: Kysely<DB>, notices: Notices, row: SanctionRow): Promise<void> {
  const reporters = await listReportersOfRemoved(trx, { kind: row.target_kind, id: row.target_id });
  notices.add(
    ...reporters.map((report) => ({
      userId: report.reporterId,
      kind: "report-outcome" as const,
      data: {
        taskId: row.task_id ?? "",
        taskTitle: row.target_title,
        targetKind: row.target_kind as TargetRef["kind"],
        reason: report.reason as ReportReason,
        outcome: "restored" as const,
        ...(row.target_kind === "profile" ? { userId: row.user_id } : {}),
      },
    })),
  );
}

/** POST /api/admin/sanctions/{id}/restore: lifted once; an appeal waiting is answered with it. */
export async function restoreSanction(
  run: Transactor,
  db: Kysely<DB>,
  contents: ReportableContents,
  viewer: Viewer,
  id: string,
  note: string,
): Promise<Result> {
  const row = await sanctionToDecide(contents, db, viewer, id);
  if (row.lifted_at !== null) throw new HttpProblem(409, MODERATION_MESSAGES.alreadyLifted);
  const text = note.trim();
  return run.transaction(async (trx, notices) => {
    const now = new Date();
    if (!(await lift(contents, trx, notices, viewer, row, now))) {
      throw new HttpProblem(409, MODERATION_MESSAGES.alreadyLifted);
    }
    await answerAppeal(trx, row.id, "restored", text, now);
    const entry = await appendLog(trx, sanctionLog(viewer, row, "restore", text), now);
    notices.add({ userId: row.user_id, kind: "moderation-lifted", data: sanctionNoticeData(row), quote: text });
    return { entries: [presentEntry(entry)] };
  });
}

/**
 * POST /api/admin/appeals/{id}: the appeal of a decision (any of its sanctions' ids), answered once
 * (decision 032). Restore undoes every effect of the decision still in force, or those the
 * moderator chose (`effects`; the others upheld), in one transaction with an audit entry and a
 * notice each; uphold keeps them all. Of two answers at once, the second is 409 with nothing done.
 */
export async function decideAppeal(
  run: Transactor,
  db: Kysely<DB>,
  contents: ReportableContents,
  viewer: Viewer,
  id: string,
  input: { decision: "restore" | "uphold"; note: string; effects?: string[] | undefined },
): Promise<Result> {
  await sanctionToDecide(contents, db, viewer, id);
  const waiting = (await listDecisionOf(db, id)).filter(
    (row) => row.appealed_at !== null && row.appeal_outcome === null,
  );
  if (waiting.length === 0) throw new HttpProblem(409, MODERATION_MESSAGES.noAppeal);
  const chosen = input.effects;
  if (chosen?.some((effect) => !waiting.some((row) => row.id === effect))) {
    throw new HttpProblem(400, MODERATION_MESSAGES.notInDecision);
  }
  const undo = input.decision === "restore" ? waiting.filter((row) => !chosen || chosen.includes(row.id)) : [];
  const keep = waiting.filter((row) => !undo.includes(row));
  const text = input.note.trim();
  return run.transaction(async (trx, notices) => {
    const now = new Date();
    const ids = (rows: SanctionRow[]) => rows.map((row) => row.id);
    // The answer first, only where none was given: a second answer at once finds none left (409).
    const answered =
      (undo.length > 0 ? await answerDecisionAppeal(trx, ids(undo), "restored", text, now) : 0) +
      (keep.length > 0 ? await answerDecisionAppeal(trx, ids(keep), "upheld", text, now) : 0);
    if (answered < waiting.length) throw new HttpProblem(409, MODERATION_MESSAGES.noAppeal);
    const entries: AuditEntry[] = [];
    for (const row of [...undo, ...keep]) {
      const restores = undo.includes(row);
      // One lifted a moment ago by an admin (the person's page) is lifted already: nothing more to undo.
      if (restores) await lift(contents, trx, notices, viewer, row, now);
      const entry = await appendLog(trx, sanctionLog(viewer, row, restores ? "restore" : "uphold", text), now);
      entries.push(presentEntry(entry));
      notices.add({
        userId: row.user_id,
        kind: "appeal-decided",
        data: { ...sanctionNoticeData(row), decision: restores ? "restored" : "upheld" },
        quote: text,
      });
    }
    return { entries };
  });
}
