import type { Reputation } from "../../contract/index.ts";

/** Stars as shown: one decimal. */
export const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * A freelancer's record as a bidder's offer and a Find Freelancers card show it: the average of
 * their published reviews' stars (one decimal), how many, and tasks completed. A module of its
 * own, free of the rules, so that bids present it without importing profiles' rules (and theirs).
 */
export function presentReputation(record: { ratingSum: number; ratingCount: number; completed: number }): Reputation {
  return {
    rating: record.ratingCount > 0 ? oneDecimal(record.ratingSum / record.ratingCount) : null,
    reviews: record.ratingCount,
    completed: record.completed,
  };
}
