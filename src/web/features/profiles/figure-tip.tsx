import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import "../../lazy-screens.css";

/**
 * A figure of a profile and what it is made of: the explanation opens on hover, on keyboard focus
 * and on a tap (phones have no hover), and closes on Escape, on leaving it or a tap elsewhere.
 */
export function FigureTip({ label, value, explanation }: { label: string; value: ReactNode; explanation: string }) {
  const id = useId();
  const [open, setOpenState] = useState(false);
  // A figure near the screen's right edge (the second of two on a phone) opens its explanation
  // leftwards, so that it stays on the screen.
  const [leftwards, setLeftwards] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const setOpen = (next: boolean) => {
    const box = root.current?.getBoundingClientRect();
    if (next && box) setLeftwards(box.left + 272 > window.innerWidth && box.right > 272);
    setOpenState(next);
  };
  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenState(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);
  return (
    <div ref={root} className="relative">
      <dt className="muted text-sm">{label}</dt>
      <dd className="mt-1">
        <button
          type="button"
          aria-describedby={id}
          className="cursor-help rounded text-left text-2xl font-bold underline decoration-slate-400 decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-indigo-500"
          onMouseEnter={() => setOpen(true)}
          onMouseLeave={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onClick={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpen(false);
          }}
        >
          {value}
        </button>
        <span
          id={id}
          role="tooltip"
          hidden={!open}
          className={`absolute top-full ${leftwards ? "right-0" : "left-0"} z-40 mt-2 w-max max-w-64 rounded-md bg-slate-900 px-3 py-2 text-xs font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900`}
        >
          {explanation}
        </span>
      </dd>
    </div>
  );
}
