import { lazy, Suspense, useEffect, useState } from "react";
import type { SanctionView, Standing } from "../../../contract/moderation.ts";
import { apiJson } from "../../lib/api.ts";
import { useAfterFirstPaint } from "../../lib/use-after-first-paint.ts";

// The notice and its words load only for a person who is limited.
const LimitNotice = lazy(() => import("./limit-notice.tsx"));

/**
 * For a signed-in person's page where a limit would refuse them (Add Task): their standing read once
 * the page has painted, and the notice shown if they are limited; nothing otherwise.
 */
export function LimitBanner({ className }: { className?: string }) {
  const ready = useAfterFirstPaint();
  const [limit, setLimit] = useState<SanctionView | null>(null);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    // moderation-api.ts's getStanding, written out: a chunk shared with the standing page would be
    // one more file for Add Task's route to list in the route table every dashboard page loads.
    apiJson<Standing>("/api/me/standing", { signal: controller.signal })
      .then((standing) => setLimit(standing.limited))
      // Not knowing changes nothing: the server still refuses, with the same words.
      .catch(() => {});
    return () => controller.abort();
  }, [ready]);
  if (!limit) return null;
  return (
    <div className={className}>
      <Suspense fallback={null}>
        <LimitNotice limit={limit} />
      </Suspense>
    </div>
  );
}
