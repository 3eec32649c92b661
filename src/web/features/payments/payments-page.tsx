import { Download, Landmark } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { PageHeader } from "../../components/page-header.tsx";
import { paths } from "../../config/paths.ts";
import { apiUrl, errorMessage } from "../../lib/api.ts";
import { formatBudget } from "../../lib/format.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { leaveFor } from "../../lib/leave.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { useRevalidateOnNotice } from "../notifications/public.ts";
import { getPaymentsOverview, type PaymentsOverview, payOutBalance, payoutSetupUrl } from "./payments-api.ts";
import "../../lazy-screens.css";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    return await getPaymentsOverview(request.signal);
  } catch (error) {
    throw toRouteError(error);
  }
}

function Figures({
  title,
  figures,
  children,
}: {
  title: string;
  figures: Array<[string, number]>;
  children?: ReactNode;
}) {
  return (
    <section className="card p-5" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, amount]) => (
          <div key={label}>
            <dt className="muted text-xs">{label}</dt>
            <dd className="text-lg font-semibold">{formatBudget(amount)}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

function Lines({ lines }: { lines: PaymentsOverview["lines"] }) {
  if (lines.length === 0) {
    return <p className="muted">No payments yet. When you hire someone or are hired, each movement shows here.</p>;
  }
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your movements, newest first</caption>
        <thead className="text-xs uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            <th scope="col" className="px-4 py-3">
              Task
            </th>
            <th scope="col" className="px-4 py-3">
              What
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Amount
            </th>
            <th scope="col" className="px-4 py-3">
              Receipt
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line._id} className="border-t border-slate-200 dark:border-slate-700">
              <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(line.at)}</td>
              <td className="min-w-48 px-4 py-3 break-words">
                {line.taskId && line.taskTitle ? (
                  <Link to={paths.taskDetails(line.taskId)} className="link">
                    {line.taskTitle}
                  </Link>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td className="px-4 py-3">{line.note}</td>
              <td className="px-4 py-3 text-right font-semibold whitespace-nowrap">
                {line.amount < 0 ? "−" : "+"}
                {formatBudget(Math.abs(line.amount))}
              </td>
              <td className="px-4 py-3">
                {line.paymentId && (
                  <Link to={paths.receipt(line.paymentId)} className="link">
                    Receipt
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A freelancer's balance to their bank, all of it (test mode: no real money moves). */
function PayOut({ overview }: { overview: PaymentsOverview }) {
  const { balance, paidOut: paidOutBefore } = overview.asFreelancer;
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (overview.payouts.ready && balance <= 0) return null;
  async function payOut() {
    setBusy(true);
    setRefusal(null);
    try {
      // What the server paid out: the balance as it was then, which may have grown since this page read it.
      const after = await payOutBalance();
      notify.success(`${formatBudget(after.asFreelancer.paidOut - paidOutBefore)} paid out to your bank.`);
      await revalidate();
    } catch (caught) {
      setRefusal(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  async function setUp() {
    setBusy(true);
    setRefusal(null);
    try {
      // Stripe's own pages take the person's details and bank account, then send them back here.
      leaveFor((await payoutSetupUrl()).url);
    } catch (caught) {
      setRefusal(errorMessage(caught));
      setBusy(false);
    }
  }
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      {overview.payouts.ready ? (
        <button type="button" className="btn-primary" disabled={busy} onClick={payOut}>
          <Landmark aria-hidden="true" className="size-4" /> Pay out {formatBudget(balance)}
        </button>
      ) : (
        <>
          <button type="button" className="btn-primary" disabled={busy} onClick={setUp}>
            <Landmark aria-hidden="true" className="size-4" /> Set up payouts
          </button>
          <p className="muted text-sm">
            Your earnings wait in your balance until your payout account can receive them.
          </p>
        </>
      )}
      {refusal && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {refusal}
        </p>
      )}
    </div>
  );
}

/** The notices after which the figures change (a hire paid, a payment released or refunded). */
const MONEY_NOTICES = [
  "payment-held",
  "payment-released",
  "payment-refunded",
  "dispute-settled",
  "dispute-decided",
] as const;

/** Payments (/dashboard/payments): the reader's money, both sides, every figure a sum of the lines. */
export function Component() {
  const overview = useLoaderData<typeof loader>();
  usePageTitle("Payments");
  useRevalidateOnNotice(undefined, MONEY_NOTICES);
  const { asClient, asFreelancer } = overview;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payments"
        intro="What you paid and what QuickGig holds as a client, what you earned as a freelancer. Every figure is a sum of the movements below."
      >
        <a className="btn-secondary" href={apiUrl("/api/me/payments.csv")} download>
          <Download aria-hidden="true" className="size-4" /> Download CSV
        </a>
      </PageHeader>
      <Figures
        title="As a client"
        figures={[
          ["Paid", asClient.paid],
          ["Held by QuickGig", asClient.held],
          ["Refunded", asClient.refunded],
        ]}
      />
      <Figures
        title="As a freelancer"
        figures={[
          ["Held for your work", asFreelancer.held],
          ["Earned, after fees", asFreelancer.earned],
          ["Paid out", asFreelancer.paidOut],
          ["Waiting to be paid out", asFreelancer.balance],
        ]}
      >
        <PayOut overview={overview} />
      </Figures>
      <section aria-labelledby="movements-title" className="space-y-3">
        <h2 id="movements-title" className="text-xl font-semibold">
          Movements
        </h2>
        <Lines lines={overview.lines} />
      </section>
    </div>
  );
}
