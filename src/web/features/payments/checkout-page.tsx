import { CreditCard, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate } from "react-router";
import { TextField } from "../../components/field.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatBudget } from "../../lib/format.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { PAYMENT_STATUS_LABELS, PayInputSchema, type Payment } from "./payment-schemas.ts";
import { getPayment, payByCard } from "./payments-api.ts";
import "../../lazy-screens.css";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    return await getPayment(params.id ?? "", request.signal);
  } catch (error) {
    throw toRouteError(error);
  }
}

type CardFields = { number: string; expiry: string; cvc: string };
const NO_ERRORS: Partial<Record<keyof CardFields, string>> = {};

/** What the freelancer receives of the amount, and the platform's fee on it, as the receipt will say. */
function HowItIsPaid({ payment }: { payment: Payment }) {
  const name = payment.freelancer.name;
  return (
    <p className="muted text-sm">
      QuickGig holds your payment until the work is done. When you mark the task completed, {name} receives{" "}
      {formatBudget(payment.amount - payment.fee)}: the amount less the {payment.feePercent} % platform fee (
      {formatBudget(payment.fee)}). If you cancel before the work is delivered, or {name} gives the task back, you get
      it all back.
    </p>
  );
}

function CardForm({ payment }: { payment: Payment }) {
  const navigate = useNavigate();
  const [card, setCard] = useState<CardFields>({ number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState(NO_ERRORS);
  const [refusal, setRefusal] = useState<string | null>(payment.lastError);
  const [busy, setBusy] = useState(false);

  async function pay(event: FormEvent) {
    event.preventDefault();
    const checked = PayInputSchema.safeParse({ card });
    if (!checked.success) {
      const found: Partial<Record<keyof CardFields, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[1] as keyof CardFields] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors(NO_ERRORS);
    setRefusal(null);
    setBusy(true);
    try {
      await payByCard(payment._id, checked.data.card);
      notify.success(`Payment secured. You hired ${payment.freelancer.name}.`);
      navigate(paths.taskDetails(payment.task._id));
    } catch (error) {
      setRefusal(errorMessage(error));
      setBusy(false);
    }
  }

  const change = (field: keyof CardFields) => (event: { target: { value: string } }) =>
    setCard((before) => ({ ...before, [field]: event.target.value }));
  return (
    <form onSubmit={pay} noValidate className="grid gap-4">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={card.number}
        error={errors.number}
        onChange={change("number")}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={card.expiry}
          error={errors.expiry}
          onChange={change("expiry")}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          value={card.cvc}
          error={errors.cvc}
          onChange={change("cvc")}
        />
      </div>
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <button type="submit" className="btn-primary w-full py-2.5" disabled={busy}>
        {busy ? "Paying…" : `Pay ${formatBudget(payment.amount)}`}
      </button>
      {payment.testMode && (
        <p className="muted text-xs">
          Test cards: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient
          funds. Any future expiry and any CVC.
        </p>
      )}
    </form>
  );
}

/**
 * The checkout of a hire (/pay/:id), test mode's: the client pays the accepted offer, and the
 * payment hires. A payment already made, replaced or refunded says so, with the way back to its task.
 */
export function Component() {
  const payment = useLoaderData<typeof loader>();
  usePageTitle("Checkout");
  const open = payment.status === "pending";
  return (
    <section className="mx-auto w-full max-w-lg space-y-6 px-4 py-12 sm:px-6">
      {payment.testMode && (
        <p
          role="note"
          className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50"
        >
          Test mode — no real money
        </p>
      )}
      <div>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          <CreditCard aria-hidden="true" className="size-7" /> Pay for the hire
        </h1>
        <p className="mt-2">
          <Link to={paths.taskDetails(payment.task._id)} className="link">
            {payment.task.title}
          </Link>
          : you hire {payment.freelancer.name} for <strong>{formatBudget(payment.amount)}</strong>.
        </p>
      </div>
      <HowItIsPaid payment={payment} />
      {open && payment.testMode ? (
        <CardForm payment={payment} />
      ) : open && payment.checkoutUrl ? (
        // A provider's own page takes the card (Stripe): never this one.
        <p>
          <a href={payment.checkoutUrl} className="btn-primary w-full py-2.5">
            Continue to the secure payment page
          </a>
        </p>
      ) : open ? (
        <p role="status">
          This payment is made on the payment provider's secure page. To open it again, accept the offer from{" "}
          <Link to={paths.myPostedTasks} className="link">
            My Posted Tasks
          </Link>
          .
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden="true" className="size-5" /> {PAYMENT_STATUS_LABELS[payment.status]}.{" "}
          <Link to={paths.taskDetails(payment.task._id)} className="link font-normal">
            Open the task
          </Link>
        </p>
      )}
    </section>
  );
}
