import { apiJson } from "../../lib/api.ts";
import { markGoogleSignInPending } from "./google-return.ts";
import { loadSession, setSessionUser, type User } from "./session.ts";

export async function signInWithEmail(input: { email: string; password: string }): Promise<User | null> {
  await apiJson("/api/auth/sign-in/email", { method: "POST", body: input });
  return loadSession({ refresh: true });
}

export async function signUpWithEmail(input: {
  name: string;
  email: string;
  password: string;
  image: string;
}): Promise<User | null> {
  await apiJson("/api/auth/sign-up/email", { method: "POST", body: input });
  return loadSession({ refresh: true });
}

export async function signOut(): Promise<void> {
  await apiJson("/api/auth/sign-out", { method: "POST", body: {} });
  setSessionUser(null, { loggedOut: true });
}

export async function updateProfile(input: { name: string; image: string }): Promise<User | null> {
  await apiJson("/api/auth/update-user", { method: "POST", body: input });
  return loadSession({ refresh: true });
}

/**
 * Starts Google sign-in: the server answers with the provider's address and the browser goes there.
 * It comes back to `returnTo` signed in, or to the login page with ?error=CODE.
 */
export async function startGoogleSignIn(returnTo: string): Promise<void> {
  const { url } = await apiJson<{ url: string }>("/api/auth/sign-in/social", {
    method: "POST",
    body: { provider: "google", callbackURL: returnTo, errorCallbackURL: "/auth/login" },
  });
  markGoogleSignInPending();
  window.location.assign(url);
}
