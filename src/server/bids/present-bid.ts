import { ANONYMOUS_NAME, type Bid, type OfferSummary } from "../../contract/index.ts";
import { presentReputation } from "../profiles/present-reputation.ts";
import type { BidRecord } from "./bid-repository.ts";

/**
 * A bid as its bidder and the task's poster see it (PRODUCT.md, Hiring): everything, with when it
 * was placed and, if it was changed since, when.
 */
export function presentBid(bid: BidRecord, viewerId: string): Bid {
  return {
    _id: bid.id,
    taskId: bid.taskId,
    bidTime: bid.bidTime,
    ...(bid.changedAt !== null ? { changedAt: bid.changedAt } : {}),
    status: bid.status,
    userName: bid.bidderName.trim() || ANONYMOUS_NAME,
    amount: bid.amount,
    userEmail: bid.bidderEmail,
    bidderId: bid.bidderId,
    ...(bid.days !== null ? { days: bid.days } : {}),
    ...(bid.message !== null ? { message: bid.message } : {}),
    mine: bid.bidderId === viewerId,
    ...(bid.reputation ? { reputation: presentReputation(bid.reputation) } : {}),
  };
}

/**
 * Someone else's offer on a task whose poster made the offers public: the bidder's name and the
 * amount, nothing that tells when or whether it changed.
 */
export function summarizeOffer(bid: BidRecord): OfferSummary {
  return { userName: bid.bidderName.trim() || ANONYMOUS_NAME, amount: bid.amount, mine: false };
}
