import type { Bid, BidStatus, MyBid, OfferSummary, Task } from "../../../contract/index.ts";
import type { PaymentStep } from "../../../contract/payments.ts";
import { apiFetch, apiJson } from "../../lib/api.ts";

export type { Bid, MyBid, OfferSummary };

export interface Offer {
  amount: number;
  days?: number | undefined;
  message?: string | undefined;
}

export function placeBid(taskId: string, offer?: Offer): Promise<Bid> {
  return apiJson<Bid>("/api/bids", { method: "POST", body: { taskId, ...offer } });
}

/** Replaces the offer: days and message left empty are cleared. */
export function updateBid(id: string, offer: Offer): Promise<Bid> {
  return apiJson<Bid>(`/api/bids/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { amount: offer.amount, days: offer.days ?? null, message: offer.message || null },
  });
}

export function withdrawBid(id: string): Promise<Bid> {
  return apiJson<Bid>(`/api/bids/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/**
 * A task's bids (the first 100, oldest first) as the reader may see them, and how many there are in
 * all: every bid in full for the task's poster (the default type); for anyone else their own, and
 * the others' names and amounts when the offers are public (`Bid | OfferSummary`).
 */
export async function listBids<Seen extends Bid | OfferSummary = Bid>(
  taskId: string,
  signal?: AbortSignal,
): Promise<{ bids: Seen[]; total: number }> {
  const response = await apiFetch(`/api/bids?taskId=${encodeURIComponent(taskId)}&limit=100`, { signal });
  const bids = (await response.json()) as Seen[];
  return { bids, total: Number(response.headers.get("x-total-count") ?? bids.length) };
}

export async function listMyBids(
  params: { status?: BidStatus | undefined; page: number; limit: number },
  signal?: AbortSignal,
): Promise<{ bids: MyBid[]; total: number }> {
  const query = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.status) query.set("status", params.status);
  const response = await apiFetch(`/api/my-bids?${query}`, { signal });
  const bids = (await response.json()) as MyBid[];
  return { bids, total: Number(response.headers.get("x-total-count") ?? bids.length) };
}

type Step = "complete" | "cancel" | "release" | "deliver";

/**
 * Accepting an offer: the task as it now is, hired; or, with payments on, the checkout to pay
 * first (202), where the payment hires (issue 44).
 */
export async function acceptOffer(
  taskId: string,
  body: { bidId: string; amount: number },
): Promise<{ hired: Task } | { checkoutUrl: string }> {
  const response = await apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/accept`, { method: "POST", body });
  const answer = await response.json();
  return response.status === 202 ? { checkoutUrl: (answer as PaymentStep).checkoutUrl } : { hired: answer as Task };
}

/** A step of the task's life (mark completed, cancel, give back, deliver and ask for the payment); answers the task as it now is. */
export function moveTask(taskId: string, step: Step, body: object = {}): Promise<Task> {
  return apiJson<Task>(`/api/tasks/${encodeURIComponent(taskId)}/${step}`, { method: "POST", body });
}
