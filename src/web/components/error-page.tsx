import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { paths } from "../config/paths.ts";
import { ApiError } from "../lib/api.ts";
import { usePageTitle } from "../lib/title.ts";

export const DEFAULT_ERROR_MESSAGE = "Something Went Wrong!";

/** What to show for an error a loader threw or a route did not match. */
function describeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { message?: unknown } | null | undefined;
    const message = typeof data?.message === "string" ? data.message : DEFAULT_ERROR_MESSAGE;
    return { status: error.status || 404, message };
  }
  if (error instanceof ApiError) return { status: error.status || 503, message: error.detail };
  if (error instanceof Error) return { status: 500, message: DEFAULT_ERROR_MESSAGE };
  return { status: 404, message: DEFAULT_ERROR_MESSAGE };
}

export function ErrorPage() {
  const error = useRouteError();
  usePageTitle("ErrorPage");
  if (error && !isRouteErrorResponse(error) && !(error instanceof ApiError)) console.error(error);
  const { status, message } = describeError(error);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-8xl font-black text-indigo-700 dark:text-indigo-300">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{message}</h1>
      <Link to={paths.home} className="btn-primary mt-8">
        Go to HomePage
      </Link>
    </section>
  );
}
