import { loginPath, paths } from "../../config/paths.ts";
import { apiJson, appUrl } from "../../lib/api.ts";
import { markGoogleSignInPending } from "./google-return.ts";
import { loadSession, setSessionUser, type User } from "./session.ts";

/**
 * Whether this build signs in through Firebase Authentication (the VITE_FIREBASE_* settings). A
 * constant of the build: without them, nothing of Firebase is in it.
 */
export const FIREBASE_SIGN_IN: boolean =
  (import.meta.env.VITE_FIREBASE_API_KEY ?? "") !== "" && (import.meta.env.VITE_FIREBASE_PROJECT_ID ?? "") !== "";

export async function signInWithEmail(input: { email: string; password: string }): Promise<User | null> {
  if (FIREBASE_SIGN_IN) {
    await (await import("./firebase-auth.ts")).signInWithFirebaseEmail(input.email, input.password);
    return loadSession({ refresh: true });
  }
  await apiJson("/api/auth/sign-in/email", { method: "POST", body: input });
  return loadSession({ refresh: true });
}

export async function signUpWithEmail(input: {
  name: string;
  email: string;
  password: string;
  image?: string;
  /** Where the confirmation email's link returns (a path of this site). */
  returnTo?: string;
}): Promise<User | null> {
  const { returnTo, ...account } = input;
  if (FIREBASE_SIGN_IN) {
    await (await import("./firebase-auth.ts")).signUpWithFirebase(account);
    return loadSession({ refresh: true });
  }
  await apiJson("/api/auth/sign-up/email", {
    method: "POST",
    body: { ...account, ...(returnTo && returnTo !== paths.home ? { callbackURL: returnTo } : {}) },
  });
  return loadSession({ refresh: true });
}

export async function signOut(): Promise<void> {
  await apiJson("/api/auth/sign-out", { method: "POST", body: {} });
  if (FIREBASE_SIGN_IN) await (await import("./firebase-auth.ts")).signOutOfFirebase();
  setSessionUser(null, { loggedOut: true });
}

export async function updateProfile(input: { name: string; image?: string }): Promise<User | null> {
  await apiJson("/api/auth/update-user", { method: "POST", body: input });
  return loadSession({ refresh: true });
}

/**
 * Starts Google sign-in: the server answers with the provider's address and the browser goes there.
 * It comes back to `returnTo` signed in, or to the login page with ?error=CODE.
 */
export async function startGoogleSignIn(returnTo: string): Promise<void> {
  if (FIREBASE_SIGN_IN) {
    await (await import("./firebase-auth.ts")).signInWithFirebaseGoogle();
    await loadSession({ refresh: true });
    window.location.assign(returnTo);
    return;
  }
  const { url } = await apiJson<{ url: string }>("/api/auth/sign-in/social", {
    method: "POST",
    // A refusal comes back to the login page, which still knows where the person was going.
    body: { provider: "google", callbackURL: appUrl(returnTo), errorCallbackURL: appUrl(loginPath(returnTo)) },
  });
  markGoogleSignInPending();
  window.location.assign(url);
}

/** Emails a reset link when an account has this address; the answer is the same either way. */
export async function requestPasswordReset(email: string, returnTo?: string): Promise<void> {
  // The emailed link carries `returnTo` (a path of this site): after the reset, login returns there.
  await apiJson("/api/auth/request-password-reset", {
    method: "POST",
    body: { email, ...(returnTo && returnTo !== paths.home ? { redirectTo: returnTo } : {}) },
  });
}

/** Sets a new password with the token of a reset link; every session of the account ends. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await apiJson("/api/auth/reset-password", { method: "POST", body: input });
}

/** The confirmation link leads to the dashboard with this query parameter set to 1. */
export const VERIFIED_PARAM = "verified";

/**
 * Sends the email-confirmation link again; it comes back to `returnTo` (a path of this site; the
 * dashboard when none) with ?verified=1 (the server adds it).
 */
export async function sendVerificationEmail(email: string, returnTo: string = paths.dashboard): Promise<void> {
  await apiJson("/api/auth/send-verification-email", {
    method: "POST",
    body: { email, callbackURL: returnTo },
  });
}
