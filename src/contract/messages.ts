/** Texts of API refusals that the web app shows as they are. */
export const MESSAGES = {
  alreadyBid: "You have already placed a bid on this task.",
  ownTaskBid: "You cannot bid on your own task.",
  biddingClosed: "Bidding has closed for this task.",
  signInRequired: "You need to sign in to do this.",
  notTaskOwner: "Only the person who posted this task can change it.",
  taskNotFound: "This task does not exist or has been deleted.",
  /** Cancel refused once the freelancer delivered (issue 44). */
  deliveredNoCancel:
    "The freelancer has delivered the work and asked for payment: mark the task completed, or open a dispute if something is wrong.",
  /** Request payment refused: nothing is held for the task (issue 44). */
  nothingHeld: "There is no payment held for this task to request.",
  noChanges: "No changes to save.",
  googleUnavailable: "Google sign-in is not available on this server",
  taskTaken: "This task already has a freelancer.",
  taskNotOpen: {
    assigned: "This task is assigned. Cancel it first if the work is no longer needed.",
    completed: "This task is completed and can no longer be changed.",
    cancelled: "This task is cancelled and can no longer be changed.",
  },
  notTakingBids: "This task is no longer taking bids.",
  bidNotPending: "Only a pending bid can be changed or withdrawn.",
  bidNotOnTask: "This bid is not one of this task's offers.",
  bidGone: "This bid was withdrawn or has changed. Please choose another.",
  offerChanged: "The bidder changed this offer a moment ago. Look at it again before you accept.",
  notBidder: "Only the person who placed this bid can change it.",
  notAssigned: "This task is not assigned.",
  notAssignee: "Only the freelancer working on this task can release it.",
  ownTaskQuestion: "You cannot ask a question on your own task. Add what is missing to its description instead.",
  notQuestionPoster: "Only the person who posted this task can answer or hide its questions.",
  questionNotFound: "This question does not exist or has been hidden.",
  threadNotFound: "This conversation does not exist.",
  googleAccountExists: "An account with this email already exists. Sign in with your email and password instead.",
  /** Google's sign-in refused to a suspended person: the redirect back cannot be trusted to name the rule. */
  googleAccountSuspended: "Your account is suspended. You can appeal once, from the link in the email we sent you.",
} as const;
