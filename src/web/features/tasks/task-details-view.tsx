import { CalendarDays, DollarSign, Handshake, Mail, ShieldCheck, Tag, User } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import { PAYMENT_STATUS_LABELS } from "../../../contract/payment-words.ts";
import type { Task } from "../../../contract/schemas.ts";
import { PersonLink } from "../../components/person-link.tsx";
import { PHONE_ACTION_ROOM } from "../../components/phone-action.ts";
import { TaskStatusBadge } from "../../components/status-badge.tsx";
import { loginPath, paths } from "../../config/paths.ts";
import { formatBudget, formatDeadline } from "../../lib/format.ts";
import { InvitedBy } from "../invites/public.ts";

// Only a delivered payment's parties see it: out of the first screen's code.
const ReleaseTime = lazy(() => import("./release-time.tsx"));

function Detail({
  icon,
  label,
  children,
  className = "",
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60 ${className}`}>
      <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        <span aria-hidden="true" className="text-indigo-700 dark:text-indigo-300">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 font-medium break-words text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** The hire's money, to its two parties: where it stands, and the checkout while the poster has not paid. */
function PaymentLine({ task, payment }: { task: Task; payment: NonNullable<Task["payment"]> }) {
  const waiting = payment.status === "pending" && task.status === "open";
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm font-medium">
      <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-700 dark:text-emerald-300" />
      <span>{PAYMENT_STATUS_LABELS[payment.status]}</span>
      {payment.releaseDueAt && (
        <span className="muted font-normal">
          · released by itself on{" "}
          <Suspense fallback={formatDeadline(payment.releaseDueAt.slice(0, 10))}>
            <ReleaseTime at={payment.releaseDueAt} />
          </Suspense>{" "}
          unless the task is completed or disputed first
        </span>
      )}
      {waiting ? (
        <Link to={paths.pay(payment._id)} className="link">
          Pay now
        </Link>
      ) : (
        payment.status !== "pending" &&
        payment.status !== "charging" && (
          <Link to={paths.receipt(payment._id)} className="link">
            {payment.status === "held" || payment.status === "delivered" || payment.status === "disputed"
              ? "Payment details and disputes"
              : "Receipt"}
          </Link>
        )
      )}
    </p>
  );
}

/**
 * A task's details as everyone who may open them sees them, with the reader's own part (the bid
 * panel, offers and questions) as children and their Report beside the status: the live page
 * (task-details-page.tsx) and its first screen, which the server renders with the task
 * (app/page-screens.tsx), share it.
 */
export function TaskDetailsView({ task, report, children }: { task: Task; report?: ReactNode; children: ReactNode }) {
  return (
    <article className={`mx-auto max-w-4xl px-4 py-12 sm:px-6 ${PHONE_ACTION_ROOM}`}>
      <div className="card p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-300">Task Details</p>
          <TaskStatusBadge status={task.status} deadline={task.deadline} />
          {report}
        </div>
        <h1 className="mt-1 text-3xl font-bold break-words text-slate-900 dark:text-white">{task.title}</h1>
        {task.assignee && (
          <p className="mt-3 flex items-center gap-2 font-medium">
            <Handshake aria-hidden="true" className="size-5 shrink-0 text-indigo-700 dark:text-indigo-300" />
            <span className="min-w-0 break-words">
              {task.status === "completed" ? "Completed by" : "Assigned to"} {task.assignee}
              {task.agreedAmount !== undefined && <span className="muted"> for {formatBudget(task.agreedAmount)}</span>}
            </span>
          </p>
        )}
        {task.invitedBy && <InvitedBy name={task.invitedBy} />}
        {task.payment && <PaymentLine task={task} payment={task.payment} />}
        <dl className="mt-6 grid gap-3 sm:grid-cols-2">
          <Detail icon={<User className="size-5" />} label="Posted by">
            <PersonLink id={task.ownerId} name={task.userName} />
          </Detail>
          <Detail icon={<Tag className="size-5" />} label="Category">
            {task.category}
          </Detail>
          <Detail icon={<CalendarDays className="size-5" />} label="Deadline">
            {formatDeadline(task.deadline)}
          </Detail>
          <Detail icon={<DollarSign className="size-5" />} label="Budget">
            {formatBudget(task.budget)}
          </Detail>
          <Detail icon={<Mail className="size-5" />} label="Contact email" className="sm:col-span-2">
            {task.userEmail ? (
              <a className="link" href={`mailto:${task.userEmail}`}>
                {task.userEmail}
              </a>
            ) : (
              // Only signed-in people see it (PRODUCT.md): a visitor is told how.
              <Link className="link" to={loginPath(paths.taskDetails(task._id))}>
                Log in to see it
              </Link>
            )}
          </Detail>
        </dl>
        <h2 className="mt-8 text-lg font-semibold">Description</h2>
        <p className="mt-2 leading-relaxed whitespace-pre-line break-words text-slate-700 dark:text-slate-300">
          {task.description}
        </p>
        {children}
      </div>
    </article>
  );
}
