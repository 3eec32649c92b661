import { notePosition } from "./event-position.ts";

/** An API refusal: `detail` is the server's sentence for a person, shown as it is. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly fields: Array<{ field: string; message: string }> = [],
    /** The sign-in service's code for some refusals, e.g. INVALID_TOKEN. */
    readonly code?: string,
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

/**
 * Where the API is: the page's own origin unless the build was told another (VITE_API_URL, for a
 * web app on a static host; vite.config.ts drops a trailing slash). Then requests carry the session
 * cookie across origins.
 */
export const API_ORIGIN: string = import.meta.env.VITE_API_URL ?? "";

export function apiUrl(path: string): string {
  return `${API_ORIGIN}${path}`;
}

/** A path of this web app as a whole address, for the API to send the browser back to it. */
export function appUrl(path: string): string {
  return API_ORIGIN ? new URL(path, window.location.origin).href : path;
}

const NETWORK_FAILURE = "Could not reach QuickGig. Check your connection and try again.";

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/** Fetches an /api path; a non-2xx answer becomes an ApiError carrying the problem's detail. */
export async function apiFetch(path: string, options: ApiOptions = {}): Promise<Response> {
  const { method = "GET", body, signal } = options;
  const hasBody = method !== "GET";
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      signal,
      credentials: API_ORIGIN ? "include" : "same-origin",
      headers: hasBody
        ? { "Content-Type": "application/json", Accept: "application/json" }
        : { Accept: "application/json" },
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_FAILURE);
  }
  if (!response.ok) throw await toApiError(response);
  notePosition(response.headers);
  return response;
}

export async function apiJson<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

async function toApiError(response: Response): Promise<ApiError> {
  let detail = `The request failed (${response.status}).`;
  let fields: ApiError["fields"] = [];
  let code: string | undefined;
  try {
    const problem = (await response.json()) as {
      detail?: unknown;
      message?: unknown;
      errors?: ApiError["fields"];
      code?: unknown;
    };
    if (typeof problem.detail === "string" && problem.detail) detail = problem.detail;
    else if (typeof problem.message === "string" && problem.message) detail = problem.message;
    if (Array.isArray(problem.errors)) fields = problem.errors;
    if (typeof problem.code === "string") code = problem.code;
  } catch {
    // Not JSON (a proxy's error page, say): the generic sentence stays.
  }
  return new ApiError(response.status, detail, fields, code);
}

/** The message to show a person for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}
