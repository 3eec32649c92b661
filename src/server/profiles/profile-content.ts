import type { Kysely } from "kysely";
import { ANONYMOUS_NAME } from "../../contract/index.ts";
import type { ContentRecord, ReportableContent } from "../content/reportable.ts";
import type { DB } from "../db/schema.ts";
import { sanctionInForce } from "../standing/standing.ts";
import { findProfileContent, setProfileRemoved } from "./profile-repository.ts";

/** A profile's words: the bio, then the skills. */
function profileText(bio: string, skills: string[]): string {
  return [bio.trim(), skills.length > 0 ? `Skills: ${skills.join(", ")}` : ""].filter(Boolean).join("\n\n");
}

async function find(db: Kysely<DB>, userId: string): Promise<ContentRecord | undefined> {
  const row = await findProfileContent(db, userId);
  return (
    row && {
      title: row.name.trim() || ANONYMOUS_NAME,
      text: profileText(row.bio, row.skills),
      author: { id: row.id, name: row.name, image: row.image },
      taskId: null,
      removed: row.removed,
      concerns: [],
    }
  );
}

/**
 * A profile as reportable content (its id is its person's): seen by everyone unless its person is
 * suspended. Removed, its bio and skills are shown nowhere and it leaves Find Freelancers.
 */
export const profileContent: ReportableContent = {
  kind: "profile",
  find,
  async findSeenBy(db, userId) {
    if (await sanctionInForce(db, userId, "suspend")) return undefined;
    return find(db, userId);
  },
  async remove(trx, _notices, userId) {
    await setProfileRemoved(trx, userId, true);
    return null;
  },
  restore: (trx, userId) => setProfileRemoved(trx, userId, false),
};
