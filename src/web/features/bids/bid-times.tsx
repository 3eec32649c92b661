import { formatDateTime } from "../../lib/format-time.ts";

/** When an offer was placed and, if it was, last changed: "Nov 24, 2026, 11:44 PM · changed …". */
export function BidTimes({ bidTime, changedAt }: { bidTime: string; changedAt?: string | undefined }) {
  return (
    <>
      <time dateTime={bidTime}>{formatDateTime(bidTime)}</time>
      {changedAt && (
        <>
          {" · changed "}
          <time dateTime={changedAt}>{formatDateTime(changedAt)}</time>
        </>
      )}
    </>
  );
}
