import type { Kysely, Selectable } from "kysely";
import type { PaymentStatus } from "../../contract/payments.ts";
import type { DB, PaymentTable } from "../db/schema.ts";
import { createId } from "../ids.ts";

/** A payment's row as the flow reads it (the `payments` table's SQL lives here only). */
export interface PaymentRecord {
  id: string;
  taskId: string;
  taskTitle: string;
  bidId: string;
  clientId: string;
  freelancerId: string;
  cents: number;
  feeBasisPoints: number;
  currency: string;
  status: PaymentStatus;
  provider: string;
  providerRef: string | null;
  lastError: string | null;
  createdAt: string;
  heldAt: string | null;
  releaseDueAt: string | null;
  settledAt: string | null;
  /** The provider's own page while the payment waits (Stripe); null in test mode. */
  checkoutUrl: string | null;
}

/** Statuses of a task's one live payment (the unique index of migration 0017). */
export const LIVE_PAYMENT_STATUSES: PaymentStatus[] = ["pending", "charging", "held", "delivered", "disputed"];

/** Statuses of a payment QuickGig holds the money of. */
export const HELD_STATUSES: PaymentStatus[] = ["held", "delivered", "disputed"];

/** Statuses of a payment once made: what its freelancer may see (a checkout under way is the client's). */
export const MADE_STATUSES: PaymentStatus[] = [...HELD_STATUSES, "released", "refunded", "split"];

function toRecord(row: Selectable<PaymentTable>): PaymentRecord {
  return {
    id: row.id,
    taskId: row.task_id,
    taskTitle: row.task_title,
    bidId: row.bid_id,
    clientId: row.client_id,
    freelancerId: row.freelancer_id,
    // bigint: a string from PostgreSQL's driver.
    cents: Number(row.cents),
    feeBasisPoints: row.fee_basis_points,
    currency: row.currency,
    status: row.status as PaymentStatus,
    provider: row.provider,
    providerRef: row.provider_ref,
    lastError: row.last_error,
    createdAt: row.created_at,
    heldAt: row.held_at,
    releaseDueAt: row.release_due_at,
    settledAt: row.settled_at,
    checkoutUrl: row.checkout_url,
  };
}

export async function findPayment(db: Kysely<DB>, id: string): Promise<PaymentRecord | undefined> {
  const row = await db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

/** The task's payment from its checkout to its end, if any. */
export async function findLivePayment(db: Kysely<DB>, taskId: string): Promise<PaymentRecord | undefined> {
  const row = await db
    .selectFrom("payments")
    .selectAll()
    .where("task_id", "=", taskId)
    .where("status", "in", LIVE_PAYMENT_STATUSES)
    .executeTakeFirst();
  return row && toRecord(row);
}

export interface NewPayment {
  taskId: string;
  taskTitle: string;
  bidId: string;
  clientId: string;
  freelancerId: string;
  cents: number;
  feeBasisPoints: number;
  currency: string;
  provider: string;
}

export async function insertPendingPayment(trx: Kysely<DB>, payment: NewPayment, now = new Date()): Promise<string> {
  const id = createId();
  const at = now.toISOString();
  await trx
    .insertInto("payments")
    .values({
      id,
      task_id: payment.taskId,
      task_title: payment.taskTitle,
      bid_id: payment.bidId,
      client_id: payment.clientId,
      freelancer_id: payment.freelancerId,
      cents: payment.cents,
      fee_basis_points: payment.feeBasisPoints,
      currency: payment.currency,
      status: "pending",
      provider: payment.provider,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/**
 * Moves a payment from one of `from` to `to`, with what else the step records; 0 when it was no
 * longer in `from` (another request moved it first), so that of two racing steps one wins.
 */
export async function movePayment(
  db: Kysely<DB>,
  id: string,
  from: PaymentStatus[],
  to: PaymentStatus,
  also: {
    providerRef?: string;
    lastError?: string | null;
    held?: boolean;
    settled?: boolean;
    releaseDueAt?: Date;
    checkoutUrl?: string;
  } = {},
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .updateTable("payments")
    .set({
      status: to,
      updated_at: at,
      ...(also.providerRef !== undefined ? { provider_ref: also.providerRef } : {}),
      ...(also.lastError !== undefined ? { last_error: also.lastError } : {}),
      ...(also.held ? { held_at: at } : {}),
      ...(also.settled ? { settled_at: at } : {}),
      ...(also.releaseDueAt ? { delivered_at: at, release_due_at: also.releaseDueAt.toISOString() } : {}),
      ...(also.checkoutUrl !== undefined ? { checkout_url: also.checkoutUrl } : {}),
    })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Of these tasks, the newest payment the viewer is a party to (a checkout replaced by another is
 * none; a freelancer's, once made): what the task page and My Posted Tasks show of the hire's money.
 */
export async function latestPaymentsOf(
  db: Kysely<DB>,
  taskIds: string[],
  viewerId: string,
): Promise<Map<string, { _id: string; status: PaymentStatus; releaseDueAt?: string }>> {
  const found = new Map<string, { _id: string; status: PaymentStatus; releaseDueAt?: string }>();
  if (taskIds.length === 0) return found;
  const rows = await db
    .selectFrom("payments")
    .select(["id", "task_id", "status", "release_due_at"])
    .where("task_id", "in", taskIds)
    // The freelancer learns of a payment once it is made; a checkout under way is the client's.
    .where((eb) =>
      eb.or([
        eb.and([eb("client_id", "=", viewerId), eb("status", "!=", "abandoned")]),
        eb.and([eb("freelancer_id", "=", viewerId), eb("status", "in", MADE_STATUSES)]),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const row of rows) {
    if (found.has(row.task_id)) continue;
    const due = row.status === "delivered" && row.release_due_at ? { releaseDueAt: row.release_due_at } : {};
    found.set(row.task_id, { _id: row.id, status: row.status as PaymentStatus, ...due });
  }
  return found;
}

/**
 * A card charge begins: pending to charging, counted; the attempt's number (its idempotency key at
 * the provider), or null when the payment was not pending (another request claimed it first).
 */
export async function claimForCharge(db: Kysely<DB>, id: string, now = new Date()): Promise<number | null> {
  const result = await db
    .updateTable("payments")
    .set((eb) => ({ status: "charging", attempts: eb("attempts", "+", 1), updated_at: now.toISOString() }))
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returning("attempts")
    .executeTakeFirst();
  return result ? Number(result.attempts) : null;
}

/** The titles of these payments' tasks, as their checkouts recorded them. */
export async function taskTitlesOf(db: Kysely<DB>, paymentIds: string[]): Promise<Map<string, string>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db.selectFrom("payments").select(["id", "task_title"]).where("id", "in", paymentIds).execute();
  return new Map(rows.map((row) => [row.id, row.task_title]));
}

/** What QuickGig holds of this person's payments as a client, and for their work as a freelancer, in cents. */
export async function heldFor(db: Kysely<DB>, userId: string): Promise<{ asClient: number; asFreelancer: number }> {
  const rows = await db
    .selectFrom("payments")
    .select(["client_id", "cents"])
    .where("status", "in", HELD_STATUSES)
    .where((eb) => eb.or([eb("client_id", "=", userId), eb("freelancer_id", "=", userId)]))
    .execute();
  let asClient = 0;
  let asFreelancer = 0;
  for (const row of rows) {
    if (row.client_id === userId) asClient += Number(row.cents);
    else asFreelancer += Number(row.cents);
  }
  return { asClient, asFreelancer };
}

/** Delivered payments whose release is due (the timed job's work), oldest first. */
export async function dueForRelease(db: Kysely<DB>, now: Date, limit: number): Promise<PaymentRecord[]> {
  const rows = await db
    .selectFrom("payments")
    .selectAll()
    .where("status", "=", "delivered")
    .where("release_due_at", "<=", now.toISOString())
    .orderBy("release_due_at")
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

/** Delivered payments due for release before `before` whose client has not been reminded yet. */
export async function dueForReminder(db: Kysely<DB>, before: Date, limit: number): Promise<PaymentRecord[]> {
  const rows = await db
    .selectFrom("payments")
    .selectAll()
    .where("status", "=", "delivered")
    .where("release_due_at", "<=", before.toISOString())
    .where("release_reminded_at", "is", null)
    .orderBy("release_due_at")
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

/** Marks the reminder sent; false when another process marked it first (so it is sent once). */
export async function markReminded(db: Kysely<DB>, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set({ release_reminded_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "=", "delivered")
    .where("release_reminded_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The payments QuickGig holds in which this person is the client or the freelancer (a suspension's). */
export async function heldPaymentsOf(db: Kysely<DB>, userId: string): Promise<PaymentRecord[]> {
  const rows = await db
    .selectFrom("payments")
    .selectAll()
    .where("status", "in", HELD_STATUSES)
    .where((eb) => eb.or([eb("client_id", "=", userId), eb("freelancer_id", "=", userId)]))
    .orderBy("created_at")
    .execute();
  return rows.map(toRecord);
}

/** Checkouts on a provider's page (a reference kept) still pending since before `openedBefore`, oldest first. */
export async function pendingHostedCheckouts(
  db: Kysely<DB>,
  openedBefore: Date,
  limit: number,
): Promise<PaymentRecord[]> {
  const rows = await db
    .selectFrom("payments")
    .selectAll()
    .where("status", "=", "pending")
    .where("provider_ref", "is not", null)
    .where("provider", "!=", "test")
    .where("created_at", "<=", openedBefore.toISOString())
    .orderBy("created_at")
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

/**
 * Payments left `charging` since before `before` by a process that stopped between claiming one and
 * its hire's commit: pending again, so the client can pay (test mode charged nothing that lasts)
 * or the provider's paid checkout hires at the next reconciliation. How many.
 */
export async function releaseStuckCharges(db: Kysely<DB>, before: Date, why: string): Promise<number> {
  const result = await db
    .updateTable("payments")
    .set({ status: "pending", last_error: why, updated_at: new Date().toISOString() })
    .where("status", "=", "charging")
    .where("updated_at", "<=", before.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
