import { type ComponentProps, type ReactNode, useId } from "react";
import { CharactersLeft } from "./characters-left.tsx";

/** A long text's length and limit, for the count under its field. */
export interface TextCount {
  length: number;
  max: number;
}

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  labelAddon?: ReactNode;
  count?: TextCount | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

/** A label, the control, and the validation message right under it (announced with the control). */
export function FieldShell({ label, error, hint, labelAddon, count, children }: FieldShellProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : "", count ? countId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="flex items-center gap-1.5">
        <label htmlFor={id} className="label">
          {label}
        </label>
        {labelAddon}
      </div>
      {children({ id, describedBy })}
      {count && <CharactersLeft id={countId} length={count.length} max={count.max} />}
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

type TextAreaProps = ComponentProps<"textarea"> & {
  label: string;
  error?: string | undefined;
  /** A long text's length and limit: the field counts down from 80 % of it. */
  count?: TextCount | undefined;
};

export function TextAreaField({ label, error, count, ...textarea }: TextAreaProps) {
  return (
    <FieldShell label={label} error={error} count={count}>
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
