import { cloneElement, type ReactElement, useId, useState } from "react";

/**
 * A small text tooltip, shown on hover and keyboard focus, dismissed with Escape, 10 px from its
 * trigger. The trigger is described by it for screen readers.
 */
export function Tooltip({
  content,
  children,
  side = "bottom",
}: {
  content: string;
  children: ReactElement<Record<string, unknown>>;
  side?: "bottom" | "top";
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only mirror the trigger's own events
    <span
      className="relative inline-flex"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape") setOpen(false);
      }}
    >
      {cloneElement(children, { "aria-describedby": id })}
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute left-1/2 z-50 w-max max-w-64 -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900 ${
          side === "bottom" ? "top-[calc(100%+10px)]" : "bottom-[calc(100%+10px)]"
        } ${open ? "" : "hidden"}`}
      >
        {content}
      </span>
    </span>
  );
}
