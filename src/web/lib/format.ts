// Bid and message times use Intl: they are never on a first screen.

export { formatBudget, formatDeadline } from "../../contract/format.ts";

let dateTime: Intl.DateTimeFormat | undefined;

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
  return dateTime.format(date);
}
