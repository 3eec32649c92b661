import { Gavel, HandCoins, LogOut, MessageSquare, Pencil, Undo2 } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Link, useRevalidator, useSearchParams } from "react-router";
import { isBiddingOpen } from "../../../contract/dates.ts";
import { MESSAGES } from "../../../contract/messages.ts";
import type { Task } from "../../../contract/schemas.ts";
import { PHONE_ACTION } from "../../components/phone-action.ts";
import { BidStatusBadge } from "../../components/status-badge.tsx";
import { loginPath, paths } from "../../config/paths.ts";
import { confirmAction } from "../../lib/dialogs.ts";
import { formatBudget } from "../../lib/format.ts";
import { notify } from "../../lib/notify.ts";
import { useLimitReason } from "../moderation/public.ts";
import { isStaleRefusal, useActionFailure } from "../tasks/public.ts";
import { type Bid, moveTask, type Offer, placeBid, updateBid, withdrawBid } from "./bids-api.ts";

// The form and its checks load when the person opens it, not with the page.
const BidFormDialog = lazy(() => import("./bid-form-dialog.tsx"));

const isLive = (bid: Bid | undefined) => bid?.status === "pending" || bid?.status === "accepted";

/** Why the person cannot bid (PRODUCT.md, Bids and Hiring), or null when they can. */
function refusalReason(task: Task, ownTask: boolean, myBid: Bid | undefined): string | null {
  if (ownTask) return MESSAGES.ownTaskBid;
  if (isLive(myBid)) return MESSAGES.alreadyBid;
  if (task.status !== "open") return MESSAGES.notTakingBids;
  if (!isBiddingOpen(task.deadline)) return MESSAGES.biddingClosed;
  return null;
}

/**
 * What became of the person's offer, once it is more than an offer: hired, done, passed over or
 * called off. It takes the place of Place a Bid, which has nothing left to offer them; null while
 * the offer waits, or when the task is open again for a declined bidder to bid anew.
 */
function offerOutcome(task: Task, myBid: Bid | undefined): string | null {
  if (myBid?.status === "accepted") {
    if (task.status === "completed") return "The client marked this task completed. Thank you for your work!";
    if (task.payment?.status === "delivered")
      return "You are hired. You asked for payment: the client completes the task or opens a dispute.";
    if (task.payment?.status === "disputed")
      return "The payment for this task is disputed: it ends in a split, on the payment's page.";
    return "You are hired for this task. Message the client about the work.";
  }
  if (myBid?.status === "cancelled") return "The client cancelled this task.";
  if (myBid?.status === "declined" && task.status !== "open") return "The client chose another offer.";
  return null;
}

/** A task's address that opens its bid form (where Place a Bid's way into an account returns). */
const OPEN_BID = "bid";
const openBidPath = (taskId: string) => `${paths.taskDetails(taskId)}?${OPEN_BID}=open`;

/** For a visitor: Place a Bid leads to sign-in (or sign-up), which brings them back here with the bid form open. */
export function PlaceBidSignedOut({ task }: { task: Task }) {
  const login = loginPath(openBidPath(task._id));
  const closed = refusalReason(task, false, undefined);
  return (
    <div className="rounded-xl border border-indigo-200 bg-indigo-50 p-5 dark:border-indigo-900 dark:bg-indigo-950/50">
      {closed ? (
        <p className="font-medium text-slate-900 dark:text-white">{closed}</p>
      ) : (
        <>
          <p className="font-medium text-slate-900 dark:text-white">
            Log in or sign up to bid on this task and ask the client questions.
          </p>
          <Link to={login} className={`btn-primary mt-4 ${PHONE_ACTION}`}>
            <Gavel aria-hidden="true" className="size-4" />
            Place a Bid
          </Link>
        </>
      )}
    </div>
  );
}

/**
 * Task details' bid panel: the count, Place a Bid, and once placed, "Your bid" with Edit and
 * Withdraw; for the hired freelancer, Message the client and Give the task back. It shows the task
 * as the page last read it: after each action, and whenever a notice about it comes, the page reads
 * it again (the router's loader) and the panel follows.
 */
export function PlaceBid({ task, ownTask }: { task: Task; ownTask: boolean }) {
  const count = task.bidCount ?? 0;
  const { myBid } = task;
  const [form, setForm] = useState<"new" | "edit" | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const revalidator = useRevalidator();
  const failed = useActionFailure(task);
  const reasonId = useId();
  // A limited person may not bid or change a bid (issue 45): said before they open the form; withdrawing stays.
  const limited = useLimitReason();
  const reason = refusalReason(task, ownTask, myBid) ?? limited;
  const outcome = offerOutcome(task, myBid);
  const editable = myBid?.status === "pending" && task.status === "open";
  const working = myBid?.status === "accepted" && task.status === "assigned";
  // Back from a way into an account that Place a Bid started: the form opens once, if bidding is possible.
  const [params, setParams] = useSearchParams();
  const openAsked = params.get(OPEN_BID) === "open";
  useEffect(() => {
    if (!openAsked) return;
    if (reason === null) setForm("new");
    setParams(
      (current) => {
        current.delete(OPEN_BID);
        return current;
      },
      { replace: true },
    );
  }, [openAsked, reason, setParams]);
  // The standing is read after the first paint: a limit learnt then (or lifted into force live) closes the form.
  useEffect(() => {
    if (limited) setForm(null);
  }, [limited]);

  /** The form's offer sent. The form says a refusal of the offer itself; one because the task moved on closes it and says what happened. */
  async function submit(offer: Offer) {
    try {
      const editing = form === "edit" && myBid;
      if (editing) await updateBid(myBid._id, offer);
      else await placeBid(task._id, offer);
      await revalidator.revalidate();
      notify.success(editing ? "Your bid has been updated." : "Your bid has been placed.");
    } catch (error) {
      if (!isStaleRefusal(error)) throw error;
      await failed(error);
    }
  }

  async function withdraw() {
    if (!myBid) return;
    const confirmed = await confirmAction({
      title: "Withdraw your bid?",
      text: "The client will no longer see your offer. You can bid again while the task is open.",
      confirmLabel: "Withdraw bid",
    });
    if (!confirmed) return;
    setWithdrawing(true);
    try {
      await withdrawBid(myBid._id);
      await revalidator.revalidate();
      notify.success("Your bid has been withdrawn.");
    } catch (error) {
      await failed(error);
    } finally {
      setWithdrawing(false);
    }
  }

  /** The hired freelancer delivers and asks for the payment held for the task (issue 44). */
  async function requestPayment() {
    const confirmed = await confirmAction({
      title: "Request payment?",
      text: "Tell the client the work is delivered. If they neither mark the task completed nor open a dispute in time, the payment is released to you by itself.",
      confirmLabel: "Request payment",
    });
    if (!confirmed) return;
    setWithdrawing(true);
    try {
      await moveTask(task._id, "deliver");
      await revalidator.revalidate();
      notify.success("Payment requested. The client is told.");
    } catch (error) {
      await failed(error);
    } finally {
      setWithdrawing(false);
    }
  }

  /** The hired freelancer gives the task back: it is open again and their bid withdrawn. */
  async function release() {
    const confirmed = await confirmAction({
      title: "Give this task back?",
      text: "The client will be able to hire someone else, and your bid will be withdrawn.",
      confirmLabel: "Give the task back",
    });
    if (!confirmed) return;
    setWithdrawing(true);
    try {
      await moveTask(task._id, "release");
      // The page's task (its status, who is assigned, my bid) is read again.
      await revalidator.revalidate();
      notify.success("You gave the task back.");
    } catch (error) {
      await failed(error);
    } finally {
      setWithdrawing(false);
    }
  }

  return (
    <div className="rounded-xl border border-indigo-200 bg-indigo-50 p-5 dark:border-indigo-900 dark:bg-indigo-950/50">
      <p className="text-lg font-semibold text-slate-900 dark:text-white" aria-live="polite">
        You bid for {count} opportunities.
      </p>
      {myBid && (
        <section aria-labelledby={`${reasonId}-mine`} className="mt-4 rounded-lg bg-white p-4 dark:bg-slate-900">
          <div className="flex flex-wrap items-center gap-3">
            <h3 id={`${reasonId}-mine`} className="font-semibold">
              Your bid
            </h3>
            {myBid.status && <BidStatusBadge status={myBid.status} />}
          </div>
          <p className="mt-2 text-2xl font-bold">{formatBudget(myBid.amount)}</p>
          {myBid.days !== undefined && (
            <p className="muted text-sm">
              Delivery in {myBid.days} {myBid.days === 1 ? "day" : "days"}
            </p>
          )}
          {myBid.message && <p className="mt-2 text-sm whitespace-pre-line break-words">{myBid.message}</p>}
          {myBid.bidderId && (
            <Link to={paths.thread(task._id, myBid.bidderId)} className="btn-secondary mt-4 mr-2">
              <MessageSquare aria-hidden="true" className="size-4" /> Message the client
            </Link>
          )}
          {working && task.payment?.status === "held" && (
            <button type="button" className="btn-primary mt-4 mr-2" onClick={requestPayment} disabled={withdrawing}>
              <HandCoins aria-hidden="true" className="size-4" /> Request payment
            </button>
          )}
          {working && task.payment?.status !== "disputed" && (
            <button type="button" className="btn-secondary mt-4" onClick={release} disabled={withdrawing}>
              <LogOut aria-hidden="true" className="size-4" /> Give the task back
            </button>
          )}
          {editable && (
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setForm("edit")}
                disabled={limited !== null}
              >
                <Pencil aria-hidden="true" className="size-4" /> Edit bid
              </button>
              <button type="button" className="btn-secondary" onClick={withdraw} disabled={withdrawing}>
                <Undo2 aria-hidden="true" className="size-4" /> {withdrawing ? "Withdrawing…" : "Withdraw bid"}
              </button>
            </div>
          )}
        </section>
      )}
      {outcome ? (
        <p role="status" className="mt-3 font-medium text-slate-900 dark:text-white">
          {outcome}
        </p>
      ) : (
        <PlaceBidButton reason={reason} reasonId={reasonId} onOpen={() => setForm("new")} />
      )}
      {form && (
        <Suspense fallback={null}>
          <BidFormDialog
            title={form === "edit" ? "Edit your bid" : "Place a Bid"}
            taskTitle={task.title}
            defaultValues={
              form === "edit" && myBid
                ? { amount: myBid.amount, days: myBid.days, message: myBid.message }
                : { amount: task.budget }
            }
            submitLabel={form === "edit" ? "Save bid" : "Place bid"}
            feePercent={task.platformFeePercent}
            onSubmit={submit}
            onClose={() => setForm(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Place a Bid, or why it is disabled (your own task, already bid, closed: PRODUCT.md). */
function PlaceBidButton({ reason, reasonId, onOpen }: { reason: string | null; reasonId: string; onOpen: () => void }) {
  return (
    <>
      <button
        type="button"
        // While bidding is possible, on a phone it stays at the bottom of the screen.
        className={`btn-primary mt-4 ${reason ? "w-full sm:w-auto" : PHONE_ACTION}`}
        onClick={onOpen}
        disabled={reason !== null}
        aria-describedby={reason ? reasonId : undefined}
      >
        <Gavel aria-hidden="true" className="size-4" />
        Place a Bid
      </button>
      {reason && (
        <p id={reasonId} className="mt-3 text-sm font-medium text-slate-700 dark:text-slate-300">
          {reason}
        </p>
      )}
    </>
  );
}
