import { useEffect, useState } from "react";

/** A field says how many characters are left from this share of its limit on. */
const SHOW_FROM = 0.8;
/** Screen readers hear the count once typing pauses this long, not on every key. */
const QUIET_MS = 1000;

const characters = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "character" : "characters"}`;

/** "123 characters left" as a text nears its limit, "5 characters too many" past it, nothing before. */
export function charactersLeftText(length: number, max: number): string | null {
  if (length < max * SHOW_FROM) return null;
  return length <= max ? `${characters(max - length)} left` : `${characters(length - max)} too many`;
}

/**
 * The count under a long text field. The field points at it (aria-describedby, read when it is
 * focused); a polite live region says it again once typing pauses. Text over the limit is kept as
 * typed: the form refuses it with a message, it is never cut.
 */
export function CharactersLeft({ id, length, max }: { id: string; length: number; max: number }) {
  const text = charactersLeftText(length, max);
  const [spoken, setSpoken] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSpoken(text ?? ""), QUIET_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <>
      <p
        id={id}
        aria-hidden="true"
        className={`mt-1 text-xs ${length > max ? "font-semibold text-red-700 dark:text-red-300" : "muted"}`}
      >
        {text}
      </p>
      <p className="sr-only" aria-live="polite">
        {spoken}
      </p>
    </>
  );
}
