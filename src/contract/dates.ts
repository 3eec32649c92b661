/**
 * "Today" for deadlines is the date anywhere on Earth (UTC-12): a deadline is open until its day
 * has ended everywhere, and nobody is told their own today is in the past. See
 * docs/decisions/002-deadlines-anywhere-on-earth.md.
 */
const ANYWHERE_ON_EARTH_OFFSET_MS = -12 * 60 * 60 * 1000;

export function todayAnywhereOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() + ANYWHERE_ON_EARTH_OFFSET_MS).toISOString().slice(0, 10);
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment (ms since the epoch) the day anywhere on Earth after `now`'s begins. */
export function nextDayAnywhereOnEarth(now: number): number {
  return (Math.floor((now + ANYWHERE_ON_EARTH_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - ANYWHERE_ON_EARTH_OFFSET_MS;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function isBiddingOpen(deadline: string, now: Date = new Date()): boolean {
  return deadline >= todayAnywhereOnEarth(now);
}
