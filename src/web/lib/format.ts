const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });
const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function formatBudget(budget: number): string {
  return money.format(budget);
}

/** A YYYY-MM-DD deadline, shown as the calendar day it names wherever the reader is. */
export function formatDeadline(deadline: string): string {
  const date = new Date(`${deadline}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? deadline : day.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
