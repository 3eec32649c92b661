/**
 * Where a way into an account (login, sign-up, Google, a reset link, a confirmation link) returns
 * the person: only a path of this site. One definition for the web app and the server.
 */

/** The query parameter of the account pages that carries the way back (`/auth/login?redirect=…`). */
export const RETURN_PARAM = "redirect";

const leavesSite = (path: string) => path.startsWith("//") || path.startsWith("/\\");

/**
 * `value` when it is a path of this site, else `fallback`: it starts with one slash, and is not a
 * protocol-relative (`//evil`) or backslash (`/\evil`) address that a browser would leave the site
 * for, before or after its dot segments are resolved (`/.//evil` is `//evil`).
 */
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  if (!value?.startsWith("/") || leavesSite(value)) return fallback;
  try {
    const url = new URL(value, "http://quickgig.invalid");
    const path = url.pathname + url.search + url.hash;
    return url.origin !== "http://quickgig.invalid" || leavesSite(path) ? fallback : path;
  } catch {
    return fallback;
  }
}

/** `page` with the way back to `target` in its address (none when it is home, or not a path of this site). */
export function withReturnPath(page: string, target: string | null | undefined): string {
  const safe = safeReturnPath(target, "/");
  if (safe === "/") return page;
  const url = new URL(page, "http://quickgig.invalid");
  url.searchParams.set(RETURN_PARAM, safe);
  return url.pathname + url.search + url.hash;
}
