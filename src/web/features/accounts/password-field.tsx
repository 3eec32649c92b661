import { Eye, EyeOff, Info } from "lucide-react";
import { type ComponentProps, type ReactNode, useState } from "react";
import { PASSWORD_HINT } from "../../../contract/vocabulary.ts";
import { FieldShell } from "../../components/field.tsx";
import { Tooltip } from "../../components/tooltip.tsx";

type Props = ComponentProps<"input"> & {
  label?: string;
  error?: string | undefined;
  /** Shown under the field in place of the rules' tooltip (NewPasswordField's rules). */
  hint?: ReactNode;
};

/** Password input with a show/hide toggle, and the password rules in a tooltip unless a hint says them. */
export function PasswordField({ label = "Password", error, hint, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      labelAddon={
        !hint && (
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
