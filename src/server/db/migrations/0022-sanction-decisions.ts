import { type Kysely, sql } from "kysely";
import type { MigrationContext } from "./context.ts";

/**
 * A moderator's decision as one unit (issue 45, decision 032): its sanctions ("remove + limit" is
 * two) share the id of the decision's first one, so that the person appeals the decision once and
 * its restore undoes all of it. Sanctions made before are grouped as their decision made them: the
 * same person, target, moderator and moment; but one already appealed on its own stays a decision
 * of its own, so that what its appeal left in force (the limit beside a restored removal) can still
 * be appealed.
 */
export default (_context: MigrationContext) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("sanctions").addColumn("decision_id", "text").execute();
    await sql`
      update sanctions set decision_id = case when appealed_at is not null then id else (
        select min(other.id) from sanctions other
        where other.user_id = sanctions.user_id
          and other.target_kind = sanctions.target_kind
          and other.target_id = sanctions.target_id
          and other.created_by = sanctions.created_by
          and other.created_at = sanctions.created_at
          and other.appealed_at is null
      ) end`.execute(db);
    await db.schema.createIndex("sanctions_decision_idx").on("sanctions").column("decision_id").execute();
  },
});
