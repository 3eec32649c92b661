import { useEffect, useState } from "react";
import type { SignInOptions } from "../../../contract/schemas.ts";
import { apiJson, errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { FIREBASE_SIGN_IN, startGoogleSignIn } from "./auth-api.ts";
import { OrDivider } from "./auth-card.tsx";

/**
 * Whether this server takes Google sign-in (or, in a Firebase build, Firebase's). First asked when
 * the login or sign-up page's code loads, so the answer is usually there when the form shows; asked
 * again on each later visit of those pages (the browser keeps the answer a minute). A server that
 * cannot say shows no button rather than one that fails.
 */
const askSignInOptions = () => apiJson<SignInOptions>("/api/auth/sign-in-options").catch(() => null);
// Rendering a first screen at build time or on the server asks nothing.
let early = typeof window === "undefined" ? undefined : askSignInOptions();

/** True once the server says Google sign-in works here (Firebase's Google, in a Firebase build). */
export function useGoogleOffered(): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    const answer = early ?? askSignInOptions();
    early = undefined;
    void answer.then((options) => {
      if (live && options) setOffered(FIREBASE_SIGN_IN ? options.firebase : options.google);
    });
    return () => {
      live = false;
    };
  }, []);
  return offered;
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/** "or" and Continue with Google, where the server takes it; nothing where it does not. */
export function GoogleSignIn({ returnTo }: { returnTo: string }) {
  if (!useGoogleOffered()) return null;
  return (
    <>
      <OrDivider />
      <GoogleButton returnTo={returnTo} />
    </>
  );
}

/** "Continue with Google": the browser leaves for the provider and comes back to `returnTo`. */
function GoogleButton({ returnTo }: { returnTo: string }) {
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    try {
      await startGoogleSignIn(returnTo);
    } catch (error) {
      notify.error(errorMessage(error));
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn-secondary w-full py-2.5" onClick={start} disabled={busy}>
      <GoogleMark />
      {busy ? "Connecting to Google…" : "Continue with Google"}
    </button>
  );
}
