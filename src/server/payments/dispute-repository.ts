import type { Kysely, Selectable } from "kysely";
import type { DisputeSide } from "../../contract/payments.ts";
import type { DB, DisputeProposalTable, DisputeTable } from "../db/schema.ts";
import { createId } from "../ids.ts";

/** The disputes' SQL (migration 0018): a dispute per payment, and the splits its parties propose. */

export interface DisputeRecord {
  paymentId: string;
  openedBy: DisputeSide;
  reason: string;
  openedAt: string;
  escalatesAt: string;
  escalatedAt: string | null;
  status: "open" | "settled" | "decided";
  endedAt: string | null;
  toFreelancerCents: number | null;
  toClientCents: number | null;
  decidedBy: string | null;
  rule: string | null;
  note: string | null;
}

export interface ProposalRecord {
  id: string;
  paymentId: string;
  proposedBy: "client" | "freelancer";
  toFreelancerCents: number;
  toClientCents: number;
  status: "open" | "replaced" | "accepted";
  createdAt: string;
}

// bigint: a string from PostgreSQL's driver.
const centsOrNull = (value: string | number | null) => (value === null ? null : Number(value));

function toDispute(row: Selectable<DisputeTable>): DisputeRecord {
  return {
    paymentId: row.payment_id,
    openedBy: row.opened_by as DisputeSide,
    reason: row.reason,
    openedAt: row.opened_at,
    escalatesAt: row.escalates_at,
    escalatedAt: row.escalated_at,
    status: row.status as DisputeRecord["status"],
    endedAt: row.ended_at,
    toFreelancerCents: centsOrNull(row.to_freelancer_cents),
    toClientCents: centsOrNull(row.to_client_cents),
    decidedBy: row.decided_by,
    rule: row.rule,
    note: row.note,
  };
}

function toProposal(row: Selectable<DisputeProposalTable>): ProposalRecord {
  return {
    id: row.id,
    paymentId: row.payment_id,
    proposedBy: row.proposed_by as ProposalRecord["proposedBy"],
    toFreelancerCents: Number(row.to_freelancer_cents),
    toClientCents: Number(row.to_client_cents),
    status: row.status as ProposalRecord["status"],
    createdAt: row.created_at,
  };
}

export async function findDispute(db: Kysely<DB>, paymentId: string): Promise<DisputeRecord | undefined> {
  const row = await db.selectFrom("disputes").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
  return row && toDispute(row);
}

/** A dispute's proposals, oldest first. */
export async function listProposals(db: Kysely<DB>, paymentId: string): Promise<ProposalRecord[]> {
  const rows = await db
    .selectFrom("dispute_proposals")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toProposal);
}

export async function insertDispute(
  trx: Kysely<DB>,
  dispute: { paymentId: string; openedBy: DisputeSide; reason: string; escalatesAt: Date; escalated: boolean },
  now = new Date(),
): Promise<void> {
  await trx
    .insertInto("disputes")
    .values({
      payment_id: dispute.paymentId,
      opened_by: dispute.openedBy,
      reason: dispute.reason,
      opened_at: now.toISOString(),
      escalates_at: dispute.escalatesAt.toISOString(),
      escalated_at: dispute.escalated ? now.toISOString() : null,
      status: "open",
    })
    .execute();
}

/** A new proposal, replacing the one waiting (whoever made it): one proposal at a time waits for an answer. */
export async function insertProposal(
  trx: Kysely<DB>,
  proposal: Pick<ProposalRecord, "paymentId" | "proposedBy" | "toFreelancerCents" | "toClientCents">,
  now = new Date(),
): Promise<string> {
  await trx
    .updateTable("dispute_proposals")
    .set({ status: "replaced" })
    .where("payment_id", "=", proposal.paymentId)
    .where("status", "=", "open")
    .execute();
  const id = createId();
  await trx
    .insertInto("dispute_proposals")
    .values({
      id,
      payment_id: proposal.paymentId,
      proposed_by: proposal.proposedBy,
      to_freelancer_cents: proposal.toFreelancerCents,
      to_client_cents: proposal.toClientCents,
      status: "open",
      created_at: now.toISOString(),
    })
    .execute();
  return id;
}

/** Accepts the proposal only while it is the one waiting; false when it was replaced or answered first. */
export async function acceptOpenProposal(trx: Kysely<DB>, id: string): Promise<boolean> {
  const result = await trx
    .updateTable("dispute_proposals")
    .set({ status: "accepted" })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends an open dispute with its split; false when it had already ended. */
export async function endDispute(
  trx: Kysely<DB>,
  paymentId: string,
  end: {
    status: "settled" | "decided";
    toFreelancerCents: number;
    toClientCents: number;
    decidedBy?: string;
    rule?: string;
    note?: string;
  },
  now = new Date(),
): Promise<boolean> {
  const result = await trx
    .updateTable("disputes")
    .set({
      status: end.status,
      ended_at: now.toISOString(),
      to_freelancer_cents: end.toFreelancerCents,
      to_client_cents: end.toClientCents,
      decided_by: end.decidedBy ?? null,
      rule: end.rule ?? null,
      note: end.note ?? null,
    })
    .where("payment_id", "=", paymentId)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  // What was waiting for an answer will get none.
  await trx
    .updateTable("dispute_proposals")
    .set({ status: "replaced" })
    .where("payment_id", "=", paymentId)
    .where("status", "=", "open")
    .execute();
  return true;
}

/** Open disputes past their time with the parties: into the moderators' queue; how many moved. */
export async function escalateDue(db: Kysely<DB>, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("disputes")
    .set({ escalated_at: now.toISOString() })
    .where("status", "=", "open")
    .where("escalated_at", "is", null)
    .where("escalates_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Into the queue at once (a party suspended while the dispute was with them). */
export async function escalateNow(trx: Kysely<DB>, paymentId: string, now = new Date()): Promise<void> {
  await trx
    .updateTable("disputes")
    .set({ escalated_at: now.toISOString() })
    .where("payment_id", "=", paymentId)
    .where("status", "=", "open")
    .where("escalated_at", "is", null)
    .execute();
}

/** The moderators' queue of disputes: open and escalated, the longest waiting first. */
export async function listEscalated(db: Kysely<DB>, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("disputes")
    .select("payment_id")
    .where("status", "=", "open")
    .where("escalated_at", "is not", null)
    .orderBy("escalated_at")
    .orderBy("payment_id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.payment_id);
}
