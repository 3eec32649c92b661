import { Check, Circle, Eye, EyeOff, Info } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { LIMITS, PASSWORD_HINT } from "../../../contract/limits.ts";
import { FieldShell } from "../../components/field.tsx";
import { Tooltip } from "../../components/tooltip.tsx";

type Props = ComponentProps<"input"> & {
  label?: string;
  error?: string | undefined;
  /** Where a new password is chosen: the rules under the field, each marked as it is met. */
  showRules?: boolean;
};

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

/** Password input with a show/hide toggle, and the password rules (under it, or in a tooltip). */
export function PasswordField({ label = "Password", error, showRules = false, onChange, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState("");
  return (
    <FieldShell
      label={label}
      error={error}
      hint={showRules ? <PasswordRules value={value} /> : undefined}
      labelAddon={
        !showRules && (
          <Tooltip content={PASSWORD_HINT} side="top">
            <button
              type="button"
              aria-label="Password rules"
              className="mb-1 rounded-full text-slate-600 dark:text-slate-300"
            >
              <Info aria-hidden="true" className="size-4" />
            </button>
          </Tooltip>
        )
      }
    >
      {({ id, describedBy }) => (
        <div className="relative">
          <input
            id={id}
            type={visible ? "text" : "password"}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="input pr-11"
            onChange={(event) => {
              setValue(event.target.value);
              onChange?.(event);
            }}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? "Hide password" : "Show password"}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
          >
            {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
