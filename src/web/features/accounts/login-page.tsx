import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MESSAGES } from "../../../contract/messages.ts";
import { TextField } from "../../components/field.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { lazyZodResolver } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/notify.ts";
import { usePageTitle } from "../../lib/title.ts";
import { signInWithEmail } from "./auth-api.ts";
import { AuthCard } from "./auth-card.tsx";
import { GoogleSignIn } from "./google-button.tsx";
import { PasswordField } from "./password-field.tsx";
import { useReturnTo, withReturnPath } from "./return-to.ts";

/** Google sends people back here with ?error=CODE when its sign-in did not complete. */
function googleErrorMessage(code: string): string {
  if (code === "account_not_linked") return MESSAGES.googleAccountExists;
  if (code === "ACCOUNT_SUSPENDED") return MESSAGES.googleAccountSuspended;
  return `Google sign-in did not complete (${code.replaceAll("_", " ")}). Please try again.`;
}

// The form's checks (zod and the shared schema) load when the visitor first focuses the form.
const validation = lazyZodResolver(() => import("../../lib/schemas.ts").then((schemas) => schemas.SignInSchema));

export function Component() {
  usePageTitle("Login");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Where the person was going; every link to another account page carries it on.
  const redirectTo = useReturnTo();
  const googleError = params.get("error");

  useEffect(() => {
    if (!googleError) return;
    notify.error(googleErrorMessage(googleError));
    setParams(
      (current) => {
        current.delete("error");
        return current;
      },
      { replace: true },
    );
  }, [googleError, setParams]);

  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: validation.resolver, defaultValues: { email: "", password: "" } });
  // Forgot password starts from the email typed here; carried in the history's state, not the URL,
  // which ends up in logs and histories.
  const typedEmail = watch("email").trim();

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signInWithEmail(values);
      notify.success("Login Successfully");
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <AuthCard title="Login Your Account">
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          error={errors.email?.message}
          {...register("email")}
        />
        <PasswordField
          autoComplete="current-password"
          placeholder="Enter your password"
          error={errors.password?.message}
          {...register("password")}
        />
        <div className="text-right">
          <Link
            to={withReturnPath(paths.forgotPassword, redirectTo)}
            state={typedEmail ? { email: typedEmail } : undefined}
            className="link text-sm"
          >
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full py-2.5" disabled={isSubmitting}>
          {isSubmitting ? "Logging in…" : "Login"}
        </button>
      </form>
      <p className="muted mt-6 text-center text-sm">
        Don't have an account?{" "}
        <Link to={withReturnPath(paths.register, redirectTo)} className="link">
          Register
        </Link>
      </p>
      {/* Last in the card: it shows once the server says Google works here, and moves nothing above it. */}
      <GoogleSignIn returnTo={redirectTo} />
    </AuthCard>
  );
}
