import type { Question } from "../../../contract/schemas.ts";
import { apiFetch, apiJson } from "../../lib/api.ts";

export type { Question };

export async function listQuestions(
  taskId: string,
  page: number,
  signal?: AbortSignal,
): Promise<{ questions: Question[]; total: number }> {
  const response = await apiFetch(`/api/tasks/${encodeURIComponent(taskId)}/questions?page=${page}`, { signal });
  const questions = (await response.json()) as Question[];
  return { questions, total: Number(response.headers.get("x-total-count") ?? questions.length) };
}

export function askQuestion(taskId: string, body: string): Promise<Question> {
  return apiJson<Question>(`/api/tasks/${encodeURIComponent(taskId)}/questions`, { method: "POST", body: { body } });
}

export function answerQuestion(id: string, answer: string): Promise<Question> {
  return apiJson<Question>(`/api/questions/${encodeURIComponent(id)}/answer`, { method: "PUT", body: { answer } });
}

export function hideQuestion(id: string, hidden: boolean): Promise<Question> {
  return apiJson<Question>(`/api/questions/${encodeURIComponent(id)}`, { method: "PATCH", body: { hidden } });
}
