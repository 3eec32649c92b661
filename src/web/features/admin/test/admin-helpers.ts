import { MOCK_ADMIN } from "../../../mocks/mock-admin.ts";
import type { MockDb } from "../../../mocks/mock-db.ts";
import { moderationOf } from "../../../mocks/mock-moderation.ts";

/** The mock marketplace's admin (mocks/mock-admin.ts). */
export const ADMIN = MOCK_ADMIN.email;

/** Makes this demo person a moderator of the mock marketplace. */
export function makeModerator(db: MockDb, email: string) {
  const user = db.users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  moderationOf(db).staff.set(user.id, "moderator");
  return user.id;
}
