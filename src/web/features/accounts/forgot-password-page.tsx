import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "react-router";
import { TextField } from "../../components/field.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { lazyZodResolver } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/notify.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requestPasswordReset } from "./auth-api.ts";
import { AuthCard } from "./auth-card.tsx";
import { useReturnTo, withReturnPath } from "./return-to.ts";

export const RESET_REQUESTED =
  "If an account exists for that email, we have sent a link to reset your password. It works for 30 minutes.";

const validation = lazyZodResolver(() =>
  import("../../lib/schemas.ts").then((schemas) => schemas.ForgotPasswordSchema),
);

/** Asks for a reset link by email; the answer never tells whether the account exists. */
export function Component() {
  usePageTitle("Forgot Password");
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Where the person was going: the emailed link carries it, and so does Back to Login.
  const redirectTo = useReturnTo();
  // The email typed on the login page, when the way here was its Forgot password link.
  const carried = (useLocation().state as { email?: unknown } | null)?.email;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: validation.resolver,
    defaultValues: { email: typeof carried === "string" ? carried : "" },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email, redirectTo);
      setSentTo(email);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <AuthCard title="Forgot Your Password?">
      {sentTo ? (
        <div className="text-center">
          <MailCheck aria-hidden="true" className="mx-auto size-10 text-indigo-700 dark:text-indigo-300" />
          <p role="status" className="mt-4">
            {RESET_REQUESTED}
          </p>
          <p className="muted mt-4 text-sm">
            Nothing in your inbox? Check the spam folder, or{" "}
            <button type="button" className="link" onClick={() => setSentTo(null)}>
              try another email
            </button>
            .
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
          <p className="muted text-sm">
            Enter the email of your account, and we will send you a link to choose a new password.
          </p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            error={errors.email?.message}
            {...register("email")}
          />
          <button type="submit" className="btn-primary w-full py-2.5" disabled={isSubmitting}>
            {isSubmitting ? "Sending…" : "Send reset link"}
          </button>
        </form>
      )}
      <p className="muted mt-6 text-center text-sm">
        Remembered it?{" "}
        <Link to={withReturnPath(paths.login, redirectTo)} className="link">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
