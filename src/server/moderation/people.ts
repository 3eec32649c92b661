import type { Kysely } from "kysely";
import { MODERATION_MESSAGES, type PersonStanding } from "../../contract/moderation.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import { listSanctionsOf } from "../standing/sanction-repository.ts";
import { findPersonById } from "./moderation-repository.ts";
import { roleOf } from "./roles.ts";
import { presentSanctionView } from "./sanctions.ts";
import { personRef } from "./targets.ts";

/**
 * A person as moderators see them (GET /api/admin/people/{id}, decision 032): what of theirs is in
 * force (a removal, a limit, a suspension; a warning is said once and nothing to lift), every
 * decision about them newest first, and whether the reader may lift (admins, from this page).
 */
export async function presentPersonStanding(db: Kysely<DB>, viewer: Viewer, userId: string): Promise<PersonStanding> {
  const person = await findPersonById(db, userId);
  if (!person) throw new HttpProblem(404, MODERATION_MESSAGES.userNotFound);
  const [role, readerRole, rows] = await Promise.all([
    roleOf(db, userId),
    roleOf(db, viewer.id),
    listSanctionsOf(db, [userId]),
  ]);
  const history = rows.map((row) => ({ ...presentSanctionView(row), targetId: row.target_id }));
  return {
    person: personRef(person),
    role,
    inForce: history.filter((sanction) => sanction.liftedAt === null && sanction.kind !== "warn"),
    history,
    canLift: readerRole === "admin",
  };
}
