import type { SavedSearch, SavedSearchInput, SavedSearchUpdate } from "../../../contract/alerts.ts";
import { apiJson } from "../../lib/api.ts";

export type { SavedSearch };

/** My saved searches, oldest first. */
export function listSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  return apiJson<SavedSearch[]>("/api/saved-searches", { signal });
}

export function saveSearch(input: Partial<SavedSearchInput>): Promise<SavedSearch> {
  return apiJson<SavedSearch>("/api/saved-searches", { method: "POST", body: input });
}

export function changeSavedSearch(id: string, changes: SavedSearchUpdate): Promise<SavedSearch> {
  return apiJson<SavedSearch>(`/api/saved-searches/${encodeURIComponent(id)}`, { method: "PATCH", body: changes });
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await apiJson(`/api/saved-searches/${encodeURIComponent(id)}`, { method: "DELETE" });
}
