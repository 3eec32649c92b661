/**
 * Marks a Google sign-in started here, so the page it comes back to can welcome the person once.
 * Apart from auth-api.ts so the layout can ask on every first paint without loading the sign-in code.
 */
const GOOGLE_PENDING_KEY = "quickgig:google-sign-in";

export function markGoogleSignInPending(): void {
  try {
    sessionStorage.setItem(GOOGLE_PENDING_KEY, "1");
  } catch {
    // Private mode without storage: only the welcome toast is lost.
  }
}

/** True once, right after coming back from a Google sign-in that was started here. */
export function takeGoogleSignInReturn(): boolean {
  try {
    const pending = sessionStorage.getItem(GOOGLE_PENDING_KEY) === "1";
    sessionStorage.removeItem(GOOGLE_PENDING_KEY);
    return pending;
  } catch {
    return false;
  }
}
