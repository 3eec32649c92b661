import * as Dialog from "@radix-ui/react-dialog";
import {
  Bell,
  BellRing,
  Gavel,
  LayoutDashboard,
  ListChecks,
  MessageSquare,
  PanelLeftOpen,
  PlusCircle,
  ShieldCheck,
  Wallet,
  X,
} from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { morePaths } from "../../config/more-paths.ts";
import { paths } from "../../config/paths.ts";
import { useIsStaff } from "../moderation/public.ts";
import { formatCount, useUnreadCounts } from "../notifications/public.ts";

const MENU = [
  { to: paths.dashboard, label: "Home", Icon: LayoutDashboard, end: true },
  { to: paths.addTask, label: "Add Task", Icon: PlusCircle, end: false },
  { to: paths.myPostedTasks, label: "My Posted Task", Icon: ListChecks, end: false },
  { to: paths.myBids, label: "My Bids", Icon: Gavel, end: false },
  { to: paths.messages, label: "Messages", Icon: MessageSquare, end: false, unread: "messages" },
  { to: paths.notifications, label: "Notifications", Icon: Bell, end: false, unread: "notifications" },
  { to: morePaths.alerts, label: "Task alerts", Icon: BellRing, end: false },
  { to: paths.payments, label: "Payments", Icon: Wallet, end: false },
] as const;

/**
 * For staff, the way to the moderators' queue, last in the menu: it comes once their standing is
 * read after the first paint, below everything already shown, so nothing moves (issue 45).
 */
const MODERATION = {
  to: morePaths.admin,
  label: "Moderation",
  Icon: ShieldCheck,
  end: false,
  unread: "queue",
  waiting: true,
} as const;

/** An item's unread count (for Moderation, what waits in the queue), live from the header bell's event stream. */
function UnreadBadge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white dark:bg-red-400 dark:text-slate-950">
      {formatCount(count)}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

function SideMenu() {
  const counts = useUnreadCounts();
  const staff = useIsStaff();
  return (
    <nav aria-label="Dashboard">
      <ul className="space-y-1">
        {(staff ? [...MENU, MODERATION] : MENU).map(({ to, label, Icon, end, ...item }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-semibold transition-colors ${
                  isActive
                    ? "bg-indigo-700 text-white dark:bg-indigo-400 dark:text-slate-950"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                }`
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {label}
              {"unread" in item && counts && (
                <UnreadBadge count={counts[item.unread] ?? 0} label={"waiting" in item ? "waiting" : "unread"} />
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** On phones the side menu lives in a drawer (a modal dialog: focus trapped, Escape closes it). */
function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes after every navigation
  useEffect(() => setOpen(false), [location.key]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="btn-secondary lg:hidden">
        <PanelLeftOpen aria-hidden="true" className="size-4" />
        Dashboard menu
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white p-5 shadow-xl lg:hidden dark:bg-slate-900">
          <div className="mb-6 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Dashboard</Dialog.Title>
            <Dialog.Close className="btn-ghost px-2" aria-label="Close dashboard menu">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Pages of your dashboard</Dialog.Description>
          <SideMenu />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The dashboard's frame around its pages: the side menu (a drawer on phones) and the page. Apart from
 * the layout route (its loader, the sign-in guard), so the server can render a dashboard page's first
 * screen in it (app/page-screens.tsx). The unread counts are not known there: the menu has no badges
 * until the live stream brings them.
 */
export function DashboardFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-7xl gap-8 px-4 py-8 sm:px-6">
      <aside className="hidden w-60 shrink-0 lg:block">
        <div className="card sticky top-24 p-4">
          <p className="mb-3 px-3 text-xs font-bold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Dashboard
          </p>
          <SideMenu />
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <div className="mb-6 lg:hidden">
          <MobileDrawer />
        </div>
        {children}
      </div>
    </div>
  );
}
