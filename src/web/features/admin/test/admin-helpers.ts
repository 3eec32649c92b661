import { DEMO_ADMIN } from "../../../../contract/demo-data.ts";
import type { MockStore } from "../../../mocks/store.ts";

/** The demo admin (the server's demo data makes them one, and so does the mock's). */
export const ADMIN = DEMO_ADMIN.email;

/** Makes this demo person a moderator of the mock marketplace. */
export function makeModerator(store: MockStore, email: string) {
  const user = store.users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  Object.assign(user, { role: "moderator", grantedAt: store.now() });
  return user.id;
}
