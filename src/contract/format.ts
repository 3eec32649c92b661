// Budgets and deadlines are on the first screen of Home, Browse Tasks and Task Details, and in
// notices and emails; bid times on My Bids' (web/lib/format-time.ts). Intl's formatters cost about
// 25 ms on a page's first use (loading locale data), four times that on the phone Lighthouse
// simulates, so these are written out for the one locale and currency the product shows
// (web/lib/format.test.ts checks them against Intl).

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

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
