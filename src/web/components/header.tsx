import { type ComponentType, Suspense, useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { morePaths } from "../config/more-paths.ts";
import { paths } from "../config/paths.ts";
import { apiJson } from "../lib/api.ts";
import { useAfterFirstPaint } from "../lib/use-after-first-paint.ts";
import { MenuIcon, XIcon } from "./icons.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { Tooltip } from "./tooltip.tsx";

/**
 * What the header shows of the reader, from the app (app/root-layout.tsx), which knows the session
 * and the features: whether it is known yet and who is signed in, and, for a signed-in reader, their
 * account buttons (avatar, Logout) and their bell, which the app loads only for them.
 */
export interface HeaderProps<User extends { id: string }> {
  session: { status: "loading" | "ready"; user: User | null };
  Account: ComponentType<{ user: User }>;
  Bell: ComponentType;
}

export const BRAND_TOOLTIP = "a freelance marketplace launched in 1985";

function Brand() {
  return (
    <Tooltip content={BRAND_TOOLTIP}>
      <Link
        to={paths.home}
        className="text-2xl font-extrabold tracking-tight text-slate-900 dark:text-white"
        aria-label="QuickGig home"
      >
        Quick
        <span className="mx-0.5 rounded-md bg-amber-400 px-1 text-slate-950">G</span>
        ig
      </Link>
    </Tooltip>
  );
}

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${
    isActive
      ? "bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
  }`;
}

/**
 * Whether the signed-in reader is staff (a moderator or an admin), for the link to the moderators'
 * queue: their role is not in the session, so it is read from their standing once the page has
 * painted (false until then, and for anyone else). The server still decides who may open it.
 */
function useStaff(userId: string | undefined): boolean {
  const ready = useAfterFirstPaint();
  const [staffId, setStaffId] = useState<string | null>(null);
  useEffect(() => {
    if (!ready || !userId) return;
    const controller = new AbortController();
    apiJson<{ role: string | null }>("/api/me/standing", { signal: controller.signal })
      .then((standing) => setStaffId(standing.role ? userId : null))
      .catch(() => {});
    return () => controller.abort();
  }, [ready, userId]);
  return userId !== undefined && staffId === userId;
}

function NavItems({ signedIn, staff }: { signedIn: boolean; staff: boolean }) {
  return (
    <>
      <li>
        <NavLink to={paths.home} end className={navClass}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.browseTasks} className={navClass}>
          Browse Tasks
        </NavLink>
      </li>
      <li>
        <NavLink to={paths.freelancers} className={navClass}>
          Find Freelancers
        </NavLink>
      </li>
      {signedIn && (
        <li>
          <NavLink to={paths.dashboard} className={navClass}>
            Dashboard
          </NavLink>
        </li>
      )}
      {staff && (
        <li>
          <NavLink to={morePaths.admin} className={navClass}>
            Moderation
          </NavLink>
        </li>
      )}
      <li>
        <NavLink to={paths.about} className={navClass}>
          About Us
        </NavLink>
      </li>
    </>
  );
}

function AuthButtons<User extends { id: string }>({ session, Account }: Omit<HeaderProps<User>, "Bell">) {
  // Until the session is known: the signed-out buttons' place (most first visits), kept invisible.
  const placeholder = (
    <div className="invisible flex items-center gap-2" aria-hidden="true">
      <span className="btn-secondary">Sign Up</span>
      <span className="btn-primary">Login</span>
    </div>
  );
  if (session.status === "loading") return placeholder;
  if (!session.user) {
    return (
      <div className="flex items-center gap-2">
        <Link to={paths.register} className="btn-secondary">
          Sign Up
        </Link>
        <Link to={paths.login} className="btn-primary">
          Login
        </Link>
      </div>
    );
  }
  // While their code loads: the place of the avatar and Logout, so nothing beside them moves.
  const accountPlaceholder = (
    <div className="invisible flex items-center gap-3" aria-hidden="true">
      <span className="size-10 rounded-full" />
      <span className="btn-secondary">
        <span className="size-4" />
        Logout
      </span>
    </div>
  );
  return (
    <Suspense fallback={accountPlaceholder}>
      <Account user={session.user} />
    </Suspense>
  );
}

export function Header<User extends { id: string }>({ session, Account, Bell }: HeaderProps<User>) {
  const signedIn = !!session.user;
  const staff = useStaff(session.user?.id);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  // The mobile menu closes once a link has taken the visitor somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setMenuOpen(false), [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      {/* On wide screens the menu sits in the middle column, so the buttons beside it, which change
          once the session is known, never move it. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:grid lg:grid-cols-[1fr_auto_1fr] lg:justify-items-start">
        <Brand />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {/* Staff's link is known only once their standing is read, after the first paint: in the
                bar it would move the menu the server rendered, so it is in the phone menu (issue 45 left open for the bar). */}
            <NavItems signedIn={signedIn} staff={false} />
          </ul>
        </nav>
        <div className="flex items-center gap-2 lg:justify-self-end">
          {/* In the bar at every width; on phones beside the menu button. */}
          {signedIn && (
            // The bell's place is kept while its code loads, so the buttons beside it do not move.
            <Suspense
              fallback={
                <span className="btn-ghost invisible px-2.5" aria-hidden="true">
                  <span className="block size-5" />
                </span>
              }
            >
              <Bell />
            </Suspense>
          )}
          <div className="hidden items-center gap-2 lg:flex">
            <ThemeToggle />
            <AuthButtons session={session} Account={Account} />
          </div>
          <button
            type="button"
            className="btn-ghost px-2.5 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <XIcon aria-hidden="true" className="size-6" />
            ) : (
              <MenuIcon aria-hidden="true" className="size-6" />
            )}
          </button>
        </div>
      </div>
      {menuOpen && (
        <div id={menuId} className="border-t border-slate-200 px-4 pt-3 pb-4 lg:hidden dark:border-slate-800">
          <nav aria-label="Mobile">
            <ul className="flex flex-col gap-1">
              <NavItems signedIn={signedIn} staff={staff} />
            </ul>
          </nav>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
            <ThemeToggle withLabel />
            <AuthButtons session={session} Account={Account} />
          </div>
        </div>
      )}
    </header>
  );
}
