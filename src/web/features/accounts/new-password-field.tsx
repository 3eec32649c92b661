import { Check, Circle } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { LIMITS } from "../../../contract/limits.ts";
import { PASSWORD_HINT } from "../../../contract/vocabulary.ts";
import { PasswordField } from "./password-field.tsx";

/** PASSWORD_HINT's rules one by one (the contract's PasswordSchema checks the same, and says which fails). */
const RULES = [
  { label: `At least ${LIMITS.passwordMin} characters`, met: (value: string) => value.length >= LIMITS.passwordMin },
  { label: "A number", met: (value: string) => /\d/.test(value) },
  { label: "A lowercase letter", met: (value: string) => /[a-z]/.test(value) },
  { label: "An uppercase letter", met: (value: string) => /[A-Z]/.test(value) },
];

function PasswordRules({ value }: { value: string }) {
  return (
    <div className="mt-2 text-xs">
      <p className="muted">{PASSWORD_HINT}</p>
      <ul className="mt-1 grid gap-0.5" aria-label="Password rules">
        {RULES.map((rule) => {
          const met = rule.met(value);
          return (
            <li
              key={rule.label}
              className={`flex items-center gap-1.5 ${met ? "text-emerald-800 dark:text-emerald-300" : "muted"}`}
            >
              {met ? (
                <Check aria-hidden="true" className="size-3.5 shrink-0" />
              ) : (
                <Circle aria-hidden="true" className="size-3.5 shrink-0" />
              )}
              {rule.label}
              <span className="sr-only">{met ? ": met" : ": not yet"}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Where a new password is chosen (sign up, reset): the rules under the field before anything is
 * typed, each marked met (an icon and words, not colour alone) as the person types. Its own module,
 * so the login page's first screen does not carry it.
 */
export function NewPasswordField({ onChange, ...field }: ComponentProps<typeof PasswordField>) {
  const [value, setValue] = useState("");
  return (
    <PasswordField
      hint={<PasswordRules value={value} />}
      onChange={(event) => {
        setValue(event.target.value);
        onChange?.(event);
      }}
      {...field}
    />
  );
}
