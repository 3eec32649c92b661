import type { http } from "msw";
import type { AuditEntry, ReportInput, Snapshot, StaffRole } from "../../contract/moderation.ts";
import type { MockDb } from "./mock-db.ts";

/*
 * Moderation in mock mode: reports, sanctions and their appeals, the audit log and the staff's
 * roles, kept beside one MockDb. The reporters' and the sanctioned's operations are here; the
 * moderators' (/api/admin/*) are in mock-admin.ts, on the same store.
 */

export interface MockReport extends ReportInput {
  id: string;
  reporterId: string;
  authorId: string;
  snapshot: Snapshot;
  createdAt: string;
  status: "open" | "closed";
  outcome: "removed" | "stays" | null;
}

export interface MockSanction {
  id: string;
  userId: string;
  kind: "remove" | "warn" | "limit" | "suspend";
  rule: string;
  note: string;
  targetKind: ReportInput["targetKind"];
  targetId: string;
  targetTitle: string;
  createdAt: string;
  liftedAt: string | null;
  appeal: {
    text: string;
    appealedAt: string;
    outcome: "restored" | "upheld" | null;
    decidedAt: string | null;
    note: string | null;
  } | null;
}

export class MockModeration {
  reports: MockReport[] = [];
  sanctions: MockSanction[] = [];
  log: AuditEntry[] = [];
  staff = new Map<string, StaffRole>();
}

const stores = new WeakMap<MockDb, MockModeration>();

/** The moderation store of one mock marketplace. */
export function moderationOf(db: MockDb): MockModeration {
  let store = stores.get(db);
  if (!store) {
    store = new MockModeration();
    stores.set(db, store);
  }
  return store;
}

type Answer = <Args extends { request: Request; params: Record<string, string | readonly string[] | undefined> }>(
  run: (args: Args) => Response | Promise<Response> | object | Promise<object>,
) => (args: Args) => Promise<Response>;
type Parse = <S extends import("zod").ZodType>(schema: S, value: unknown) => import("zod").infer<S>;

/** POST /api/reports, GET /api/me/standing, appeals. */
export function moderationHandlers(db: MockDb, _answer: Answer, _parse: Parse): ReturnType<typeof http.get>[] {
  moderationOf(db);
  return [];
}
