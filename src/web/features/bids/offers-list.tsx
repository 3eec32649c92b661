import { Check, MessageSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { Task } from "../../../contract/schemas.ts";
import { ANONYMOUS_NAME } from "../../../contract/vocabulary.ts";
import { PersonLink } from "../../components/person-link.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { BidStatusBadge } from "../../components/status-badge.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { confirmAction } from "../../lib/dialogs.ts";
import { formatBudget } from "../../lib/format.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { InvitedMark } from "../invites/public.ts";
import { useActionFailure } from "../tasks/public.ts";
import { acceptOffer, type Bid, listBids } from "./bids-api.ts";

type State =
  | { status: "loading" }
  | { status: "ready"; bids: Bid[]; total: number }
  | { status: "failed"; message: string };

type Sort = "time" | "amount" | "rating";

function sorted(bids: Bid[], sort: Sort): Bid[] {
  if (sort === "time") return bids;
  // By rating: the best first, then the most reviewed; bidders without a rating last, oldest first.
  const rating = (bid: Bid) => bid.reputation?.rating ?? -1;
  return [...bids].sort((a, b) =>
    sort === "amount"
      ? a.amount - b.amount || a.bidTime.localeCompare(b.bidTime)
      : rating(b) - rating(a) ||
        (b.reputation?.reviews ?? 0) - (a.reputation?.reviews ?? 0) ||
        a.bidTime.localeCompare(b.bidTime),
  );
}

/** "★ 4.8 · 12 reviews · 15 done", or "New on QuickGig" before a first review. */
function reputationText({ rating, reviews, completed }: NonNullable<Bid["reputation"]>): string {
  if (rating === null) return `New on QuickGig · ${completed} done`;
  return `★ ${rating.toFixed(1)} · ${reviews} ${reviews === 1 ? "review" : "reviews"} · ${completed} done`;
}

/**
 * A task's offers as its poster compares them: how many, then each (name, amount, delivery,
 * message, time), sortable by amount or time, with Message, and Accept bid while the task is open.
 * In the Bids dialog of My Posted Tasks and on the task's own page. `version`: when it changes (the
 * page's data read again: a notice said a bid came, a bid was accepted or refused), the offers are
 * read again too.
 */
export function OffersList({ task, version }: { task: Task; version?: unknown }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [sort, setSort] = useState<Sort>("time");
  const [accepting, setAccepting] = useState<string | null>(null);
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const failed = useActionFailure(task);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for the list again
  useEffect(() => {
    const controller = new AbortController();
    listBids(task._id, controller.signal)
      .then(({ bids, total }) => setState({ status: "ready", bids, total }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: "failed", message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [task._id, version]);

  async function accept(bid: Bid) {
    const name = bid.userName || ANONYMOUS_NAME;
    const confirmed = await confirmAction({
      title: "Accept this bid?",
      text: `${name} will be hired for ${formatBudget(bid.amount)}. The other offers will be declined.`,
      confirmLabel: "Accept bid",
    });
    if (!confirmed) return;
    setAccepting(bid._id);
    try {
      // The amount shown: if the bidder changed the offer meanwhile, the server refuses and says so.
      const accepted = await acceptOffer(task._id, { bidId: bid._id, amount: bid.amount });
      // With payments on, the payment hires: to its checkout (test mode's page, or the provider's).
      if ("checkoutUrl" in accepted) {
        if (accepted.checkoutUrl.startsWith("/")) navigate(accepted.checkoutUrl);
        else window.location.assign(accepted.checkoutUrl);
        return;
      }
      await revalidate();
      notify.success(`You hired ${name}.`);
    } catch (error) {
      // Whatever changed (the offer, the task): said, and shown as it is now.
      await failed(error);
    } finally {
      setAccepting(null);
    }
  }

  const total = state.status === "ready" ? state.total : 0;
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-semibold">
          Total Bids: <span data-testid="total-bids">{total}</span>
        </p>
        {state.status === "ready" && state.bids.length > 1 && (
          <label className="flex items-center gap-2 text-sm">
            Sort by
            <select
              className="input w-auto py-1"
              value={sort}
              onChange={(event) => setSort(event.target.value as Sort)}
            >
              <option value="time">Time (oldest first)</option>
              <option value="amount">Amount (lowest first)</option>
              <option value="rating">Rating (best first)</option>
            </select>
          </label>
        )}
      </div>
      {state.status === "loading" && <Spinner label="Loading bids" className="py-6" />}
      {state.status === "failed" && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {state.message}
        </p>
      )}
      {state.status === "ready" &&
        (state.bids.length === 0 ? (
          <p className="muted mt-3 text-sm">No bids yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Offers">
            {sorted(state.bids, sort).map((bid) => (
              <Offer
                key={bid._id}
                bid={bid}
                task={task}
                canAccept={task.status === "open" && bid.status === "pending"}
                accepting={accepting}
                onAccept={accept}
              />
            ))}
          </ul>
        ))}
      {state.status === "ready" && state.total > state.bids.length && (
        <p className="muted mt-2 text-xs">Showing the first {state.bids.length} bids.</p>
      )}
    </>
  );
}

function Offer({
  bid,
  task,
  canAccept,
  accepting,
  onAccept,
}: {
  bid: Bid;
  task: Task;
  canAccept: boolean;
  accepting: string | null;
  onAccept: (bid: Bid) => void;
}) {
  const name = bid.userName || ANONYMOUS_NAME;
  return (
    <li className="py-4" aria-label={`Offer from ${name}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium break-words">
            <PersonLink id={bid.bidderId} name={name} /> <BidStatusBadge status={bid.status} />{" "}
            {bid.invited && <InvitedMark />}
          </p>
          {bid.reputation && (
            <p className="text-sm font-medium text-amber-700 dark:text-amber-300">{reputationText(bid.reputation)}</p>
          )}
          <p className="muted text-sm break-all">{bid.userEmail}</p>
          <p className="muted text-xs">
            <time dateTime={bid.bidTime}>{formatDateTime(bid.bidTime)}</time>
            {bid.changedAt && (
              <>
                {" · changed "}
                <time dateTime={bid.changedAt}>{formatDateTime(bid.changedAt)}</time>
              </>
            )}
          </p>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold">{formatBudget(bid.amount)}</p>
          {bid.days !== undefined && (
            <p className="muted text-sm">
              in {bid.days} {bid.days === 1 ? "day" : "days"}
            </p>
          )}
        </div>
      </div>
      {bid.message && (
        <p className="mt-2 text-sm whitespace-pre-line break-words text-slate-700 dark:text-slate-300">{bid.message}</p>
      )}
      {bid.bidderId && (
        <Link
          to={paths.thread(task._id, bid.bidderId)}
          className="btn-secondary mt-3 mr-2 px-3 py-1.5"
          aria-label={`Message ${name}`}
        >
          <MessageSquare aria-hidden="true" className="size-4" /> Message
        </Link>
      )}
      {canAccept && (
        <button
          type="button"
          className="btn-primary mt-3 px-3 py-1.5"
          onClick={() => onAccept(bid)}
          disabled={accepting !== null}
          aria-label={`Accept bid from ${name}`}
        >
          <Check aria-hidden="true" className="size-4" />
          {accepting === bid._id ? "Accepting…" : "Accept bid"}
        </button>
      )}
    </li>
  );
}
