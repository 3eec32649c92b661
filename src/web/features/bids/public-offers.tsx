import { useEffect, useState } from "react";
import { ANONYMOUS_NAME } from "../../../contract/vocabulary.ts";
import { formatBudget } from "../../lib/format.ts";
import { type Bid, listBids, type OfferSummary } from "./bids-api.ts";

/**
 * The offers of a task whose poster made them public: each bidder's name and amount, for every
 * signed-in reader (PRODUCT.md, Hiring). Messages, times and statuses stay private; the API leaves them out.
 */
export function PublicOffers({ taskId, version }: { taskId: string; version?: unknown }) {
  const [bids, setBids] = useState<Array<Bid | OfferSummary> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version (the page read again) asks for the offers again
  useEffect(() => {
    const controller = new AbortController();
    listBids<Bid | OfferSummary>(taskId, controller.signal)
      .then(({ bids: found }) => setBids(found))
      .catch(() => {
        if (!controller.signal.aborted) setBids([]);
      });
    return () => controller.abort();
  }, [taskId, version]);
  if (!bids || bids.length === 0) return null;
  return (
    <section aria-labelledby="public-offers" className="mt-8">
      <h2 id="public-offers" className="text-lg font-semibold">
        Offers
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {bids.map((bid, index) => (
          // Others' offers carry no id: their order is the list's, oldest first.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
          <li key={index} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <span className="font-medium break-words">{bid.userName || ANONYMOUS_NAME}</span>
            <span className="font-semibold">{formatBudget(bid.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
