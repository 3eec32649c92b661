import { Scale } from "lucide-react";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { useRevalidator } from "react-router";
import { ruleTitle } from "../../../contract/moderation-words.ts";
import { TextField } from "../../components/field.tsx";
import { errorMessage } from "../../lib/api.ts";
import { confirmAction } from "../../lib/dialogs.ts";
import { formatBudget } from "../../lib/format.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { useSession } from "../accounts/public.ts";
import {
  type Dispute,
  type DisputeSide,
  feeCents,
  type Payment,
  type Proposal,
  ProposalInputSchema,
  type Split,
} from "./payment-schemas.ts";
import { acceptProposal, proposeSplit } from "./payments-api.ts";

// The form loads when the person opens it.
const OpenDisputeDialog = lazy(() => import("./open-dispute-dialog.tsx"));

type Party = "client" | "freelancer";

const cents = (dollars: number) => Math.round(dollars * 100);

/** What the freelancer is paid of `toFreelancer` dollars: the platform's fee on that part taken off. */
export function freelancerNet(payment: Payment, toFreelancer: number): { fee: number; net: number } {
  const fee = feeCents(cents(toFreelancer), payment.feePercent);
  return { fee: fee / 100, net: (cents(toFreelancer) - fee) / 100 };
}

/** "$200.00 to the freelancer, $150.00 back to the client". */
const splitWords = (split: Split) =>
  `${formatBudget(split.toFreelancer)} to the freelancer, ${formatBudget(split.toClient)} back to the client`;

function partyOf(payment: Payment, viewerId: string | undefined): Party | null {
  if (viewerId === payment.client.id) return "client";
  if (viewerId === payment.freelancer.id) return "freelancer";
  return null;
}

const nameOf = (payment: Payment, side: DisputeSide) =>
  side === "moderators" ? "QuickGig's moderators" : payment[side].name;
const otherOf = (payment: Payment, party: Party) => payment[party === "client" ? "freelancer" : "client"].name;

/**
 * The receipt's dispute: for the two parties, a way to open one while QuickGig holds the payment;
 * once open, why, the proposals and the form to propose a split; once ended, how it was split.
 * An admin reads it as it stands. The server decides who may do what and answers with the payment.
 */
export function DisputePanel({ payment }: { payment: Payment }) {
  const party = partyOf(payment, useSession().user?.id);
  const { revalidate } = useRevalidator();
  const [opening, setOpening] = useState(false);
  const { dispute } = payment;
  const canOpen = party !== null && (payment.status === "held" || payment.status === "delivered");
  if (!dispute && !canOpen) return null;
  const other = party && otherOf(payment, party);
  return (
    <section aria-labelledby="dispute-heading" className="card grid gap-4 p-5">
      <h2 id="dispute-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Scale aria-hidden="true" className="size-5" /> Dispute
      </h2>
      {dispute ? (
        <DisputeView payment={payment} dispute={dispute} party={party} onChange={revalidate} />
      ) : (
        <>
          <p className="muted text-sm">
            If something went wrong with the work, you can open a dispute. Nothing is paid or refunded until you and{" "}
            {other} agree on how to split the payment, or QuickGig's moderators decide.
          </p>
          <div>
            <button type="button" className="btn-secondary print:hidden" onClick={() => setOpening(true)}>
              Open a dispute
            </button>
          </div>
          {opening && (
            <Suspense fallback={null}>
              <OpenDisputeDialog
                payment={payment}
                other={other ?? ""}
                onClose={() => setOpening(false)}
                onOpened={revalidate}
              />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}

interface ViewProps {
  payment: Payment;
  dispute: Dispute;
  party: Party | null;
  onChange: () => Promise<unknown>;
}

function DisputeView({ payment, dispute, party, onChange }: ViewProps) {
  const opener = dispute.openedBy === party ? "You" : nameOf(payment, dispute.openedBy);
  const why = dispute.openedBy === "moderators" ? ", as an account was suspended" : "";
  const open = dispute.status === "open";
  return (
    <>
      <div className="grid gap-1">
        <p>
          {opener} opened this dispute on <time dateTime={dispute.openedAt}>{formatDateTime(dispute.openedAt)}</time>
          {why}.
        </p>
        <p className="rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap dark:bg-slate-800/60">
          {dispute.reason}
        </p>
      </div>
      {dispute.outcome ? (
        <Outcome payment={payment} dispute={dispute} outcome={dispute.outcome} />
      ) : dispute.escalatedAt ? (
        <p className="font-medium">
          With QuickGig's moderators since{" "}
          <time dateTime={dispute.escalatedAt}>{formatDateTime(dispute.escalatedAt)}</time>: an admin decides how the
          payment is split.
        </p>
      ) : (
        <p className="font-medium">
          Unless {party ? "you agree" : "the two parties agree"} on a split by{" "}
          <time dateTime={dispute.escalatesAt}>{formatDateTime(dispute.escalatesAt)}</time>, it goes to QuickGig's
          moderators, and an admin decides.
        </p>
      )}
      {dispute.proposals.length > 0 && (
        <Proposals payment={payment} dispute={dispute} party={party} onChange={onChange} />
      )}
      {open && party && !dispute.escalatedAt && <ProposeForm payment={payment} onDone={onChange} />}
    </>
  );
}

function Outcome({
  payment,
  dispute,
  outcome,
}: {
  payment: Payment;
  dispute: Dispute;
  outcome: NonNullable<Dispute["outcome"]>;
}) {
  // The server's fee: on the freelancer's part once the dispute has split the payment.
  const fee = payment.fee;
  return (
    <div role="status" className="grid gap-1 rounded-lg bg-emerald-50 p-3 dark:bg-emerald-950/50">
      <p className="font-semibold">{dispute.status === "decided" ? "Decided by an admin" : "Settled by agreement"}</p>
      <p>
        {formatBudget(outcome.toFreelancer)} to the freelancer (less the {formatBudget(fee)} platform fee),{" "}
        {formatBudget(outcome.toClient)} back to the client.
      </p>
      {outcome.rule && <p className="text-sm">House rule: {ruleTitle(outcome.rule)}</p>}
      {outcome.note && <p className="text-sm break-words whitespace-pre-wrap">{outcome.note}</p>}
      <p className="muted text-xs">
        On <time dateTime={outcome.at}>{formatDateTime(outcome.at)}</time>
      </p>
    </div>
  );
}

const PROPOSAL_STATES: Record<Exclude<Proposal["status"], "open">, string> = {
  replaced: "Replaced by a newer proposal",
  accepted: "Accepted",
};

/** The proposals, newest first; the waiting one can be accepted by the party who did not make it. */
function Proposals({ payment, dispute, party, onChange }: ViewProps) {
  const [busy, setBusy] = useState(false);

  async function accept(proposal: Proposal) {
    const { fee } = freelancerNet(payment, proposal.toFreelancer);
    const confirmed = await confirmAction({
      title: "Accept this split?",
      text: `${splitWords(proposal)}; the freelancer pays the ${formatBudget(fee)} platform fee on their part. The money moves at once and the dispute ends.`,
      confirmLabel: "Accept split",
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await acceptProposal(payment._id, proposal._id);
      notify.success("Split accepted: the dispute is settled.");
    } catch (error) {
      // Replaced or ended a moment ago: say so, and show the dispute as it is now.
      notify.error(errorMessage(error));
    }
    await onChange();
    setBusy(false);
  }

  return (
    <div>
      <h3 className="text-base font-semibold">Proposals</h3>
      <ul className="mt-2 grid gap-2" aria-label="Proposals">
        {[...dispute.proposals].reverse().map((proposal) => {
          // Once with the moderators, an admin decides: a proposal waiting is no longer the parties' to accept.
          const waiting = proposal.status === "open" && dispute.status === "open" && !dispute.escalatedAt;
          const theirs = party !== null && proposal.by !== party;
          return (
            <li
              key={proposal._id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="min-w-0 flex-1">
                <p className={waiting ? "font-medium" : "muted"}>
                  {proposal.by === party ? "You propose" : `${payment[proposal.by].name} proposes`}{" "}
                  {splitWords(proposal)}.
                </p>
                <p className="muted text-xs">
                  <time dateTime={proposal.createdAt}>{formatDateTime(proposal.createdAt)}</time>
                  {proposal.status !== "open" && ` · ${PROPOSAL_STATES[proposal.status]}`}
                  {waiting && !theirs && party && ` · Waiting for ${otherOf(payment, party)} to accept it`}
                </p>
              </div>
              {waiting && theirs && (
                <button
                  type="button"
                  className="btn-primary print:hidden"
                  disabled={busy}
                  onClick={() => void accept(proposal)}
                >
                  Accept
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A split by the viewer: the freelancer's part in dollars, what goes back to the client shown as it is typed. */
function ProposeForm({ payment, onDone }: { payment: Payment; onDone: () => Promise<unknown> }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typed = value.trim() === "" ? undefined : Number(value);
  const inRange = typed !== undefined && Number.isFinite(typed) && typed >= 0 && cents(typed) <= cents(payment.amount);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ProposalInputSchema.safeParse({ toFreelancer: typed });
    if (!checked.success || !inRange) {
      setError(
        checked.success
          ? `The freelancer's part cannot be more than the ${formatBudget(payment.amount)} held.`
          : checked.error.issues[0]?.message,
      );
      return;
    }
    setError(undefined);
    setRefusal(null);
    setBusy(true);
    try {
      await proposeSplit(payment._id, checked.data.toFreelancer);
      notify.success("Split proposed");
      setValue("");
      await onDone();
    } catch (caught) {
      setRefusal(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  const back = inRange ? (cents(payment.amount) - cents(typed)) / 100 : null;
  return (
    <form noValidate onSubmit={submit} aria-label="Propose a split" className="grid gap-3 print:hidden">
      <h3 className="text-base font-semibold">Propose a split</h3>
      <TextField
        label="To the freelancer, in dollars"
        type="number"
        inputMode="decimal"
        min={0}
        max={payment.amount}
        step={0.01}
        value={value}
        error={error}
        onChange={(event) => setValue(event.target.value)}
      />
      <p className="muted text-sm" aria-live="polite">
        {back === null
          ? `Anything from $0.00 to ${formatBudget(payment.amount)}; the rest goes back to the client.`
          : `${formatBudget(back)} goes back to the client; ${payment.freelancer.name} receives ${formatBudget(
              freelancerNet(payment, typed ?? 0).net,
            )} after the ${payment.feePercent} % platform fee.`}
      </p>
      {refusal && (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Proposing…" : "Propose"}
        </button>
      </div>
    </form>
  );
}
