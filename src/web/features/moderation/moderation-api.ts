import type { ReportInput, Standing } from "../../../contract/moderation.ts";
import { apiJson } from "../../lib/api.ts";

export type { ReportInput, Standing };

/** A report of someone else's content; refused for one's own (400), twice while open (409), unseen (404). */
export function sendReport(report: ReportInput): Promise<{ _id: string; createdAt: string }> {
  return apiJson("/api/reports", { method: "POST", body: report });
}

/** The reader's role, the limit in force and every decision about them, newest first. */
export function getStanding(signal?: AbortSignal): Promise<Standing> {
  return apiJson<Standing>("/api/me/standing", { signal });
}

/** The reader's one appeal of a decision about them. */
export function appealSanction(sanctionId: string, text: string): Promise<unknown> {
  return apiJson(`/api/sanctions/${encodeURIComponent(sanctionId)}/appeal`, { method: "POST", body: { text } });
}

/** A suspended person's one appeal, with the token of their suspension email's link. */
export function appealWithToken(token: string, text: string): Promise<unknown> {
  return apiJson("/api/appeals", { method: "POST", body: { token, text } });
}
