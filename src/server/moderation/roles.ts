import type { Kysely } from "kysely";
import type { z } from "zod";
import { MODERATION_MESSAGES, STAFF_ROLES, type StaffMemberSchema, type StaffRole } from "../../contract/moderation.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Notifier } from "../notifications/notifier.ts";
import { appendLog, findRole, findUserByEmail, type LogRow, listStaffRows, setRole } from "./moderation-repository.ts";
import { personRef } from "./targets.ts";

/**
 * Who moderates (decision 023): a moderator works the queue; an admin also grants and removes
 * roles. Nobody changes their own; the first admin comes from the command line (actor null).
 */

type StaffMember = z.infer<typeof StaffMemberSchema>;

/** How the audit log names the command line, which has no account. */
export const COMMAND_LINE_ACTOR = "command line";

export async function roleOf(db: Kysely<DB>, userId: string): Promise<StaffRole | null> {
  const role = await findRole(db, userId);
  return (STAFF_ROLES as readonly string[]).includes(role ?? "") ? (role as StaffRole) : null;
}

/**
 * The viewer's role if it allows this: anyone without one is refused 403 staffOnly, a moderator
 * where only an admin may is refused 403 adminOnly.
 */
export async function requireRole(db: Kysely<DB>, viewer: Viewer, needed: StaffRole): Promise<StaffRole> {
  const role = await roleOf(db, viewer.id);
  if (role === null) throw new HttpProblem(403, MODERATION_MESSAGES.staffOnly);
  if (needed === "admin" && role !== "admin") throw new HttpProblem(403, MODERATION_MESSAGES.adminOnly);
  return role;
}

/** The moderators and admins, the longest serving first. */
export async function listStaff(db: Kysely<DB>): Promise<StaffMember[]> {
  const rows = await listStaffRows(db);
  return rows.map((row) => ({
    ...personRef(row),
    email: row.email,
    role: row.role as StaffRole,
    grantedAt: row.granted_at,
  }));
}

export interface RoleChange {
  person: { id: string; name: string; email: string };
  before: StaffRole | null;
  after: StaffRole | null;
  /** The audit log's entry; null when nothing changed. */
  entry: LogRow | null;
}

/**
 * Gives the person with this email a role, or takes theirs away (null), with its audit entry.
 * `actor` null is the command line (`npm run admin`), which has no account.
 */
export async function grantRole(
  db: Kysely<DB>,
  email: string,
  role: StaffRole | null,
  actor: Viewer | null,
): Promise<RoleChange> {
  const person = await findUserByEmail(db, email);
  if (!person) throw new HttpProblem(404, MODERATION_MESSAGES.personNotFound);
  if (actor && person.id === actor.id) throw new HttpProblem(400, MODERATION_MESSAGES.ownRole);
  return db.transaction().execute(async (trx) => {
    const before = await roleOf(trx, person.id);
    const change = { person: { id: person.id, name: person.name, email: person.email }, before, after: role };
    if (before === role) return { ...change, entry: null };
    const now = new Date();
    await setRole(trx, person.id, role, actor?.id ?? null, now);
    const entry = await appendLog(
      trx,
      {
        actor_id: actor?.id ?? null,
        actor_name: actor?.name ?? COMMAND_LINE_ACTOR,
        action: role === null ? "revoke-role" : "grant-role",
        target_kind: "person",
        target_id: person.id,
        subject_id: person.id,
        subject_name: person.name,
        rule: null,
        note: role === null ? `Role removed: ${before}` : before ? `Role: ${role} (was ${before})` : `Role: ${role}`,
        sanction_id: null,
      },
      now,
    );
    return { ...change, entry };
  });
}

/** The moderators' queue changed (a report, an appeal, a decision): every staff member's open tabs hear of it. */
export async function tellStaff(db: Kysely<DB>, notifier: Notifier): Promise<void> {
  await notifier.touched(...(await listStaffRows(db)).map((row) => row.id));
}
