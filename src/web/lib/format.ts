// Written out, not Intl: see contract/format.ts. My Bids' first screen, which the server renders,
// writes its bids' times in the server's time zone; the live page puts the reader's in their place
// (the same where the two zones agree).

export { formatBudget, formatDateTime, formatDeadline } from "../../contract/format.ts";
