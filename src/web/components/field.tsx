import { type ComponentProps, type ReactNode, useId } from "react";

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  labelAddon?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

/**
 * A label, the control, a hint under it (the password rules, characters left) and the validation
 * message: the hint and the message are announced with the control.
 */
export function FieldShell({ label, error, hint, labelAddon, children }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="flex items-center gap-1.5">
        <label htmlFor={id} className="label">
          {label}
        </label>
        {labelAddon}
      </div>
      {children({ id, describedBy })}
      {hint && <div id={hintId}>{hint}</div>}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = ComponentProps<"input"> & { label: string; error?: string | undefined };

export function TextField({ label, error, ...input }: InputProps) {
  return (
    <FieldShell label={label} error={error}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="input"
          {...input}
        />
      )}
    </FieldShell>
  );
}

type TextAreaProps = ComponentProps<"textarea"> & { label: string; error?: string | undefined; hint?: ReactNode };

export function TextAreaField({ label, error, hint, ...textarea }: TextAreaProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="input min-h-32"
          {...textarea}
        />
      )}
    </FieldShell>
  );
}

type SelectProps = ComponentProps<"select"> & { label: string; error?: string | undefined };

export function SelectField({ label, error, children, ...select }: SelectProps) {
  return (
    <FieldShell label={label} error={error}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="input"
          {...select}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}
