/** What other features use of accounts: who is signed in, the guard of private pages, the card of auth pages. */
export { AuthCard } from "./auth-card.tsx";
export { RequireAuth } from "./require-auth.tsx";
export { isSameEmail, loadSession, requireUser, type User, useSession } from "./session.ts";
