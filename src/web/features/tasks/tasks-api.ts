import type { Task, TaskInput } from "../../../contract/schemas.ts";
import { apiFetch, apiJson } from "../../lib/api.ts";

export type { Task, TaskInput };

export interface TaskPage {
  tasks: Task[];
  total: number;
  /** A search that matches more tasks than it counts: more than `total` match (decision 017). */
  capped: boolean;
}

export interface TaskListParams {
  q?: string | undefined;
  category?: string | undefined;
  sort?: string | undefined;
  page?: number | undefined;
  limit?: number | undefined;
  owner?: "me" | undefined;
  status?: string | undefined;
  /** US dollars, as Browse Tasks' URL has them. */
  minBudget?: string | undefined;
  maxBudget?: string | undefined;
}

export async function listTasks(params: TaskListParams, signal?: AbortSignal): Promise<TaskPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  const response = await apiFetch(`/api/tasks?${query}`, { signal });
  const tasks = (await response.json()) as Task[];
  const headers = response.headers;
  return {
    tasks,
    total: Number(headers.get("x-total-count") ?? tasks.length),
    capped: headers.get("x-total-count-capped") === "true",
  };
}

export function listFeaturedTasks(signal?: AbortSignal): Promise<Task[]> {
  return apiJson<Task[]>("/api/features-tasks", { signal });
}

export function getTask(id: string, signal?: AbortSignal): Promise<Task> {
  return apiJson<Task>(`/api/tasks/${encodeURIComponent(id)}`, { signal });
}

export function createTask(input: TaskInput): Promise<{ insertedId: string }> {
  return apiJson("/api/tasks", { method: "POST", body: input });
}

export function updateTask(id: string, input: TaskInput): Promise<{ modifiedCount: number }> {
  return apiJson(`/api/tasks/${encodeURIComponent(id)}`, { method: "PUT", body: input });
}

export function deleteTask(id: string): Promise<{ deletedCount: number }> {
  return apiJson(`/api/tasks/${encodeURIComponent(id)}`, { method: "DELETE" });
}
