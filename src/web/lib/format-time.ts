import { MONTHS } from "../../contract/format.ts";

// Written out, not Intl (see contract/format.ts), and a module apart from the task card's
// formatting, which Home and Browse Tasks load and which shows no time. My Bids' first screen,
// which the server renders, writes its bids' times in the server's time zone; the live page puts
// the reader's in their place (the same where the two zones agree).

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
