import { type ExpressionBuilder, type Kysely, type Selectable, sql } from "kysely";
import type { DB, ModerationLogTable } from "../db/schema.ts";
import { createId } from "../ids.ts";

/**
 * Moderation's own tables (migration 0015): reports with their snapshots, the append-only audit log
 * and the staff's roles. SQL only; the rules are beside it. Sanctions, which every feature asks
 * about, are standing's (standing/sanction-repository.ts).
 */

/* Reports */

export interface NewReport {
  reporterId: string;
  targetKind: string;
  targetId: string;
  authorId: string;
  reason: string;
  note: string | null;
  /** JSON of the contract's SnapshotSchema. */
  snapshot: string;
}

/** Writes an open report; undefined when the reporter has one open of this target (reports_open_key). */
export async function insertReport(db: Kysely<DB>, report: NewReport, now = new Date()): Promise<string | undefined> {
  const id = createId();
  const result = await db
    .insertInto("reports")
    .values({
      id,
      reporter_id: report.reporterId,
      target_kind: report.targetKind,
      target_id: report.targetId,
      author_id: report.authorId,
      reason: report.reason,
      note: report.note,
      snapshot: report.snapshot,
      created_at: now.toISOString(),
    })
    // The partial unique index is the only one an insert can meet with a fresh id.
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? id : undefined;
}

export async function hasOpenReport(
  db: Kysely<DB>,
  reporterId: string,
  target: { kind: string; id: string },
): Promise<boolean> {
  const row = await db
    .selectFrom("reports")
    .select("id")
    .where("reporter_id", "=", reporterId)
    .where("target_kind", "=", target.kind)
    .where("target_id", "=", target.id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return row !== undefined;
}

export async function listOpenReportIds(db: Kysely<DB>, target: { kind: string; id: string }): Promise<string[]> {
  const rows = await db
    .selectFrom("reports")
    .select("id")
    .where("target_kind", "=", target.kind)
    .where("target_id", "=", target.id)
    .where("status", "=", "open")
    .execute();
  return rows.map((row) => row.id);
}

/** The author a target's reports name (for content deleted since): the latest report's. */
export async function findReportedAuthor(db: Kysely<DB>, target: { kind: string; id: string }) {
  return db
    .selectFrom("reports")
    .select(["author_id", "snapshot"])
    .where("target_kind", "=", target.kind)
    .where("target_id", "=", target.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Closes those of these reports of the target still open, with the outcome; returns the ones this
 * closed. Of two moderators closing the same reports at once, the second closes none.
 */
export async function closeReports(
  trx: Kysely<DB>,
  target: { kind: string; id: string },
  ids: string[],
  outcome: "removed" | "deleted" | "stays",
  now = new Date(),
): Promise<Array<{ id: string; reporterId: string; reason: string }>> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable("reports")
    .set({ status: "closed", closed_at: now.toISOString(), outcome })
    .where("id", "in", ids)
    .where("target_kind", "=", target.kind)
    .where("target_id", "=", target.id)
    .where("status", "=", "open")
    .returning(["id", "reporter_id", "reason"])
    .execute();
  return rows.map((row) => ({ id: row.id, reporterId: row.reporter_id, reason: row.reason }));
}

/** Those whose reports of this target closed with it removed, each once (their first report's reason). */
export async function listReportersOfRemoved(
  db: Kysely<DB>,
  target: { kind: string; id: string },
): Promise<Array<{ reporterId: string; reason: string }>> {
  const rows = await db
    .selectFrom("reports")
    .select(["reporter_id", "reason"])
    .where("target_kind", "=", target.kind)
    .where("target_id", "=", target.id)
    .where("status", "=", "closed")
    .where("outcome", "=", "removed")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  const seen = new Map<string, string>();
  for (const row of rows) if (!seen.has(row.reporter_id)) seen.set(row.reporter_id, row.reason);
  return [...seen].map(([reporterId, reason]) => ({ reporterId, reason }));
}

/** The targets with open reports, the longest waiting first, and when each was first reported. */
export async function listOpenTargets(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom("reports")
    .select(["target_kind", "target_id", (eb) => eb.fn.min("created_at").as("first_at")])
    .where("status", "=", "open")
    .groupBy(["target_kind", "target_id"])
    .orderBy("first_at", "asc")
    .orderBy("target_kind", "asc")
    .orderBy("target_id", "asc")
    .limit(limit)
    .execute();
}

export interface OpenReportRow {
  id: string;
  targetKind: string;
  targetId: string;
  authorId: string;
  reason: string;
  note: string | null;
  snapshot: string;
  createdAt: string;
  reporter: { id: string; name: string; image: string | null };
}

/** The open reports of these targets, oldest first. */
export async function listOpenReportsOf(
  db: Kysely<DB>,
  targets: Array<{ kind: string; id: string }>,
): Promise<OpenReportRow[]> {
  if (targets.length === 0) return [];
  const rows = await db
    .selectFrom("reports")
    .innerJoin("user", "user.id", "reports.reporter_id")
    .select([
      "reports.id",
      "reports.target_kind",
      "reports.target_id",
      "reports.author_id",
      "reports.reason",
      "reports.note",
      "reports.snapshot",
      "reports.created_at",
      "user.id as reporter_id",
      "user.name",
      "user.image",
    ])
    .where("reports.status", "=", "open")
    .where((eb) =>
      eb.or(
        targets.map((target) =>
          eb.and([eb("reports.target_kind", "=", target.kind), eb("reports.target_id", "=", target.id)]),
        ),
      ),
    )
    .orderBy("reports.created_at", "asc")
    .orderBy("reports.id", "asc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    targetKind: row.target_kind,
    targetId: row.target_id,
    authorId: row.author_id,
    reason: row.reason,
    note: row.note,
    snapshot: row.snapshot,
    createdAt: row.created_at,
    reporter: { id: row.reporter_id, name: row.name, image: row.image },
  }));
}

/** How many reports of this person's content came before a moment. */
export async function countReportsBefore(db: Kysely<DB>, authorId: string, before: string): Promise<number> {
  const row = await db
    .selectFrom("reports")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("author_id", "=", authorId)
    .where("created_at", "<", before)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/* The audit log */

export type LogRow = Selectable<ModerationLogTable>;
export type NewLogEntry = Omit<LogRow, "id" | "at">;

/** Appends one entry (the database refuses any change of it afterwards). */
export async function appendLog(trx: Kysely<DB>, entry: NewLogEntry, now = new Date()): Promise<LogRow> {
  const row = { id: createId(), at: now.toISOString(), ...entry };
  await trx.insertInto("moderation_log").values(row).execute();
  return row;
}

export interface LogFilter {
  action?: string | undefined;
  actorId?: string | undefined;
  subjectId?: string | undefined;
  /** ISO moments, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface LogEntryRow extends LogRow {
  actor_image: string | null;
  subject_image: string | null;
}

/** A page of the log, newest first, and how many entries match. */
export async function listLog(
  db: Kysely<DB>,
  filter: LogFilter,
  page: { page: number; limit: number },
): Promise<{ rows: LogEntryRow[]; total: number }> {
  // One condition for the page and its count.
  const matches = (eb: ExpressionBuilder<DB, "moderation_log">) =>
    eb.and([
      ...(filter.action ? [eb("moderation_log.action", "=", filter.action)] : []),
      ...(filter.actorId ? [eb("moderation_log.actor_id", "=", filter.actorId)] : []),
      ...(filter.subjectId ? [eb("moderation_log.subject_id", "=", filter.subjectId)] : []),
      ...(filter.from ? [eb("moderation_log.at", ">=", filter.from)] : []),
      ...(filter.to ? [eb("moderation_log.at", "<=", filter.to)] : []),
    ]);
  const rows = db
    .selectFrom("moderation_log")
    .leftJoin("user as actor", "actor.id", "moderation_log.actor_id")
    .leftJoin("user as subject", "subject.id", "moderation_log.subject_id")
    .selectAll("moderation_log")
    .select(["actor.image as actor_image", "subject.image as subject_image"])
    .where(matches);
  const count = db
    .selectFrom("moderation_log")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where(matches);
  const [found, total] = await Promise.all([
    rows
      .orderBy("moderation_log.at", "desc")
      .orderBy("moderation_log.id", "desc")
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: found, total: Number(total.total) };
}

/* Roles */

export async function findRole(db: Kysely<DB>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("staff_roles").select("role").where("user_id", "=", userId).executeTakeFirst();
  return row?.role ?? null;
}

export async function listStaffRows(db: Kysely<DB>) {
  return db
    .selectFrom("staff_roles")
    .innerJoin("user", "user.id", "staff_roles.user_id")
    .select(["user.id", "user.name", "user.image", "user.email", "staff_roles.role", "staff_roles.granted_at"])
    .orderBy("staff_roles.granted_at", "asc")
    .orderBy("user.id", "asc")
    .execute();
}

/** Gives a person a role (replacing theirs), or takes it away (null). */
export async function setRole(
  trx: Kysely<DB>,
  userId: string,
  role: string | null,
  grantedBy: string | null,
  now = new Date(),
): Promise<void> {
  if (role === null) {
    await trx.deleteFrom("staff_roles").where("user_id", "=", userId).execute();
    return;
  }
  await trx
    .insertInto("staff_roles")
    .values({ user_id: userId, role, granted_by: grantedBy, granted_at: now.toISOString() })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({ role, granted_by: grantedBy, granted_at: now.toISOString() }),
    )
    .execute();
}

/** A person by their id, as moderators see them (their page). */
export async function findPersonById(db: Kysely<DB>, id: string) {
  return db.selectFrom("user").select(["id", "name", "image"]).where("id", "=", id).executeTakeFirst();
}

/** A person by their email, as typed (emails are kept lower-case; the comparison ignores case anyway). */
export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom("user")
    .select(["id", "name", "email", "image"])
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}
