import { type ComponentType, lazy, Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { DialogHost } from "../components/dialog-host.tsx";
import { Header } from "../components/header.tsx";
import { Spinner } from "../components/spinner.tsx";
import { takeGoogleSignInReturn } from "../features/accounts/google-return.ts";
import { loadSession, useSession } from "../features/accounts/session.ts";
import { notify } from "../lib/notify.ts";
import { toasterWanted, wantToaster } from "../lib/toaster.ts";
import { useAfterFirstPaint } from "../lib/use-after-first-paint.ts";

// Most first visits are signed out: the signed-in buttons (and logout's code) load only for a user.
const AccountButtons = lazy(() => import("../features/accounts/account-buttons.tsx"));
const NotificationBell = lazy(() => import("../features/notifications/notification-bell.tsx"));
// Only once wanted (lib/toaster.ts). Should its file fail to load (a deploy since the page opened),
// the page goes on without toasts rather than showing an error in its place.
const LazyToaster = lazy<ComponentType>(() =>
  toasterWanted.then(() => import("../components/lazy-toaster.tsx")).catch(() => ({ default: () => null })),
);
/**
 * Asks for the toaster two frames on, once the frame that answers a click is painted: the toast
 * library restyles the whole page as it loads, which must not delay that answer.
 */
const wantToasterAfterPaint = () => requestAnimationFrame(() => requestAnimationFrame(wantToaster));
// For signed-in people only: the reminder to confirm their email.
const EmailBanner = lazy(() => import("../features/accounts/email-banner.tsx"));
// Below the fold on every page: loaded after the first paint.
const Footer = lazy(() => import("../components/footer.tsx").then((module) => ({ default: module.Footer })));

/** A thin bar at the top while the next page's code and data load. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden">
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-indigo-600 dark:bg-indigo-300" />
    </div>
  );
}

/** The frame of every page: skip link, header, the page, and the footer once the browser is idle. */
export function Shell({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const { user } = session;
  const showFooter = useAfterFirstPaint();
  const footerPlaceholder = <div className="h-96 bg-slate-900 dark:bg-black" />;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <Header session={session} Account={AccountButtons} Bell={NotificationBell} />
      {user && (
        <Suspense>
          <EmailBanner user={user} />
        </Suspense>
      )}
      {/* At least a screen high, so the footer, which renders late, never appears on the first screen. */}
      <main id="main" className="min-h-[calc(100dvh-4rem)] flex-1">
        {children}
      </main>
      {showFooter ? (
        <Suspense fallback={footerPlaceholder}>
          <Footer />
        </Suspense>
      ) : (
        footerPlaceholder
      )}
    </div>
  );
}

export function RootLayout() {
  useEffect(() => {
    void loadSession().then((user) => {
      if (takeGoogleSignInReturn() && user) notify.success("Login Successfully");
    });
    // The first click (a tap, a key on a button, a screen reader's activation) asks for the toaster;
    // later ones ask again, which does nothing (added again by a second mount, a listener is kept once).
    addEventListener("click", wantToasterAfterPaint, true);
  }, []);
  return (
    <>
      <NavigationProgress />
      <Shell>
        <Outlet />
      </Shell>
      <DialogHost />
      <Suspense fallback={null}>
        <LazyToaster />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first page's code, data and the session load. */
export function AppFallback() {
  return (
    <Shell>
      <Spinner label="Loading QuickGig" />
    </Shell>
  );
}
