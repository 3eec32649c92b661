// Budgets and deadlines are on the first screen of Home, Browse Tasks and Task Details, and in
// notices and emails; bid times on My Bids' (web/lib/format-time.ts). Intl's formatters cost about
// 25 ms on a page's first use (loading locale data), four times that on the phone Lighthouse
// simulates, so these are written out for the one locale and currency the product shows
// (web/lib/format.test.ts checks them against Intl).

import { groupDigits } from "./digits.ts";

/** The months in full, as "Member since March 2026" says them; MONTHS are their first three letters. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

/** US dollars as en-US writes them: "$1,234.50". */
export function formatBudget(budget: number): string {
  const [whole = "0", cents = "00"] = Math.abs(budget).toFixed(2).split(".");
  return `${budget < 0 ? "-" : ""}$${groupDigits(Number(whole))}.${cents}`;
}

/** A YYYY-MM-DD deadline, shown as the calendar day it names wherever the reader is: "Mar 5, 2027". */
export function formatDeadline(deadline: string): string {
  const date = new Date(`${deadline}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return deadline;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * "March 2026": the month a date falls in, in UTC, as a profile's "Member since" and its figures'
 * explanations say it (`toLocaleDateString` loaded Intl's locale data inside a profile's first
 * render, half of a 15 ms task: issue 30).
 */
export function formatMonth(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
