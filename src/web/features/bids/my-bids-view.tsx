import { Link, useNavigate } from "react-router";
import { PAYMENT_STATUS_LABELS } from "../../../contract/payment-words.ts";
import type { MyBid } from "../../../contract/schemas.ts";
import { BID_STATUSES, type BidStatus } from "../../../contract/vocabulary.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { BidStatusBadge, bidStatusWord, TaskDeletedBadge, TaskStatusBadge } from "../../components/status-badge.tsx";
import { paths } from "../../config/paths.ts";
import { formatBudget } from "../../lib/format.ts";
import { formatDateTime } from "../../lib/format-time.ts";

export const MY_BIDS_PAGE_SIZE = 20;

/** What My Bids shows, from its URL's query: an unknown status shows every bid, a page that is no number the first. */
export function readMyBidsQuery(search: URLSearchParams): { status: BidStatus | undefined; page: number } {
  const status = search.get("status");
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  return {
    status: (BID_STATUSES as readonly string[]).includes(status ?? "") ? (status as BidStatus) : undefined,
    page,
  };
}

function href({ status, page }: { status?: BidStatus | undefined; page: number }) {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${paths.myBids}?${search}` : paths.myBids;
}

export interface MyBidsList {
  /** This page's bids, the latest offer first. */
  bids: MyBid[];
  /** How many bids the filter finds in all. */
  total: number;
  status: BidStatus | undefined;
  page: number;
}

/**
 * My Bids as it shows a page of the reader's bids: the status filter, the list (or what to do when
 * it is empty) and the pager. The live page (my-bids-page.tsx) and the first screen the server
 * renders (app/page-screens.tsx) both draw it.
 */
export function MyBidsView({ bids, total, status, page }: MyBidsList) {
  const navigate = useNavigate();
  const pages = Math.max(1, Math.ceil(total / MY_BIDS_PAGE_SIZE));
  return (
    <div>
      <PageHeader title="My Bids" intro="Follow your offers: which are waiting, which won the work, which did not.">
        <label className="flex items-center gap-2 text-sm font-medium">
          Status
          <select
            className="input w-auto"
            value={status ?? ""}
            onChange={(event) =>
              navigate(href({ status: (event.target.value || undefined) as BidStatus | undefined, page: 1 }))
            }
          >
            <option value="">All bids</option>
            {BID_STATUSES.map((value) => (
              <option key={value} value={value}>
                {bidStatusWord(value)}
              </option>
            ))}
          </select>
        </label>
      </PageHeader>
      {bids.length === 0 ? (
        <div className="card p-10 text-center">
          <p className="text-lg font-semibold">
            {status ? `No ${bidStatusWord(status).toLowerCase()} bids.` : "No bids yet."}
          </p>
          <Link to={paths.browseTasks} className="btn-primary mt-4">
            Browse Tasks
          </Link>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label={`Your bids (${total})`}>
          {bids.map((bid) => (
            <li key={bid._id} className="card flex flex-wrap items-center justify-between gap-4 p-4">
              <div className="min-w-0">
                {bid.task.deleted ? (
                  // Its page is gone: the title as it was, not a link to a page that is not found.
                  <p className="font-semibold break-words">{bid.task.title}</p>
                ) : (
                  <Link to={paths.taskDetails(bid.task._id)} className="link font-semibold break-words">
                    {bid.task.title}
                  </Link>
                )}
                <p className="muted mt-1 text-xs">
                  Bid on <time dateTime={bid.bidTime}>{formatDateTime(bid.bidTime)}</time>
                  {bid.changedAt && (
                    <>
                      {" · changed "}
                      <time dateTime={bid.changedAt}>{formatDateTime(bid.changedAt)}</time>
                    </>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <span className="text-lg font-bold">{formatBudget(bid.amount)}</span>
                <span className="flex items-center gap-1">
                  <span className="muted">Bid</span> <BidStatusBadge status={bid.status} />
                </span>
                <span className="flex items-center gap-1">
                  <span className="muted">Task</span>{" "}
                  {bid.task.deleted ? (
                    <TaskDeletedBadge />
                  ) : (
                    <TaskStatusBadge status={bid.task.status} deadline={bid.task.deadline} />
                  )}
                </span>
                {bid.task.payment && (
                  <span className="font-medium">{PAYMENT_STATUS_LABELS[bid.task.payment.status]}</span>
                )}
                {bid.bidderId && !bid.task.deleted && (
                  <Link
                    to={paths.thread(bid.task._id, bid.bidderId)}
                    className="link"
                    aria-label={`Message the client of ${bid.task.title}`}
                  >
                    Message
                  </Link>
                )}
                {bid.task.reviewDue && !bid.task.deleted && (
                  // #review: the task's page opens its review form (features/reviews).
                  <Link
                    to={`${paths.taskDetails(bid.task._id)}#review`}
                    className="btn-primary px-3 py-1.5"
                    aria-label={`Leave a review: ${bid.task.title}`}
                  >
                    Leave a review
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageLinks page={page} pages={pages} hrefOf={(to) => href({ status, page: to })} />
    </div>
  );
}
