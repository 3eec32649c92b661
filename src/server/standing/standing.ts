import type { Kysely } from "kysely";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import { findSanctionInForce } from "./sanction-repository.ts";

/*
 * A person's standing (decision 023): what every feature asks about their sanctions before it lets
 * them act. A limited person cannot publish (post or edit tasks, bid, ask, change their public
 * profile); a suspended one has no session and no public profile. This room imports no feature:
 * the features stand on it, and moderation, which decides the sanctions, stands above them all.
 */

/** The person's limit or suspension in force, if any (the newest not lifted). */
export async function sanctionInForce(
  db: Kysely<DB>,
  userId: string,
  kind: "limit" | "suspend",
): Promise<{ id: string; rule: string } | null> {
  return (await findSanctionInForce(db, userId, kind)) ?? null;
}

/** Publishing anything (posting or editing a task, bidding, asking, a public profile): 403 naming the rule while limited. */
export async function refuseLimited(db: Kysely<DB>, userId: string): Promise<void> {
  const limit = await sanctionInForce(db, userId, "limit");
  if (limit) throw new HttpProblem(403, MODERATION_MESSAGES.limited(limit.rule));
}
