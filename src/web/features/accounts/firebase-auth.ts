import { type FirebaseApp, initializeApp } from "firebase/app";
import {
  type Auth,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  type User as FirebaseUser,
  GoogleAuthProvider,
  getAuth,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from "firebase/auth";
import { ApiError, apiJson } from "../../lib/api.ts";

/**
 * Sign-in through Firebase Authentication, for a deployment that sets the VITE_FIREBASE_* settings
 * (auth-api.ts loads this module only then, and only when someone signs in or up). Firebase checks
 * the password or Google; the ID token it hands out is exchanged for QuickGig's own session
 * (POST /api/auth/sign-in/firebase), which the rest of the app reads as for any other sign-in.
 */
let auth: Auth | undefined;

function firebaseAuth(): Auth {
  if (auth) return auth;
  const app: FirebaseApp = initializeApp({
    apiKey: import.meta.env.VITE_FIREBASE_API_KEY,
    authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID,
    appId: import.meta.env.VITE_FIREBASE_APP_ID,
  });
  auth = getAuth(app);
  const emulator = import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_HOST;
  if (emulator) connectAuthEmulator(auth, `http://${emulator}`, { disableWarnings: true });
  return auth;
}

/** Firebase's refusals, as a person reads them. */
const FIREBASE_MESSAGES: Record<string, string> = {
  "auth/invalid-credential": "Invalid email or password",
  "auth/wrong-password": "Invalid email or password",
  "auth/user-not-found": "Invalid email or password",
  "auth/email-already-in-use": "User already exists. Use another email.",
  "auth/weak-password": "The password is too weak.",
  "auth/too-many-requests": "Too many attempts. Please wait a minute and try again.",
  "auth/network-request-failed": "Could not reach QuickGig. Check your connection and try again.",
  "auth/popup-closed-by-user": "The Google window was closed before signing in.",
};

function explain(error: unknown): Error {
  const code = (error as { code?: string }).code ?? "";
  return new ApiError(400, FIREBASE_MESSAGES[code] ?? "Firebase could not sign you in. Please try again.");
}

async function openSession(user: FirebaseUser): Promise<void> {
  await apiJson("/api/auth/sign-in/firebase", { method: "POST", body: { idToken: await user.getIdToken(true) } });
}

export async function signInWithFirebaseEmail(email: string, password: string): Promise<void> {
  let user: FirebaseUser;
  try {
    user = (await signInWithEmailAndPassword(firebaseAuth(), email, password)).user;
  } catch (error) {
    throw explain(error);
  }
  await openSession(user);
}

/** A new Firebase account: Firebase emails a confirmation link, and QuickGig opens a session once it is confirmed. */
export async function signUpWithFirebase(input: { name: string; email: string; password: string; image?: string }) {
  let user: FirebaseUser;
  try {
    user = (await createUserWithEmailAndPassword(firebaseAuth(), input.email, input.password)).user;
    await updateProfile(user, { displayName: input.name, photoURL: input.image || null });
    await sendEmailVerification(user);
  } catch (error) {
    throw explain(error);
  }
  await openSession(user);
}

export async function signInWithFirebaseGoogle(): Promise<void> {
  let user: FirebaseUser;
  try {
    user = (await signInWithPopup(firebaseAuth(), new GoogleAuthProvider())).user;
  } catch (error) {
    throw explain(error);
  }
  await openSession(user);
}

export async function signOutOfFirebase(): Promise<void> {
  if (auth) await signOut(auth);
}
