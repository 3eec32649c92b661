/** What other features use of bids: the offers of a task (its poster's dialog, the public list), bidding, and the task's steps. */

export { listBids, moveTask } from "./bids-api.ts";
export { BidsDialog } from "./bids-dialog.tsx";
export { OffersList } from "./offers-list.tsx";
export { PlaceBid, PlaceBidSignedOut } from "./place-bid.tsx";
export { PublicOffers } from "./public-offers.tsx";
export { TaskSteps } from "./task-steps.tsx";
