import { lazy, Suspense } from "react";
import type { ReportProps } from "./report-button.tsx";

// On a first screen (a task's page, its questions) the button's code loads after the page's, so
// that it adds next to nothing to what the first visit downloads (e2e/bundle.spec.ts).
const ReportButton = lazy(() => import("./report-button.tsx"));

/** Report, for a page whose first download has no room for the button itself. */
export function ReportSlot(props: ReportProps) {
  return (
    <Suspense fallback={null}>
      <ReportButton {...props} />
    </Suspense>
  );
}
