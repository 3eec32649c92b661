import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { morePaths } from "../../config/more-paths.ts";
import { paths } from "../../config/paths.ts";

const LINKS = [
  { to: morePaths.admin, label: "Queue", end: true },
  { to: morePaths.adminAudit, label: "Audit log", end: false },
  { to: morePaths.adminRoles, label: "Roles", end: false },
] as const;

/** Queue · Audit log · Roles, the current one marked. */
export function AdminNav() {
  return (
    <nav aria-label="Moderation" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {LINKS.map(({ to, label, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                `inline-flex rounded-lg px-3 py-1.5 text-sm font-semibold ${
                  isActive
                    ? "bg-indigo-700 text-white dark:bg-indigo-400 dark:text-slate-950"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                }`
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The moderators' pages, the nav above the page's title. Their loaders send a visitor to sign in
 * (requireUser), as the other signed-in pages outside the dashboard do: no RequireAuth here, whose
 * module My Bids' first download would then fetch as a file of its own.
 */
export function AdminFrame({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <AdminNav />
      <PageHeader title={title} intro={intro} />
      {children}
    </section>
  );
}

/** The link from a card or an entry to the person's page: their sanctions in force, history, Lift. */
export function PersonRecordLink({ id, name, short = false }: { id: string; name: string; short?: boolean }) {
  return (
    <Link to={paths.adminPerson(id)} className="link text-sm font-semibold" aria-label={`${name}'s record`}>
      {short ? "Record" : "Their record: sanctions in force, history"}
    </Link>
  );
}
