// A module of its own: only a delivered payment's countdown (features/tasks/release-time.tsx), a
// lazy part of the task page, uses it; format-time.ts is on first screens.
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * The time left until a moment, for a countdown, in its two largest units and rounded down:
 * "6 days, 23 hours", "5 hours, 12 minutes", "3 minutes"; "less than a minute" at the end.
 */
export function formatTimeLeft(ms: number): string {
  if (ms < MINUTE_MS) return "less than a minute";
  const [big, small, bigUnit, smallUnit, smallMs] =
    ms >= DAY_MS
      ? [Math.floor(ms / DAY_MS), Math.floor((ms % DAY_MS) / HOUR_MS), "day", "hour", HOUR_MS]
      : ms >= HOUR_MS
        ? [Math.floor(ms / HOUR_MS), Math.floor((ms % HOUR_MS) / MINUTE_MS), "hour", "minute", MINUTE_MS]
        : [Math.floor(ms / MINUTE_MS), 0, "minute", "", 0];
  return small > 0 && smallMs > 0 ? `${count(big, bigUnit)}, ${count(small, smallUnit)}` : count(big, bigUnit);
}
