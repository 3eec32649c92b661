import { lazy, Suspense, useState } from "react";
import type { ReportTarget } from "../../../contract/moderation.ts";
import { useSession } from "../accounts/public.ts";
import "../../lazy-screens.css";

// The form, its reasons and its checks load when the person opens it.
const ReportDialog = lazy(() => import("./report-dialog.tsx"));

export interface ReportProps {
  kind: ReportTarget;
  id: string;
  /** Who wrote it, where a page shows several (questions, messages, reviews): "Report the question by Maya Patel". */
  by?: string;
}

/**
 * A small flag, "Report", on someone else's task, profile, question, message or review: it opens the
 * report form. A visitor sees none (reporting needs an account; the caller leaves out one's own).
 * In a row of flex items (a task's status) it goes to the row's end; in a line of text, it follows
 * the text after a space. The words (the contract's) load with the form, not with the button.
 */
export function ReportButton({ kind, id, by }: ReportProps) {
  const [open, setOpen] = useState(false);
  // The button's accessible name and the form's title.
  const label = by === undefined ? `Report this ${kind}` : `Report the ${kind} by ${by}`;
  const signedIn = useSession().user !== null;
  if (!signedIn) return null;
  return (
    <>
      {/* A space before it in a line of text; none in a row of flex items. */}{" "}
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        className="muted -my-0.5 ml-auto inline-flex min-h-6 items-center gap-1 rounded-md px-1.5 text-xs font-medium hover:bg-slate-100 hover:text-red-700 dark:hover:bg-slate-800 dark:hover:text-red-300"
        onClick={() => setOpen(true)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-3.5"
        >
          {/* lucide's flag (ISC licence), drawn here: the task page lists one file fewer to fetch. */}
          <path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528" />
        </svg>
        Report
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog kind={kind} id={id} title={label} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export default ReportButton;
