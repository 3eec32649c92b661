/**
 * The ledger's accounts (decision 030). Money enters from a client's card and leaves as a refund to
 * it or a payout to a freelancer; in between it is held per task, then owed to a freelancer and to
 * the platform. An account is a name; its balance is the sum of its entries.
 *
 * - `card:<client>`: what the client's card paid in (negative) and got back (positive). Outside.
 * - `escrow:<task>`: what QuickGig holds for a task's hire. Never below zero; zero once settled.
 * - `earnings:<freelancer>`: released to the freelancer, not yet paid out. Never below zero.
 * - `fees`: the platform's fees. Never below zero.
 * - `payouts:<freelancer>`: what left QuickGig for the freelancer's bank. Outside.
 */
export const account = {
  card: (clientId: string) => `card:${clientId}`,
  escrow: (taskId: string) => `escrow:${taskId}`,
  earnings: (freelancerId: string) => `earnings:${freelancerId}`,
  fees: "fees",
  payouts: (freelancerId: string) => `payouts:${freelancerId}`,
} as const;

/** Accounts inside QuickGig: what they hold is money someone is owed, so never below zero. */
export function isHeld(name: string): boolean {
  return name === account.fees || name.startsWith("escrow:") || name.startsWith("earnings:");
}
