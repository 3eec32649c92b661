import { type ComponentProps, useEffect, useState } from "react";
import { groupDigits } from "../../contract/digits.ts";
import { TextAreaField } from "./field.tsx";

/** A field says how many characters are left from this share of its limit on. */
const SHOW_FROM = 0.8;
/** Screen readers hear the count once typing pauses this long, not on every key. */
const QUIET_MS = 1000;

const characters = (count: number) => `${groupDigits(count)} ${count === 1 ? "character" : "characters"}`;

/** "123 characters left" as a text nears its limit, "5 characters too many" past it, nothing before. */
export function charactersLeftText(length: number, max: number): string | null {
  if (length < max * SHOW_FROM) return null;
  return length <= max ? `${characters(max - length)} left` : `${characters(length - max)} too many`;
}

type Props = ComponentProps<"textarea"> & {
  label: string;
  error?: string | undefined;
  /** How long the text is now (a form library's watched value, or the state behind `value`). */
  length: number;
  /** The contract's limit for this text (LIMITS). */
  limit: number;
};

/**
 * A long text (a description, a bid's message, a message, a question, an answer) and, as it nears
 * its limit, how many characters are left. The field is described by the count (read when it is
 * focused), and a polite live region says it again once typing pauses. Text past the limit is kept
 * as typed: the form refuses it with the field's message; it is never cut.
 */
export function LongTextField({ length, limit, ...field }: Props) {
  const text = charactersLeftText(length, limit);
  const [spoken, setSpoken] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSpoken(text ?? ""), QUIET_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <>
      <TextAreaField
        hint={
          text && (
            <p className={`mt-1 text-xs ${length > limit ? "font-semibold text-red-700 dark:text-red-300" : "muted"}`}>
              {text}
            </p>
          )
        }
        {...field}
      />
      <p className="sr-only" aria-live="polite">
        {spoken}
      </p>
    </>
  );
}
