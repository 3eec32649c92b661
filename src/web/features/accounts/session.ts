import { useSyncExternalStore } from "react";
import { redirect } from "react-router";
import { loginPath } from "../../config/paths.ts";
import { apiJson } from "../../lib/api.ts";

export interface User {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  /** False until the person opens the link of the confirmation email (Google accounts come confirmed). */
  emailVerified: boolean;
}

export type SessionState =
  | { status: "loading"; user: null; loggedOut?: false }
  | { status: "ready"; user: User | null; loggedOut?: boolean };

/**
 * The signed-in user, shared by the router's loaders (outside React) and the components (through
 * useSession). Loaded once from /api/auth/get-session; sign-in, sign-up, profile and logout set it.
 */
let state: SessionState = { status: "loading", user: null };
let pending: Promise<User | null> | null = null;
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

async function fetchSession(): Promise<User | null> {
  const body = await apiJson<{ user?: User } | null>("/api/auth/get-session");
  return body?.user ?? null;
}

/** The current user, fetching the session the first time (or again with `refresh`). */
export function loadSession(options: { refresh?: boolean } = {}): Promise<User | null> {
  if (state.status === "ready" && !options.refresh) return Promise.resolve(state.user);
  if (pending && !options.refresh) return pending;
  const request = fetchSession()
    .catch(() => null)
    .then((user) => {
      if (pending === request) {
        pending = null;
        setState({ status: "ready", user });
      }
      return user;
    });
  pending = request;
  return request;
}

/** `loggedOut` marks a user who just chose to log out (private pages then send them home, not to login). */
export function setSessionUser(user: User | null, options: { loggedOut?: boolean } = {}) {
  pending = null;
  setState({ status: "ready", user, loggedOut: options.loggedOut ?? false });
}

/**
 * What `render` returns when drawn for `reader`, signed in (or signed out, for null): for the first
 * screens the server renders per request (app/page-screens.tsx), so the header stands as the live
 * page's will, with the reader's picture or the Login and Register buttons. Rendering is
 * synchronous, so no other render sees this reader; the session is as it was afterwards. The email
 * reminder loads with the app (as on every page), so the confirmation is not asked for here.
 */
export function renderAs<T>(reader: Pick<User, "id" | "name" | "email" | "image"> | null, render: () => T): T {
  const saved = state;
  state = { status: "ready", user: reader && { ...reader, emailVerified: true } };
  try {
    return render();
  } finally {
    state = saved;
  }
}

export function getSession(): SessionState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** For loaders of login-required pages: the user, or a redirect to the login page that returns here. */
export async function requireUser(request: Request): Promise<User> {
  const user = await loadSession();
  if (!user?.email) {
    const url = new URL(request.url);
    throw redirect(loginPath(url.pathname + url.search));
  }
  return user;
}

export function isSameEmail(a: string | undefined | null, b: string | undefined | null): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}
