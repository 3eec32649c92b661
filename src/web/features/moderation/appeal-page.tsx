import { Scale } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { LongTextField } from "../../components/long-text-field.tsx";
import { morePaths } from "../../config/more-paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { usePageTitle } from "../../lib/title.ts";
import { AuthCard } from "../accounts/public.ts";
import { appealWithToken } from "./moderation-api.ts";
import { AppealTextSchema, MODERATION_LIMITS } from "./moderation-schemas.ts";

/** The token of the suspension email's link, carried in the fragment (#token=…) so that no server or log sees it. */
function readToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token")?.trim() ?? "";
}

/**
 * A suspended person's one appeal (/appeal#token=…): they cannot sign in, so the link of the email
 * that told them of the suspension carries who they are. No sign-in needed.
 */
export function Component() {
  usePageTitle("Appeal a suspension");
  const token = readToken(useLocation().hash);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [state, setState] = useState<"ask" | "busy" | "sent">("ask");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = AppealTextSchema.safeParse(text);
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? "Appeal is required"));
    if (!checked.success) return;
    setState("busy");
    setRefusal(null);
    try {
      await appealWithToken(token, text.trim());
      setState("sent");
    } catch (failure) {
      setRefusal(errorMessage(failure));
      setState("ask");
    }
  }

  return (
    <AuthCard title="Appeal a suspension">
      <Scale aria-hidden="true" className="mx-auto size-10 text-indigo-700 dark:text-indigo-300" />
      {!token ? (
        <p role="alert" className="mt-4 text-center">
          This appeal link is incomplete. Open the link in the email that told you of the suspension, or copy all of it
          into the address bar.
        </p>
      ) : state === "sent" ? (
        <p role="status" className="mt-4 text-center">
          Your appeal is sent. A moderator will read it, and we will email you their answer.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
          <p>
            Your account is suspended. If you think the decision is wrong, tell a moderator why. You can appeal once;
            the{" "}
            <Link to={morePaths.rules} className="link">
              house rules
            </Link>{" "}
            say what is allowed.
          </p>
          <LongTextField
            label="Your appeal"
            rows={6}
            value={text}
            length={text.length}
            limit={MODERATION_LIMITS.appealMax}
            error={error ?? undefined}
            onChange={(event) => setText(event.target.value)}
          />
          {refusal && (
            <p role="alert" className="field-error">
              {refusal}
            </p>
          )}
          <button type="submit" className="btn-primary w-full py-2.5" disabled={state === "busy"}>
            {state === "busy" ? "Sending…" : "Send appeal"}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
