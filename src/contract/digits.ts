/**
 * A whole number as en-US writes it: "1,000", for counts and limits in messages. Written out, not
 * `toLocaleString`: building the contract's schemas, whose messages name their limits, spent most of
 * a 45 ms task formatting them (issue 30). Budgets group their dollars with it too (format.ts).
 */
export function groupDigits(count: number): string {
  const digits = Math.abs(Math.trunc(count))
    .toFixed(0)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${count < 0 ? "-" : ""}${digits}`;
}
