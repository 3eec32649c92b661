import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import { createId } from "../ids.ts";

/**
 * The sanctions table (migration 0015), with their appeals: written by moderation's decisions,
 * read by every feature that asks whether a person is limited or suspended. SQL only.
 */

export interface NewSanction {
  userId: string;
  kind: string;
  rule: string;
  note: string;
  targetKind: string;
  targetId: string;
  taskId: string | null;
  targetTitle: string;
  previousState: string | null;
  createdBy: string;
  /** The decision's first sanction, for its others; the first is its own (migration 0022). */
  decisionId?: string;
}

export async function insertSanction(trx: Kysely<DB>, sanction: NewSanction, now = new Date()): Promise<string> {
  const id = createId();
  await trx
    .insertInto("sanctions")
    .values({
      id,
      user_id: sanction.userId,
      kind: sanction.kind,
      rule: sanction.rule,
      note: sanction.note,
      target_kind: sanction.targetKind,
      target_id: sanction.targetId,
      task_id: sanction.taskId,
      target_title: sanction.targetTitle,
      previous_state: sanction.previousState,
      created_by: sanction.createdBy,
      created_at: now.toISOString(),
      decision_id: sanction.decisionId ?? id,
    })
    .execute();
  return id;
}

function selectSanctions(db: Kysely<DB>) {
  return db
    .selectFrom("sanctions")
    .innerJoin("user", "user.id", "sanctions.user_id")
    .selectAll("sanctions")
    .select(["user.name as user_name", "user.image as user_image"]);
}

export type SanctionRow = Awaited<ReturnType<ReturnType<typeof selectSanctions>["executeTakeFirstOrThrow"]>>;

export async function findSanctionById(db: Kysely<DB>, id: string): Promise<SanctionRow | undefined> {
  return selectSanctions(db).where("sanctions.id", "=", id).executeTakeFirst();
}

/** The sanctions of the decision this sanction is one of (its own first, then in the order made); none for an unknown id. */
export async function listDecisionOf(db: Kysely<DB>, sanctionId: string): Promise<SanctionRow[]> {
  const row = await db
    .selectFrom("sanctions")
    .select(["id", "decision_id"])
    .where("id", "=", sanctionId)
    .executeTakeFirst();
  if (!row) return [];
  const decisionId = row.decision_id ?? row.id;
  const rows = await selectSanctions(db)
    .where((eb) => eb.or([eb("sanctions.decision_id", "=", decisionId), eb("sanctions.id", "=", decisionId)]))
    .orderBy("sanctions.created_at", "asc")
    .orderBy("sanctions.id", "asc")
    .execute();
  return rows.sort((a, b) => Number(b.id === decisionId) - Number(a.id === decisionId));
}

/** These people's sanctions, newest first. */
export async function listSanctionsOf(db: Kysely<DB>, userIds: string[]): Promise<SanctionRow[]> {
  if (userIds.length === 0) return [];
  return selectSanctions(db)
    .where("sanctions.user_id", "in", userIds)
    .orderBy("sanctions.created_at", "desc")
    .orderBy("sanctions.id", "desc")
    .execute();
}

/** Sanctions appealed and not yet answered, the longest waiting first. */
export async function listAppealsWaiting(db: Kysely<DB>, limit: number): Promise<SanctionRow[]> {
  return selectSanctions(db)
    .where("sanctions.appeal_outcome", "is", null)
    .where("sanctions.appealed_at", "is not", null)
    .orderBy("sanctions.appealed_at", "asc")
    .orderBy("sanctions.id", "asc")
    .limit(limit)
    .execute();
}

/** Lifts a sanction not lifted yet; false when it already was (by someone a moment before). */
export async function liftSanction(trx: Kysely<DB>, id: string, by: string, now = new Date()): Promise<boolean> {
  const result = await trx
    .updateTable("sanctions")
    .set({ lifted_at: now.toISOString(), lifted_by: by })
    .where("id", "=", id)
    .where("lifted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The person's one appeal; false when they have appealed already. */
export async function recordAppeal(db: Kysely<DB>, id: string, text: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("sanctions")
    .set({ appeal_text: text, appealed_at: now.toISOString() })
    .where("id", "=", id)
    .where("appealed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The person's one appeal of a decision: written on each of its sanctions still in force; false
 * when the decision was appealed already (a moment before, say) or nothing of it is in force.
 */
export async function recordDecisionAppeal(
  db: Kysely<DB>,
  ids: string[],
  text: string,
  now = new Date(),
): Promise<boolean> {
  // One statement: of two appeals at once, the second finds every row taken (PostgreSQL re-reads
  // a row it waited for; SQLite runs them one after the other).
  const result = await db
    .updateTable("sanctions")
    .set({ appeal_text: text, appealed_at: now.toISOString() })
    .where("id", "in", ids)
    .where("appealed_at", "is", null)
    .where("lifted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A moderator's answer to a decision's waiting appeal, on each of its sanctions appealed; how many it answered (0: answered already). */
export async function answerDecisionAppeal(
  trx: Kysely<DB>,
  ids: string[],
  outcome: "restored" | "upheld",
  note: string,
  now = new Date(),
): Promise<number> {
  const result = await trx
    .updateTable("sanctions")
    .set({ appeal_outcome: outcome, appeal_note: note, appeal_decided_at: now.toISOString() })
    .where("id", "in", ids)
    .where("appealed_at", "is not", null)
    .where("appeal_outcome", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A moderator's answer to a waiting appeal; false when it was answered already. */
export async function answerAppeal(
  trx: Kysely<DB>,
  id: string,
  outcome: "restored" | "upheld",
  note: string,
  now = new Date(),
): Promise<boolean> {
  const result = await trx
    .updateTable("sanctions")
    .set({ appeal_outcome: outcome, appeal_note: note, appeal_decided_at: now.toISOString() })
    .where("id", "=", id)
    .where("appealed_at", "is not", null)
    .where("appeal_outcome", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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

/** Whether anyone at all is suspended now: while nobody is (most of the time), lists need not ask per person. */
export async function anyoneSuspended(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom("sanctions")
    .select("id")
    .where("kind", "=", "suspend")
    .where("lifted_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The people suspended now, as a subquery: `… not in (${SUSPENDED_PEOPLE})`, read once for a whole list. */
export const SUSPENDED_PEOPLE = sql`select user_id from sanctions where kind = 'suspend' and lifted_at is null`;

/**
 * The one "not suspended" condition of a query that joins the user table: no suspension in force
 * for the person `userId` names (a column reference such as "user.id").
 */
export function notSuspended(eb: ExpressionBuilder<DB, "user">, userId: "user.id") {
  return eb.not(
    eb.exists(
      eb
        .selectFrom("sanctions")
        .select("sanctions.id")
        .whereRef("sanctions.user_id", "=", userId)
        .where("sanctions.kind", "=", "suspend")
        .where("sanctions.lifted_at", "is", null),
    ),
  );
}
