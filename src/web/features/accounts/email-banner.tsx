import { MailWarning } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { sendVerificationEmail, VERIFIED_PARAM } from "./auth-api.ts";
import { loadSession, type User } from "./session.ts";

/**
 * Below the header for a signed-in person: until they confirm their email, a reminder with
 * "Resend email". The confirmation link comes back with ?verified=1; then the session is read
 * again (the banner goes) and a toast says so.
 */
export default function EmailBanner({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const [sending, setSending] = useState(false);
  const location = useLocation();
  const returned = params.get(VERIFIED_PARAM) === "1";

  useEffect(() => {
    if (!returned) return;
    setParams(
      (current) => {
        current.delete(VERIFIED_PARAM);
        return current;
      },
      { replace: true },
    );
    void loadSession({ refresh: true }).then((fresh) => {
      if (fresh?.emailVerified) notify.success("Your email address is confirmed.");
      else if (fresh) notify.error("This confirmation link is not valid any more. Use “Resend email” for a new one.");
    });
  }, [returned, setParams]);

  if (user.emailVerified) return null;

  async function resend() {
    setSending(true);
    try {
      // The new link returns to the page the person asked from.
      await sendVerificationEmail(user.email, location.pathname + location.search);
      notify.success(`We sent a new link to ${user.email}.`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      aria-label="Confirm your email"
      className="border-b border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900/60 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2.5 text-sm sm:px-6">
        <p className="flex min-w-0 items-start gap-2">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">
            Please confirm your email address. We sent a link to <strong className="break-words">{user.email}</strong>.
          </span>
        </p>
        <button type="button" className="btn-secondary py-1.5" onClick={resend} disabled={sending}>
          {sending ? "Sending…" : "Resend email"}
        </button>
      </div>
    </section>
  );
}
