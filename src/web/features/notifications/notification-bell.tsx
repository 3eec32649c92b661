import { Bell } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import type { Notification } from "../../../contract/notifications.ts";
import { paths } from "../../config/paths.ts";
import { notify } from "../../lib/notify.ts";
import { formatCount, isAboutShownThread, onNotice, openEventStream, useUnreadCounts } from "./live-updates.ts";

/** The contract's wording, loaded with the first notice: it brings zod along, which the header does not need. */
async function toastNotice(notice: Notification) {
  // A message in the thread on screen: it is already there to read.
  if (isAboutShownThread(notice)) return;
  const { describeNotification } = await import("../../../contract/notifications.ts");
  notify.info(describeNotification(notice.kind, notice.data));
}

/**
 * The header's bell for a signed-in person: the unread count, live, linking to the notifications.
 * It owns the tab's event stream (one per tab): open while it is on screen, closed on logout.
 */
export default function NotificationBell() {
  const counts = useUnreadCounts();
  useEffect(() => openEventStream(), []);
  useEffect(() => onNotice((notice) => void toastNotice(notice)), []);
  const unread = counts?.notifications ?? 0;
  return (
    <Link
      to={paths.notifications}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      title="Notifications"
      className="btn-ghost relative px-2.5"
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white dark:bg-red-400 dark:text-slate-950">
          {formatCount(unread)}
        </span>
      )}
    </Link>
  );
}
