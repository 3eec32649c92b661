// Budgets and deadlines are on the first screen of Home, Browse Tasks and Task Details, and in
// notices and emails; bid times on My Bids'. Intl's formatters cost about 25 ms on a page's first
// use (loading locale data), four times that on the phone Lighthouse simulates, so these are
// written out for the one locale and currency the product shows (web/lib/format.test.ts checks
// them against Intl).

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** US dollars as en-US writes them: "$1,234.50". */
export function formatBudget(budget: number): string {
  const [whole = "0", cents = "00"] = Math.abs(budget).toFixed(2).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${budget < 0 ? "-" : ""}$${grouped}.${cents}`;
}

/** A YYYY-MM-DD deadline, shown as the calendar day it names wherever the reader is: "Mar 5, 2027". */
export function formatDeadline(deadline: string): string {
  const date = new Date(`${deadline}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return deadline;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * A moment in the reader's time zone as Intl's en-US medium date and short time write it:
 * "Mar 5, 2027, 10:00 AM", with a plain space before AM or PM as the ICU of Node 24 and of
 * Chromium 156 write it (some earlier versions put a narrow no-break space there).
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  const time = `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${time}`;
}
