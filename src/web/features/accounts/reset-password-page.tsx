import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { paths } from "../../config/paths.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { lazyZodResolver } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/notify.ts";
import { usePageTitle } from "../../lib/title.ts";
import { resetPassword } from "./auth-api.ts";
import { AuthCard } from "./auth-card.tsx";
import { NewPasswordField } from "./new-password-field.tsx";
import { useReturnTo, withReturnPath } from "./return-to.ts";
import { setSessionUser } from "./session.ts";

const validation = lazyZodResolver(() => import("../../lib/schemas.ts").then((schemas) => schemas.ResetPasswordSchema));

function LinkNotValid({ redirectTo }: { redirectTo: string }) {
  return (
    <div className="text-center">
      <p role="alert">This reset link has expired or has already been used.</p>
      <Link to={withReturnPath(paths.forgotPassword, redirectTo)} className="btn-primary mt-6">
        Ask for a new link
      </Link>
    </div>
  );
}

/** The page of the emailed reset link (/auth/reset-password?token=…): choose a new password. */
export function Component() {
  usePageTitle("Reset Password");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // Where the person was going when they asked for the link (the email carries it): login returns there.
  const redirectTo = useReturnTo();
  const [linkInvalid, setLinkInvalid] = useState(token === "");
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: validation.resolver, defaultValues: { token, newPassword: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword(values);
      // A reset ends every session of the account, this tab's too if it had one.
      setSessionUser(null);
      notify.success("Your password has been changed. Please log in.");
      await navigate(withReturnPath(paths.login, redirectTo), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === "INVALID_TOKEN") setLinkInvalid(true);
      else notify.error(errorMessage(error));
    }
  });

  return (
    <AuthCard title="Choose a New Password">
      {linkInvalid ? (
        <LinkNotValid redirectTo={redirectTo} />
      ) : (
        <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
          <NewPasswordField
            label="New password"
            autoComplete="new-password"
            placeholder="Create a password"
            error={errors.newPassword?.message ?? errors.token?.message}
            {...register("newPassword")}
          />
          <button type="submit" className="btn-primary w-full py-2.5" disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Set new password"}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
