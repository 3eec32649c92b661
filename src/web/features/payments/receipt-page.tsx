import { Printer, ReceiptText } from "lucide-react";
import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { paths } from "../../config/paths.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { useRevalidateOnNotice } from "../notifications/public.ts";
import { DisputePanel } from "./dispute-panel.tsx";
import { PAYMENT_STATUS_LABELS, type Payment, receiptMoneyLines } from "./payment-schemas.ts";
import { getPayment } from "./payments-api.ts";
import "../../lazy-screens.css";

/**
 * The receipt's lines. The server's fee is on what the freelancer is paid: the whole amount, their
 * part of a split, or nothing once refunded; the rest goes back to the client. The money lines are
 * the ones its emails carry (receiptMoneyLines).
 */
function receiptRows(payment: Payment): Array<[string, string]> {
  const split = payment.status === "split" ? payment.dispute?.outcome : null;
  const toFreelancer = split ? split.toFreelancer : payment.status === "refunded" ? 0 : payment.amount;
  const rows: Array<[string, string]> = [
    ["Receipt number", payment._id],
    ["Paid on", payment.heldAt ? formatDateTime(payment.heldAt) : "Not paid"],
    ["Client", payment.client.name],
    ["Freelancer", payment.freelancer.name],
    ...receiptMoneyLines({
      cents: Math.round(payment.amount * 100),
      toFreelancerCents: Math.round(toFreelancer * 100),
      feePercent: payment.feePercent,
      split: Boolean(split),
    }),
    ["Status", PAYMENT_STATUS_LABELS[payment.status]],
  ];
  if (payment.settledAt) rows.push(["Settled on", formatDateTime(payment.settledAt)]);
  return rows;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    return await getPayment(params.id ?? "", request.signal);
  } catch (error) {
    throw toRouteError(error);
  }
}

/**
 * A payment's receipt (/payments/:id), for its client and its freelancer (and admins): what was paid,
 * the fee, what is paid on, and its dispute, if any.
 */
export function Component() {
  const payment = useLoaderData<typeof loader>();
  usePageTitle("Receipt");
  // A notice about the task (a dispute opened, a split proposed or settled, the payment released) changes this page.
  useRevalidateOnNotice(payment.task._id);
  const rows = receiptRows(payment);
  return (
    <article className="mx-auto w-full max-w-2xl space-y-6 px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
            <ReceiptText aria-hidden="true" className="size-7" /> Receipt
          </h1>
          <p className="mt-2">
            QuickGig ·{" "}
            <Link to={paths.taskDetails(payment.task._id)} className="link">
              {payment.task.title}
            </Link>
          </p>
        </div>
        <button type="button" className="btn-secondary print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" /> Print
        </button>
      </div>
      {payment.testMode && (
        <p role="note" className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950">
          Test mode — no real money
        </p>
      )}
      <dl className="card divide-y divide-slate-200 dark:divide-slate-700">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-2 px-5 py-3">
            <dt className="muted">{label}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted text-sm">Amounts in {payment.currency}.</p>
      <DisputePanel payment={payment} />
    </article>
  );
}
