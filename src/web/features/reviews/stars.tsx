import { Star } from "lucide-react";
import { type Ref, useId, useState } from "react";
import "../../lazy-screens.css";

const STARS = [1, 2, 3, 4, 5] as const;

export const starsLabel = (count: number) => `${count} ${count === 1 ? "star" : "stars"}`;

/**
 * A rating as stars, as many filled as it rounds to, read as "4 out of 5 stars" (an average with
 * its one decimal: "4.7 out of 5 stars").
 */
export function Stars({ rating, className = "size-5" }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  const said = Number.isInteger(rating) ? rating : rating.toFixed(1);
  return (
    <span role="img" aria-label={`${said} out of 5 stars`} className="inline-flex items-center gap-0.5">
      {STARS.map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`${className} ${star <= filled ? "fill-amber-400 text-amber-500" : "text-slate-300 dark:text-slate-600"}`}
        />
      ))}
    </span>
  );
}

interface StarInputProps {
  /** The group's name, read before its choices ("Rating", "Communication"). */
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  error?: string | undefined;
  /** The main rating's large stars, or an optional aspect's smaller ones (which may be cleared). */
  size?: "large" | "small";
  hint?: string;
  /** Where the form puts the focus when the rating is missing: the chosen star, or the first. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Stars to choose from 1 to 5: a radio group ("1 star" … "5 stars") that arrow keys move through,
 * each star a target a thumb can hit (48 px for the rating, 40 for an aspect).
 */
export function StarInput({ label, value, onChange, error, size = "large", hint, inputRef }: StarInputProps) {
  const id = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  const large = size === "large";
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <span id={`${id}-label`} className={large ? "label" : "text-sm font-medium"}>
          {label}
        </span>
        {hint && (
          <span id={`${id}-hint`} className="muted text-xs">
            {hint}
          </span>
        )}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <div
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="flex items-center"
          onMouseLeave={() => setHovered(null)}
        >
          {STARS.map((star) => (
            <label
              key={star}
              className={`grid cursor-pointer place-items-center rounded-lg has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${large ? "size-12" : "size-10"}`}
              onMouseEnter={() => setHovered(star)}
            >
              <input
                type="radio"
                name={id}
                value={star}
                checked={value === star}
                ref={star === (value ?? 1) ? inputRef : undefined}
                onChange={() => onChange(star)}
                className="sr-only"
              />
              <span className="sr-only">{starsLabel(star)}</span>
              <Star
                aria-hidden="true"
                className={`${large ? "size-9" : "size-7"} transition-colors ${
                  star <= shown ? "fill-amber-400 text-amber-500" : "text-slate-500 dark:text-slate-400"
                }`}
              />
            </label>
          ))}
        </div>
        {!large && value !== undefined && (
          <button
            type="button"
            className="btn-ghost px-2 py-1 text-xs"
            aria-label={`Clear ${label}`}
            onClick={() => onChange(undefined)}
          >
            Clear
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
