import type { InvitableTask, Invitation } from "../../../contract/invitations.ts";
import { apiFetch, apiJson } from "../../lib/api.ts";

export type { InvitableTask, Invitation };

/** The task's poster invites this person to it; the server tells them (issue 45). */
export function inviteToTask(taskId: string, freelancerId: string): Promise<Invitation> {
  return apiJson<Invitation>(`/api/tasks/${encodeURIComponent(taskId)}/invitations`, {
    method: "POST",
    body: { freelancerId },
  });
}

/** My open tasks taking offers, newest first, each saying whether this person is already invited to it. */
export function listInvitableTasks(personId: string, signal?: AbortSignal): Promise<InvitableTask[]> {
  return apiJson<InvitableTask[]>(`/api/users/${encodeURIComponent(personId)}/invitable-tasks`, { signal });
}

/** How long one answer to "do I have open tasks?" serves every button of a page (Find Freelancers' cards). */
const OPEN_TASKS_FRESH_MS = 10_000;
let openTasks: { userId: string; at: number; answer: Promise<boolean> } | null = null;

/** Whether the signed-in person has an open task taking offers: the button shows only then. */
export function hasOpenTasks(userId: string): Promise<boolean> {
  if (openTasks?.userId === userId && Date.now() - openTasks.at < OPEN_TASKS_FRESH_MS) return openTasks.answer;
  const answer = apiFetch("/api/tasks?owner=me&status=open&limit=1")
    .then((response) => Number(response.headers.get("x-total-count") ?? 0) > 0)
    .catch(() => false);
  openTasks = { userId, at: Date.now(), answer };
  return answer;
}

/** Forgets the answer (tests; a task posted or ended changes it). */
export function forgetOpenTasks(): void {
  openTasks = null;
}
