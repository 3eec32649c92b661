import type {
  AppealItem,
  AuditAction,
  AuditEntry,
  DecisionInput,
  PersonStanding,
  Queue,
  ReportGroup,
  StaffRole,
} from "../../../contract/moderation.ts";
import type { DisputeDecisionInput, DisputeQueue, Payment } from "../../../contract/payments.ts";
import { apiJson } from "../../lib/api.ts";

export type { AppealItem, AuditEntry, DisputeQueue, Payment, PersonStanding, Queue, ReportGroup };

export interface StaffMember {
  id: string;
  name: string;
  image: string | null;
  email: string;
  role: StaffRole;
  grantedAt: string;
}

export interface AuditFilter {
  action?: AuditAction | undefined;
  actor?: string | undefined;
  subject?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  limit: number;
}

export function getQueue(signal?: AbortSignal): Promise<Queue> {
  return apiJson<Queue>("/api/admin/queue", { signal });
}

export function decide(input: DecisionInput): Promise<{ entries: AuditEntry[] }> {
  return apiJson("/api/admin/decisions", { method: "POST", body: input });
}

/** The payment disputes waiting for an admin, the longest waiting first, and whether the reader may decide them. */
export function getDisputes(signal?: AbortSignal): Promise<DisputeQueue> {
  return apiJson<DisputeQueue>("/api/admin/disputes", { signal });
}

/** An admin's split of a disputed payment; the payment as it now is. 400 when the parts do not add up to the amount. */
export function decideDispute(paymentId: string, input: DisputeDecisionInput): Promise<Payment> {
  return apiJson<Payment>(`/api/admin/disputes/${encodeURIComponent(paymentId)}`, { method: "POST", body: input });
}

export function restoreSanction(id: string, note: string): Promise<{ entries: AuditEntry[] }> {
  return apiJson(`/api/admin/sanctions/${encodeURIComponent(id)}/restore`, { method: "POST", body: { note } });
}

/** The answer to a decision's appeal; on restore, `effects` are the sanctions undone (all when left out). */
export function decideAppeal(id: string, decision: "restore" | "uphold", note: string, effects?: string[]) {
  return apiJson<{ entries: AuditEntry[] }>(`/api/admin/appeals/${encodeURIComponent(id)}`, {
    method: "POST",
    body: { decision, note, ...(effects ? { effects } : {}) },
  });
}

/** A person as moderators see them: sanctions in force, every decision, whether the reader may lift. */
export function getPerson(id: string, signal?: AbortSignal): Promise<PersonStanding> {
  return apiJson<PersonStanding>(`/api/admin/people/${encodeURIComponent(id)}`, { signal });
}

/** An admin's Lift of one sanction, with a note (audited; the person is told). */
export function liftSanction(id: string, note: string): Promise<{ entries: AuditEntry[] }> {
  return apiJson(`/api/admin/sanctions/${encodeURIComponent(id)}/lift`, { method: "POST", body: { note } });
}

export function getAudit(filter: AuditFilter, signal?: AbortSignal): Promise<{ entries: AuditEntry[]; total: number }> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  return apiJson(`/api/admin/audit?${query.toString()}`, { signal });
}

export function getStaff(signal?: AbortSignal): Promise<{ staff: StaffMember[] }> {
  return apiJson("/api/admin/roles", { signal });
}

/** Gives the person with this email a role, or takes theirs (null). */
export function setRole(email: string, role: StaffRole | null): Promise<unknown> {
  return apiJson("/api/admin/roles", { method: "POST", body: { email, role } });
}

/**
 * The contract's moderation schemas, for the forms' checks: loaded with zod on a form's first use,
 * not with the queue (issue 30), zod set up for the browser first (lib/zod-jitless.ts).
 */
export async function loadModerationSchemas() {
  await import("../../lib/zod-jitless.ts");
  return import("../../../contract/moderation.ts");
}

/** The contract's payment schemas, for the dispute decision's check: loaded as the moderation schemas are. */
export async function loadPaymentSchemas() {
  await import("../../lib/zod-jitless.ts");
  return import("../../../contract/payments.ts");
}
