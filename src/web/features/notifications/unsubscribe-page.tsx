import { MailX } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { morePaths } from "../../config/more-paths.ts";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { usePageTitle } from "../../lib/title.ts";
import { AuthCard } from "../accounts/public.ts";
import { unsubscribe } from "./notifications-api.ts";

/**
 * An email's link (/email/unsubscribe?token=…) stops that kind of email; a task alert's pauses the
 * saved search it came from (its token names the search: `…search-…`). No sign-in needed.
 */
export function Component() {
  usePageTitle("Unsubscribe");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const pausesSearch = token.split(".")[1]?.startsWith("search-") ?? false;
  const [state, setState] = useState<
    | { step: "ask" }
    | { step: "busy" }
    | { step: "done"; label: string; paused?: string | undefined }
    | { step: "failed"; message: string }
  >({ step: "ask" });

  async function confirm() {
    setState({ step: "busy" });
    try {
      const { label, paused } = await unsubscribe(token);
      setState({ step: "done", label, paused });
    } catch (error) {
      setState({ step: "failed", message: errorMessage(error) });
    }
  }

  return (
    <AuthCard title="Unsubscribe">
      <div className="text-center">
        <MailX aria-hidden="true" className="mx-auto size-10 text-indigo-700 dark:text-indigo-300" />
        {!token ? (
          <p role="alert" className="mt-4">
            This unsubscribe link is not valid. Open your{" "}
            <Link to={paths.profile} className="link">
              profile
            </Link>{" "}
            to choose your emails.
          </p>
        ) : state.step === "done" && state.paused !== undefined ? (
          <p role="status" className="mt-4">
            Your saved search “{state.paused}” is paused: it tells you of no new tasks until you resume it in{" "}
            <Link to={morePaths.alerts} className="link">
              Task alerts
            </Link>
            .
          </p>
        ) : state.step === "done" ? (
          <p role="status" className="mt-4">
            You will no longer get emails for “{state.label}”. You can change this in your{" "}
            <Link to={paths.profile} className="link">
              profile
            </Link>
            .
          </p>
        ) : (
          <>
            <p className="mt-4">
              {pausesSearch
                ? "Pause the saved search whose task alert brought you here: it tells you of no new tasks until you resume it. Your other searches and emails stay as they are."
                : "Stop getting emails of the kind that brought you here. These notifications still show in QuickGig, and emails about your password or your email address always come."}
            </p>
            {state.step === "failed" && (
              <>
                <p role="alert" className="field-error mt-4">
                  {state.message}
                </p>
                <Link to={paths.profile} className="link mt-2 inline-block text-sm">
                  Open your profile
                </Link>
              </>
            )}
            <button
              type="button"
              className="btn-primary mt-6 w-full py-2.5"
              onClick={confirm}
              disabled={state.step === "busy"}
            >
              {state.step === "busy" ? "Unsubscribing…" : "Unsubscribe"}
            </button>
          </>
        )}
      </div>
    </AuthCard>
  );
}
