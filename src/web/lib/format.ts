// Written out, not Intl: see contract/format.ts. Times are in format-time.ts.

export { formatBudget, formatDeadline } from "../../contract/format.ts";
