import { useEffect, useState } from "react";
import { formatDateTime } from "../../lib/format-time.ts";
import { formatTimeLeft } from "../../lib/time-left.ts";

/**
 * When a delivered payment goes by itself, in the reader's own time zone, and how long until then:
 * "Dec 6, 2026, 12:44 PM (in 6 days, 23 hours)", counted down each half minute. Lazy, and only once
 * the page is live: the first screen the server renders says the day (UTC) alone.
 */
export default function ReleaseTime({ at }: { at: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const due = Date.parse(at);
  if (Number.isNaN(due)) return <>{at}</>;
  return (
    <>
      {formatDateTime(at)} ({due > now ? `in ${formatTimeLeft(due - now)}` : "any moment now"})
    </>
  );
}
