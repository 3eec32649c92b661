import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { TextField } from "../../components/field.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { showAlert } from "../../lib/dialogs.ts";
import { lazyZodResolver } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/notify.ts";
import { usePageTitle } from "../../lib/title.ts";
import { signUpWithEmail } from "./auth-api.ts";
import { AuthCard } from "./auth-card.tsx";
import { GoogleSignIn } from "./google-button.tsx";
import { NewPasswordField } from "./new-password-field.tsx";
import { useReturnTo, withReturnPath } from "./return-to.ts";

// The form's checks (zod and the shared schema) load when the visitor first focuses the form.
const validation = lazyZodResolver(() => import("../../lib/schemas.ts").then((schemas) => schemas.SignUpSchema));

export function Component() {
  usePageTitle("Sign Up");
  const navigate = useNavigate();
  // Where the person was going (Place a Bid, a private page): sign-up and Google return there.
  const redirectTo = useReturnTo();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: validation.resolver,
    defaultValues: { name: "", image: "", email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      // No photo is none (the initials stand in), not an empty address.
      await signUpWithEmail({ ...values, image: values.image || undefined, returnTo: redirectTo });
      await navigate(redirectTo, { replace: true });
      // On the way back to a task (its bid form open) a toast, not a second dialog over the form.
      if (redirectTo === paths.home)
        void showAlert({ title: "Good job! Register Successfully", text: "You clicked the button!", icon: "success" });
      else notify.success("Good job! Register Successfully");
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <AuthCard title="Sign Up Your Account">
      <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-4">
        <TextField
          label="Name"
          autoComplete="name"
          placeholder="Enter your name"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          label="Photo Url (optional)"
          type="url"
          autoComplete="photo"
          placeholder="https://example.com/photo.jpg"
          error={errors.image?.message}
          {...register("image")}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          error={errors.email?.message}
          {...register("email")}
        />
        <NewPasswordField
          autoComplete="new-password"
          placeholder="Create a password"
          error={errors.password?.message}
          {...register("password")}
        />
        <button type="submit" className="btn-primary w-full py-2.5" disabled={isSubmitting}>
          {isSubmitting ? "Signing up…" : "Sign Up"}
        </button>
      </form>
      <p className="muted mt-6 text-center text-sm">
        Already have an account?{" "}
        <Link to={withReturnPath(paths.login, redirectTo)} className="link">
          Login
        </Link>
      </p>
      {/* Last in the card: it shows once the server says Google works here, and moves nothing above it. */}
      <GoogleSignIn returnTo={redirectTo} />
    </AuthCard>
  );
}
