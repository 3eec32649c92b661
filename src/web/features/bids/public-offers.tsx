import { useEffect, useState } from "react";
import { ANONYMOUS_NAME } from "../../../contract/limits.ts";
import { BidStatusBadge } from "../../components/status-badge.tsx";
import { formatBudget } from "../../lib/format.ts";
import { type Bid, listBids } from "./bids-api.ts";

/**
 * The offers of a task whose poster made them public: each bidder's name and amount, for every
 * signed-in reader (PRODUCT.md, Hiring). Messages stay private; the API leaves them out.
 */
export function PublicOffers({ taskId }: { taskId: string }) {
  const [bids, setBids] = useState<Bid[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    listBids(taskId, controller.signal)
      .then(({ bids: found }) => setBids(found))
      .catch(() => {
        if (!controller.signal.aborted) setBids([]);
      });
    return () => controller.abort();
  }, [taskId]);
  if (!bids || bids.length === 0) return null;
  return (
    <section aria-labelledby="public-offers" className="mt-8">
      <h2 id="public-offers" className="text-lg font-semibold">
        Offers
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {bids.map((bid) => (
          <li key={bid._id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <span className="font-medium break-words">{bid.userName || ANONYMOUS_NAME}</span>
            <span className="flex items-center gap-3">
              {bid.amount !== undefined && <span className="font-semibold">{formatBudget(bid.amount)}</span>}
              <BidStatusBadge status={bid.status} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
