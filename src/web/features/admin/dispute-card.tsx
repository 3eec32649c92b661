import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { HOUSE_RULES, MODERATION_LIMITS } from "../../../contract/moderation-words.ts";
import type { Dispute, Split } from "../../../contract/payments.ts";
import { SelectField, TextField } from "../../components/field.tsx";
import { LongTextField } from "../../components/long-text-field.tsx";
import { PersonLink } from "../../components/person-link.tsx";
import { paths } from "../../config/paths.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { formatBudget } from "../../lib/format.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { checkLazily } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/notify.ts";
import { decideDispute, loadPaymentSchemas, type Payment } from "./admin-api.ts";
import "../../lazy-screens.css";

type Field = "toFreelancer" | "toClient" | "rule" | "note";

const cents = (dollars: number) => Math.round(dollars * 100);
const dollarsOf = (value: string) => (value.trim() === "" ? undefined : Number(value));

/** "$200.00 to the freelancer, $150.00 back to the client". */
const splitWords = (split: Split) =>
  `${formatBudget(split.toFreelancer)} to the freelancer, ${formatBudget(split.toClient)} back to the client`;

/** Where the admin's split starts: the latest proposal, or half each (the odd cent back to the client). */
function startingSplit(payment: Payment, dispute: Dispute): Split {
  const latest = dispute.proposals.at(-1);
  if (latest) return latest;
  const half = Math.floor(cents(payment.amount) / 2);
  return { toFreelancer: half / 100, toClient: (cents(payment.amount) - half) / 100 };
}

/**
 * A payment dispute in the queue (admins): the task, the two parties, the amount held, why it was
 * opened and what they proposed; then the admin's split, the house rule it rests on and a note.
 */
export function DisputeCard({
  payment,
  canDecide,
  onDone,
}: {
  payment: Payment;
  /** An admin: the decision form; a moderator reads the dispute only. */
  canDecide: boolean;
  onDone: () => Promise<unknown>;
}) {
  const { dispute, client, freelancer } = payment;
  if (!dispute) return null;
  const opener = dispute.openedBy === "moderators" ? "QuickGig (a suspension)" : payment[dispute.openedBy].name;
  return (
    <article className="card grid gap-4 p-4 sm:p-6" aria-label={`Dispute over ${payment.task.title}`}>
      <header className="min-w-0">
        <h3 className="text-lg font-semibold break-words">
          <Link to={paths.taskDetails(payment.task._id)} className="link">
            {payment.task.title}
          </Link>
        </h3>
        <p className="muted text-sm">
          {dispute.escalatedAt ? (
            <>
              In the queue since <time dateTime={dispute.escalatedAt}>{formatDateTime(dispute.escalatedAt)}</time> ·{" "}
            </>
          ) : null}
          <Link to={paths.receipt(payment._id)} className="link">
            Open the payment
          </Link>
        </p>
      </header>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold">Client</dt>
        <dd className="min-w-0 break-words">
          <PersonLink id={client.id} name={client.name} />
        </dd>
        <dt className="font-semibold">Freelancer</dt>
        <dd className="min-w-0 break-words">
          <PersonLink id={freelancer.id} name={freelancer.name} />
        </dd>
        <dt className="font-semibold">Amount held</dt>
        <dd>{formatBudget(payment.amount)}</dd>
        <dt className="font-semibold">Opened</dt>
        <dd>
          By {opener} on <time dateTime={dispute.openedAt}>{formatDateTime(dispute.openedAt)}</time>
        </dd>
        <dt className="font-semibold">Reason</dt>
        <dd className="min-w-0 break-words whitespace-pre-wrap">{dispute.reason}</dd>
      </dl>
      {dispute.proposals.length > 0 ? (
        <section className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <h4 className="text-sm font-semibold">Proposals, newest first</h4>
          <ul className="mt-1 grid gap-1 text-sm" aria-label={`Proposals on ${payment.task.title}`}>
            {[...dispute.proposals].reverse().map((proposal) => (
              <li key={proposal._id}>
                {payment[proposal.by].name} proposed {splitWords(proposal)}
                <span className="muted">
                  {" "}
                  · <time dateTime={proposal.createdAt}>{formatDateTime(proposal.createdAt)}</time>
                  {proposal.status === "replaced" && " · replaced"}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="muted text-sm">Neither party proposed a split.</p>
      )}
      {canDecide && <DisputeDecisionForm payment={payment} start={startingSplit(payment, dispute)} onDone={onDone} />}
    </article>
  );
}

interface FormProps {
  payment: Payment;
  start: Split;
  onDone: () => Promise<unknown>;
}

/** The admin's split, which must add up to the amount held (the server says so when it does not). */
function DisputeDecisionForm({ payment, start, onDone }: FormProps) {
  const [toFreelancer, setToFreelancer] = useState(start.toFreelancer.toFixed(2));
  const [toClient, setToClient] = useState(start.toClient.toFixed(2));
  const [rule, setRule] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parts = [dollarsOf(toFreelancer), dollarsOf(toClient)];
  const total = parts.every((part) => part !== undefined && Number.isFinite(part))
    ? parts.reduce((sum: number, part) => sum + cents(part ?? 0), 0) / 100
    : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Busy from the first moment: the check may load first, and a second click must not send twice.
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const checked = await checkLazily(async () => (await loadPaymentSchemas()).DisputeDecisionInputSchema, {
        toFreelancer: dollarsOf(toFreelancer),
        toClient: dollarsOf(toClient),
        ...(rule ? { rule } : {}),
        note,
      });
      if (!checked.success) {
        const found: Partial<Record<Field, string>> = {};
        for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
        setErrors(found);
        return;
      }
      setErrors({});
      await decideDispute(payment._id, { ...checked.data, note: checked.data.note.trim() });
      notify.success("Dispute decided");
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Settled by the parties, or decided by another admin, a moment ago: show the queue as it is now.
        notify.error(error.detail);
        await onDone();
      } else {
        setRefusal(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label={`Decision on ${payment.task.title}`} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="To the freelancer"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={toFreelancer}
          error={errors.toFreelancer}
          onChange={(event) => setToFreelancer(event.target.value)}
        />
        <TextField
          label="To the client"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={toClient}
          error={errors.toClient}
          onChange={(event) => setToClient(event.target.value)}
        />
      </div>
      <p className="muted text-sm" aria-live="polite">
        {total === null
          ? `In dollars; together they make the ${formatBudget(payment.amount)} held.`
          : `Together ${formatBudget(total)} of the ${formatBudget(payment.amount)} held. The freelancer pays the platform fee on their part.`}
      </p>
      <SelectField
        label="House rule"
        value={rule}
        onChange={(event) => setRule(event.target.value)}
        error={errors.rule}
      >
        <option value="">Choose a rule</option>
        {HOUSE_RULES.map((houseRule) => (
          <option key={houseRule.id} value={houseRule.id}>
            {houseRule.title}
          </option>
        ))}
      </SelectField>
      <LongTextField
        label="Note"
        className="input min-h-24"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note}
        length={note.length}
        limit={MODERATION_LIMITS.moderatorNoteMax}
        placeholder="Why: both parties read it with the split and the rule."
      />
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving…" : "Decide"}
        </button>
      </div>
    </form>
  );
}
