import {
  Ban,
  BellRing,
  CheckCheck,
  CircleCheck,
  CircleX,
  Flag,
  Gavel,
  Handshake,
  type LucideIcon,
  MessageCircleQuestionMark,
  MessageSquare,
  Pencil,
  RotateCcw,
  Scale,
  Send,
  ShieldAlert,
  ShieldCheck,
  SquarePen,
  Star,
  Trash2,
  Undo2,
  Wallet,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { LIMITS } from "../../../contract/limits.ts";
import {
  describeNotification,
  type NotificationKind,
  notificationLink,
  resolves,
} from "../../../contract/notifications.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { AlertSentence } from "./highlighted.tsx";
import { onNotice, useUnreadCounts } from "./live-updates.ts";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type Notification,
} from "./notifications-api.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    return { notices: await listNotifications({ signal: request.signal }) };
  } catch (error) {
    throw toRouteError(error);
  }
}

const ICONS: Record<NotificationKind, LucideIcon> = {
  "bid-new": Gavel,
  "bid-accepted": CircleCheck,
  "bid-declined": CircleX,
  "task-changed": Pencil,
  "task-cancelled": Ban,
  "task-deleted": Trash2,
  "question-new": MessageCircleQuestionMark,
  "question-answered": MessageCircleQuestionMark,
  "message-new": MessageSquare,
  "task-completed": CheckCheck,
  "task-released": Undo2,
  "task-reopened": RotateCcw,
  "bid-changed": SquarePen,
  "review-received": Star,
  "reviews-published": Star,
  "review-reminder": Star,
  "report-outcome": Flag,
  "moderation-action": ShieldAlert,
  "moderation-lifted": ShieldCheck,
  "appeal-decided": ShieldCheck,
  "task-removed": Trash2,
  "payment-held": Wallet,
  "payment-requested": Wallet,
  "payment-release-soon": Wallet,
  "payment-released": Wallet,
  "payment-refunded": Wallet,
  "dispute-opened": Scale,
  "dispute-proposal": Scale,
  "dispute-settled": Handshake,
  "dispute-decided": Gavel,
  "task-invitation": Send,
  "task-alert": BellRing,
};

/** A full page means there may be older notices. */
const mayHaveMore = (page: Notification[]) => page.length >= LIMITS.notificationsPageDefault;

function NoticeItem({ notice, onOpen }: { notice: Notification; onOpen: (notice: Notification) => void }) {
  const Icon = ICONS[notice.kind];
  const link = notificationLink(notice.kind, notice.data);
  const body = (
    <>
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-5 shrink-0 ${notice.read ? "text-slate-500 dark:text-slate-400" : "text-indigo-700 dark:text-indigo-300"}`}
      />
      <span className="min-w-0 flex-1">
        <span className={`block break-words text-sm sm:text-base ${notice.read ? "" : "font-semibold"}`}>
          {notice.kind === "task-alert" ? (
            <AlertSentence
              sentence={describeNotification(notice.kind, notice.data)}
              title={notice.data.taskTitle}
              words={notice.data.words ?? []}
              excerpt={notice.data.excerpt}
            />
          ) : (
            describeNotification(notice.kind, notice.data)
          )}
        </span>
        <time dateTime={notice.createdAt} className="muted mt-1 block text-xs">
          {formatDateTime(notice.createdAt)}
        </time>
      </span>
      {!notice.read && (
        <span className="shrink-0 rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-indigo-400 dark:text-slate-950">
          New
        </span>
      )}
    </>
  );
  const frame = `flex items-start gap-3 p-4 ${notice.read ? "" : "bg-indigo-50/60 dark:bg-indigo-950/40"}`;
  return (
    <li className="border-b border-slate-200 last:border-b-0 dark:border-slate-800">
      {link ? (
        <Link
          to={link}
          onClick={() => onOpen(notice)}
          className={`${frame} hover:bg-slate-50 dark:hover:bg-slate-800/60`}
        >
          {body}
        </Link>
      ) : (
        // A deleted task has nothing to open: the notice is read with its own button.
        <div className={frame}>
          {body}
          {!notice.read && (
            <button type="button" className="btn-ghost shrink-0 px-2 py-1 text-xs" onClick={() => onOpen(notice)}>
              Mark as read
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** My notifications (/dashboard/notifications), newest first, new ones added live at the top. */
export function Component() {
  usePageTitle("Notifications");
  const loaded = useLoaderData<typeof loader>();
  const [notices, setNotices] = useState(loaded.notices);
  const [more, setMore] = useState(mayHaveMore(loaded.notices));
  const [loadingMore, setLoadingMore] = useState(false);
  const [markingAll, setMarkingAll] = useState(false);
  const counts = useUnreadCounts();

  useEffect(() => {
    setNotices(loaded.notices);
    setMore(mayHaveMore(loaded.notices));
  }, [loaded]);

  useEffect(
    () =>
      onNotice((notice) =>
        setNotices((current) =>
          current.some((shown) => shown.id === notice.id)
            ? current
            : // An outcome reads what it settles (reviews published read "… reviewed you"), as the server did.
              [
                notice,
                ...current.map((shown) => (!shown.read && resolves(notice, shown) ? { ...shown, read: true } : shown)),
              ],
        ),
      ),
    [],
  );

  // More unread than the list shows: notices written before this tab's stream was connected, which
  // only its counts tell of. The newest page is read again and what is missing joins the top.
  const shownUnread = notices.filter((notice) => !notice.read).length;
  useEffect(() => {
    if ((counts?.notifications ?? 0) <= shownUnread) return;
    let cancelled = false;
    listNotifications({})
      .then((newest) => {
        if (cancelled) return;
        setNotices((current) => {
          const missing = newest.filter((notice) => !current.some((shown) => shown.id === notice.id));
          return missing.length === 0 ? current : [...missing, ...current].sort((a, b) => b.id - a.id);
        });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [counts?.notifications, shownUnread]);

  // Everything was read elsewhere (another tab, or opening the threads): the list follows.
  useEffect(() => {
    if (counts?.notifications === 0) setNotices((current) => current.map((notice) => ({ ...notice, read: true })));
  }, [counts?.notifications]);

  function open(notice: Notification) {
    if (notice.read) return;
    setNotices((current) => current.map((shown) => (shown.id === notice.id ? { ...shown, read: true } : shown)));
    // The page it leads to loads meanwhile; a failure only leaves the notice unread.
    void markNotificationRead(notice.id).catch(() => {});
  }

  async function loadMore() {
    const last = notices[notices.length - 1];
    if (!last) return;
    setLoadingMore(true);
    try {
      const older = await listNotifications({ before: last.id });
      setNotices((current) => [
        ...current,
        ...older.filter((notice) => !current.some((shown) => shown.id === notice.id)),
      ]);
      setMore(mayHaveMore(older));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setLoadingMore(false);
    }
  }

  async function markAll() {
    setMarkingAll(true);
    try {
      await markAllNotificationsRead();
      setNotices((current) => current.map((notice) => ({ ...notice, read: true })));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setMarkingAll(false);
    }
  }

  const anyUnread = notices.some((notice) => !notice.read) || (counts?.notifications ?? 0) > 0;
  return (
    <div>
      <PageHeader title="Notifications" intro="What happened on your tasks, bids and conversations, the newest first.">
        {notices.length > 0 && (
          <button type="button" className="btn-secondary" onClick={markAll} disabled={markingAll || !anyUnread}>
            <CheckCheck aria-hidden="true" className="size-4" />
            {markingAll ? "Marking…" : "Mark all as read"}
          </button>
        )}
      </PageHeader>
      {notices.length === 0 ? (
        <div className="card p-10 text-center">
          <p className="text-lg font-semibold">No notifications yet.</p>
          <p className="muted mt-1 text-sm">
            When someone bids on your task, answers your question or writes to you, it shows here.
          </p>
        </div>
      ) : (
        <>
          <ul aria-label="Notifications" className="card overflow-hidden">
            {notices.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} onOpen={open} />
            ))}
          </ul>
          {more && (
            <div className="mt-6 text-center">
              <button type="button" className="btn-secondary" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? "Loading…" : "Load more"}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
