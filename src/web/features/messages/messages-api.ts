import type { Message, Thread } from "../../../contract/schemas.ts";
import { apiJson } from "../../lib/api.ts";

export type { Message, Thread };

const threadPath = (taskId: string, bidderId: string) =>
  `/api/tasks/${encodeURIComponent(taskId)}/threads/${encodeURIComponent(bidderId)}/messages`;

export function listThreads(signal?: AbortSignal): Promise<Thread[]> {
  return apiJson<Thread[]>("/api/threads", { signal });
}

export function listMessages(taskId: string, bidderId: string, signal?: AbortSignal): Promise<Message[]> {
  return apiJson<Message[]>(threadPath(taskId, bidderId), { signal });
}

/** Marks the thread read, once the page shows its messages. */
export function markThreadRead(taskId: string, bidderId: string): Promise<unknown> {
  return apiJson(`/api/tasks/${encodeURIComponent(taskId)}/threads/${encodeURIComponent(bidderId)}/read`, {
    method: "POST",
  });
}

export function sendMessage(taskId: string, bidderId: string, body: string): Promise<Message> {
  return apiJson<Message>(threadPath(taskId, bidderId), { method: "POST", body: { body } });
}
