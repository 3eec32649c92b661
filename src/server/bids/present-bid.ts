import { ANONYMOUS_NAME, type Bid } from "../../contract/index.ts";
import type { BidRecord } from "./bid-repository.ts";

/**
 * Who sees what of a bid (PRODUCT.md, Hiring): the task's poster and the bidder see it all; when
 * the poster made the offers public, every signed-in reader sees the bidder's name and amount;
 * anyone else sees that it exists, its time and its status.
 */
export function presentBid(bid: BidRecord, viewerId: string, task: { ownerId: string; offersPublic: boolean }): Bid {
  const mine = bid.bidderId === viewerId;
  const full = mine || task.ownerId === viewerId;
  const name = bid.bidderName.trim() || ANONYMOUS_NAME;
  return {
    _id: bid.id,
    taskId: bid.taskId,
    bidTime: bid.bidTime,
    status: bid.status,
    ...(full || task.offersPublic ? { userName: name, amount: bid.amount } : {}),
    ...(full
      ? {
          userEmail: bid.bidderEmail,
          bidderId: bid.bidderId,
          ...(bid.days !== null ? { days: bid.days } : {}),
          ...(bid.message !== null ? { message: bid.message } : {}),
        }
      : {}),
    mine,
  };
}
