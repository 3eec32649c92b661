import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import type { Standing } from "../../../contract/moderation.ts";
import { Avatar } from "../../components/avatar.tsx";
import { TextField } from "../../components/field.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { morePaths } from "../../config/more-paths.ts";
import { loginPath, paths } from "../../config/paths.ts";
import { apiJson, errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { ProfileSchema } from "../../lib/schemas.ts";
import { usePageTitle } from "../../lib/title.ts";
import { useAfterFirstPaint } from "../../lib/use-after-first-paint.ts";
import { LimitGate } from "../moderation/public.ts";
import { EmailPreferences, getPreferences } from "../notifications/public.ts";
import { AboutForm, loadAbout } from "../profiles/public.ts";
import { updateProfile } from "./auth-api.ts";
import { loadSession, type User, useSession } from "./session.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await loadSession();
  if (!user) return { preferences: null, preferencesError: null, about: null, aboutError: null };
  // The profile shows without the email choices (or "About you") when they cannot be read; the
  // section says why.
  const [preferences, about] = await Promise.allSettled([
    getPreferences(request.signal),
    loadAbout(user.id, request.signal),
  ]);
  return {
    preferences: preferences.status === "fulfilled" ? preferences.value : null,
    preferencesError: preferences.status === "rejected" ? errorMessage(preferences.reason) : null,
    about: about.status === "fulfilled" ? about.value : null,
    aboutError: about.status === "rejected" ? errorMessage(about.reason) : null,
  };
}

function ProfileForm({ user }: { user: User }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ProfileSchema),
    defaultValues: { name: user.name, image: user.image ?? "" },
  });
  useEffect(() => reset({ name: user.name, image: user.image ?? "" }), [user.name, user.image, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateProfile(values);
      notify.success("Profile updated successfully.");
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-8 space-y-4">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register("name")} />
      <TextField
        // Without a photo, the initials show.
        label="Photo URL (optional)"
        type="url"
        autoComplete="photo"
        placeholder="https://example.com/photo.jpg"
        error={errors.image?.message}
        {...register("image")}
      />
      <button type="submit" className="btn-primary w-full py-2.5" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Save Changes"}
      </button>
    </form>
  );
}

/**
 * Account standing for everyone; the moderation queue for moderators and admins, once
 * /api/me/standing (read after the first paint: the profile does not wait for it) says so.
 */
function AccountLinks() {
  const ready = useAfterFirstPaint();
  const [staff, setStaff] = useState<boolean | null>(null);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    apiJson<Standing>("/api/me/standing", { signal: controller.signal })
      .then((standing) => setStaff(standing.role !== null))
      // Without the standing the queue's link stays out; the queue itself says who may open it.
      .catch(() => {
        if (!controller.signal.aborted) setStaff(false);
      });
    return () => controller.abort();
  }, [ready]);
  return (
    <nav
      aria-label="Your account"
      aria-busy={staff === null}
      className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm"
    >
      <Link to={morePaths.standing} className="link">
        Account standing
      </Link>
      {staff && (
        <Link to={morePaths.admin} className="link">
          Moderation queue
        </Link>
      )}
    </nav>
  );
}

export function Component() {
  usePageTitle("Profile");
  const session = useSession();
  const { preferences, preferencesError, about, aboutError } = useLoaderData<typeof loader>();
  if (session.status === "loading") return <Spinner label="Checking your session" />;
  const { user } = session;
  if (!user) {
    return (
      <section className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Please log in to view your profile.</h1>
        <Link to={loginPath(paths.profile)} className="btn-primary mt-6">
          Login
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12">
      <div className="card p-6 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <Avatar src={user.image} alt={`Photo of ${user.name}`} name={user.name} className="size-24" />
          <h1 className="mt-4 text-2xl font-bold break-words">{user.name}</h1>
          <p className="muted break-all">{user.email}</p>
        </div>
        <AccountLinks key={`links-${user.id}`} />
        {/* A limited person cannot change what the public reads (name, photo, about): told so, and those forms disabled, before they type (issues 42, 45). */}
        <LimitGate className="mt-8">
          <h2 className="mt-8 text-lg font-semibold">Edit your profile</h2>
          <ProfileForm user={user} />
          {about && <AboutForm key={user.id} userId={user.id} initial={about} />}
        </LimitGate>
        {about
          ? null
          : aboutError && (
              <p role="alert" className="field-error mt-10">
                What you say about yourself could not be loaded: {aboutError}
              </p>
            )}
        {preferences ? (
          <EmailPreferences initial={preferences} />
        ) : (
          preferencesError && (
            <p role="alert" className="field-error mt-10">
              Your email choices could not be loaded: {preferencesError}
            </p>
          )
        )}
      </div>
    </section>
  );
}
