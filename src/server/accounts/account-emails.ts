import { RETURN_PARAM, safeReturnPath } from "../../contract/return-path.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/database.ts";
import { enqueueEmail, type OutboxWorker } from "../email/outbox.ts";
import { composeEmail } from "../email/templates.ts";
import { linkBase } from "../http/request-site.ts";

export const RESET_LINK_MINUTES = 30;

interface Person {
  name: string;
  email: string;
}

/** The emails of an account itself; they go whatever the person chose for notices, through the outbox like every email. */
export interface AccountEmails {
  /** `link`: better-auth's own link, whose callbackURL is where the person was going. */
  passwordReset(person: Person, token: string, link?: string): Promise<void>;
  verification(person: Person, token: string, link?: string): Promise<void>;
}

/**
 * Where the person was going, from better-auth's link (its callbackURL: the sign-up's, the reset
 * request's redirectTo or the resend's): a path of this site only, else null. Absolute addresses,
 * even trusted ones, and `//host` are refused, so an email never leads off the site.
 */
export function returnPathOf(link: string | undefined): string | null {
  if (!link) return null;
  const target = safeReturnPath(new URL(link).searchParams.get("callbackURL"), "");
  return target === "" || target === "/" ? null : target;
}

/** The confirmation link's way back: where the person was going (the dashboard when nowhere), with ?verified=1. */
function afterVerificationPath(link: string | undefined): string {
  const target = new URL(returnPathOf(link) ?? "/dashboard", "http://quickgig.invalid");
  target.searchParams.set("verified", "1");
  return target.pathname + target.search + target.hash;
}

export function accountEmails(
  database: Database,
  outbox: OutboxWorker,
  { publicUrl, webUrl, publicUrlConfigured }: Pick<Config, "publicUrl" | "webUrl" | "publicUrlConfigured">,
): AccountEmails {
  // The link checks the token at the API, which then sends the browser to the web app.
  const webPrefix = webUrl === publicUrl ? "" : webUrl;
  // Without PUBLIC_URL, the links lead to the address the person asked from (http/request-site.ts).
  const api = () => linkBase(publicUrl, !publicUrlConfigured);
  const web = () => linkBase(webUrl, !publicUrlConfigured && webUrl === publicUrl);
  const enqueue = async (email: Parameters<typeof enqueueEmail>[1]) => {
    await enqueueEmail(database.db, email);
    outbox.wake();
  };
  return {
    passwordReset: (person, token, link) =>
      enqueue(
        composeEmail({
          to: person.email,
          name: person.name,
          subject: "Reset your QuickGig password",
          lines: [
            "Someone asked to reset the password of your QuickGig account. If it was you, choose a new password with the link below.",
            `The link works once, for ${RESET_LINK_MINUTES} minutes. Resetting signs you out everywhere else.`,
            "If it was not you, ignore this email: your password stays as it is.",
          ],
          action: {
            label: "Choose a new password",
            url: resetLink(`${web()}/auth/reset-password?token=${encodeURIComponent(token)}`, returnPathOf(link)),
          },
        }),
      ),
    verification: (person, token, link) =>
      enqueue(
        composeEmail({
          to: person.email,
          name: person.name,
          subject: "Confirm your email for QuickGig",
          lines: [
            "Welcome to QuickGig! Confirm that this is your email address, so that we can reach you about your tasks and bids.",
          ],
          action: {
            label: "Confirm my email",
            url: `${api()}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(webPrefix + afterVerificationPath(link))}`,
          },
        }),
      ),
  };
}

/** The reset page's address, carrying where the person was going (login returns there after the reset). */
function resetLink(page: string, returnTo: string | null): string {
  return returnTo ? `${page}&${RETURN_PARAM}=${encodeURIComponent(returnTo)}` : page;
}
