import { data } from "react-router";
import { ApiError } from "./api.ts";

/** Loaders rethrow API refusals as route errors, so the Error page shows their status and sentence. */
export function toRouteError(error: unknown): unknown {
  if (error instanceof ApiError) return data({ message: error.detail }, { status: error.status || 503 });
  return error;
}
