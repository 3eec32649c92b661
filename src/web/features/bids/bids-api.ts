import type { Bid } from "../../../contract/schemas.ts";
import { apiFetch, apiJson } from "../../lib/api.ts";

export type { Bid };

export function placeBid(taskId: string): Promise<Bid> {
  return apiJson<Bid>("/api/bids", { method: "POST", body: { taskId } });
}

/** A task's bids (the first 100, oldest first) and how many there are in all. */
export async function listBids(taskId: string, signal?: AbortSignal): Promise<{ bids: Bid[]; total: number }> {
  const response = await apiFetch(`/api/bids?taskId=${encodeURIComponent(taskId)}&limit=100`, { signal });
  const bids = (await response.json()) as Bid[];
  return { bids, total: Number(response.headers.get("x-total-count") ?? bids.length) };
}
