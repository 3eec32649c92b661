/** Texts of API refusals that the web app shows as they are. */
export const MESSAGES = {
  alreadyBid: "You have already placed a bid on this task.",
  ownTaskBid: "You cannot bid on your own task.",
  biddingClosed: "Bidding has closed for this task.",
  signInRequired: "You need to sign in to do this.",
  notTaskOwner: "Only the person who posted this task can change it.",
  taskNotFound: "This task does not exist or has been deleted.",
  noChanges: "No changes to save.",
  googleUnavailable: "Google sign-in is not available on this server",
  googleAccountExists: "An account with this email already exists. Sign in with your email and password instead.",
} as const;
