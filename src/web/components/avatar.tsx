import { useState } from "react";

export const DEFAULT_AVATAR = "/avatar-default.svg";

/** A person's photo; no photo or a broken address shows the default avatar. */
export function Avatar({ src, alt, className = "size-10" }: { src?: string | null; alt: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <img
      src={!src || failedSrc === src ? DEFAULT_AVATAR : src}
      alt={alt}
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src ?? null)}
      className={`rounded-full object-cover ring-2 ring-indigo-200 dark:ring-indigo-800 ${className}`}
    />
  );
}
