import { useState } from "react";

export const DEFAULT_AVATAR = "/avatar-default.svg";

/** Up to two letters of a name: its first word's and its last word's ("Maya Patel" → "MP"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = Array.from(words[0] ?? "")[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? "")[0] ?? "") : "";
  return (first + last).toLocaleUpperCase();
}

/** The initials on a coloured disc, drawn in an SVG so that they scale with the avatar's size. */
function Initials({ name, alt, className }: { name: string; alt: string; className: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      role={alt ? "img" : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={`shrink-0 rounded-full ring-2 ring-indigo-200 dark:ring-indigo-800 ${className}`}
    >
      <rect width="40" height="40" className="fill-indigo-100 dark:fill-indigo-900" />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fontSize="16"
        fontWeight="600"
        className="fill-indigo-900 dark:fill-indigo-100"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}

/**
 * A person's photo. No photo, or a broken address: their initials when `name` is given (the photo
 * is optional), else the default avatar.
 */
export function Avatar({
  src,
  alt,
  name,
  className = "size-10",
}: {
  src?: string | null;
  alt: string;
  name?: string;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const missing = !src || failedSrc === src;
  if (missing && name?.trim()) return <Initials name={name} alt={alt} className={className} />;
  return (
    <img
      src={missing ? DEFAULT_AVATAR : src}
      alt={alt}
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src ?? null)}
      className={`rounded-full object-cover ring-2 ring-indigo-200 dark:ring-indigo-800 ${className}`}
    />
  );
}
