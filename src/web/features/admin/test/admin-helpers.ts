import { DEMO_ADMIN } from "../../../../contract/demo-data.ts";
import type { MockDb } from "../../../mocks/mock-db.ts";
import { moderationOf } from "../../../mocks/mock-moderation.ts";

/** The demo admin (mock mode makes them one: mocks/mock-admin.ts). */
export const ADMIN = DEMO_ADMIN.email;

/** Makes this demo person a moderator of the mock marketplace. */
export function makeModerator(db: MockDb, email: string) {
  const user = db.users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  moderationOf(db).staff.set(user.id, "moderator");
  return user.id;
}
