// Bid and message times use Intl: they are on no first screen the build writes. My Bids' first
// screen, which the server renders, writes its bids' times in the server's time zone; the live page
// puts the reader's in their place (the same where the two zones agree).

export { formatBudget, formatDeadline } from "../../contract/format.ts";

let dateTime: Intl.DateTimeFormat | undefined;

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
  return dateTime.format(date);
}
