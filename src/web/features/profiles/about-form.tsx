import { type KeyboardEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { LIMITS } from "../../../contract/limits.ts";
import { SelectField } from "../../components/field.tsx";
import { LongTextField } from "../../components/long-text-field.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { type AboutInput, getProfile, saveAbout } from "./profiles-api.ts";
import { AboutInputSchema, FREELANCER_FIELDS, SkillSchema } from "./reputation-schemas.ts";
import "../../lazy-screens.css";

/** What /profile's loader reads for the form: the person's public profile's own words. */
export async function loadAbout(userId: string, signal?: AbortSignal): Promise<AboutInput> {
  const { bio, skills, field } = await getProfile(userId, signal);
  return { bio, skills, field };
}

interface Values {
  bio: string;
  field: string;
}

/**
 * "About you" on /profile: the bio, skills and field that the public profile and Find Freelancers
 * show. Checked with the contract's AboutInputSchema before it is sent; the server checks again.
 */
export function AboutForm({ userId, initial }: { userId: string; initial: AboutInput }) {
  const [skills, setSkills] = useState<string[]>(initial.skills);
  const [skill, setSkill] = useState("");
  const [skillError, setSkillError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { bio: initial.bio, field: initial.field ?? "" } });
  const bioLength = watch("bio").length;

  function addSkill() {
    const value = skill.trim();
    const checked = SkillSchema.safeParse(value);
    if (!checked.success) return setSkillError(checked.error.issues[0]?.message ?? "This skill is not valid");
    if (skills.some((known) => known.toLowerCase() === value.toLowerCase()))
      return setSkillError(`${value} is already in your skills`);
    if (skills.length >= LIMITS.skillsMax)
      return setSkillError(`At most ${LIMITS.skillsMax} skills: remove one to add another`);
    setSkills([...skills, value]);
    setSkill("");
    setSkillError(null);
  }

  function onSkillKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    // Enter adds the skill; it does not send the whole form.
    event.preventDefault();
    addSkill();
  }

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    // A skill typed but not yet added is kept too.
    const all = skill.trim() ? [...skills, skill.trim()] : skills;
    const input = { bio: values.bio, skills: all, field: values.field || null };
    const checked = AboutInputSchema.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const at = issue.path[0];
        if (at === "skills") setSkillError(issue.message);
        else if (at === "bio" || at === "field") setError(at, { message: issue.message });
      }
      return;
    }
    setSkills(all);
    setSkill("");
    try {
      // As the server keeps them (it may tidy what was sent).
      setSkills((await saveAbout(checked.data)).skills);
      notify.success("Your public profile is updated.");
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  const skillFieldId = "about-skill";
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="about-title" className="mt-10 space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="about-title" className="text-lg font-semibold">
          About you
        </h2>
        <Link to={paths.user(userId)} className="link text-sm">
          View your public profile
        </Link>
      </div>
      <p className="muted text-sm">Everyone can read this on your public profile, and find you by your skills.</p>
      <LongTextField
        label="Bio"
        length={bioLength}
        limit={LIMITS.bioMax}
        placeholder="What you do, what you are good at, how you like to work."
        error={errors.bio?.message}
        {...register("bio")}
      />
      <div>
        <label htmlFor={skillFieldId} className="label">
          Skills <span className="muted font-normal">(up to {LIMITS.skillsMax})</span>
        </label>
        {skills.length > 0 && (
          <ul className="mb-2 flex flex-wrap gap-1.5" aria-label="Your skills">
            {skills.map((known) => (
              <li
                key={known}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm font-medium break-all text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                {known}
                <button
                  type="button"
                  className="inline-flex size-6 items-center justify-center rounded-full hover:bg-slate-200 dark:hover:bg-slate-700"
                  aria-label={`Remove ${known}`}
                  onClick={() => setSkills(skills.filter((other) => other !== known))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex gap-2">
          <input
            id={skillFieldId}
            className="input"
            value={skill}
            placeholder="e.g. Logo design"
            aria-invalid={skillError ? true : undefined}
            aria-describedby={skillError ? `${skillFieldId}-error` : undefined}
            onChange={(event) => setSkill(event.target.value)}
            onKeyDown={onSkillKey}
          />
          <button type="button" className="btn-secondary shrink-0" onClick={addSkill}>
            Add skill
          </button>
        </div>
        {skillError && (
          <p id={`${skillFieldId}-error`} className="field-error">
            {skillError}
          </p>
        )}
      </div>
      <SelectField label="Field" error={errors.field?.message} {...register("field")}>
        <option value="">None</option>
        {FREELANCER_FIELDS.map((field) => (
          <option key={field} value={field}>
            {field}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="btn-primary w-full py-2.5" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Save About you"}
      </button>
    </form>
  );
}
