import { type Figure, formatRate, formatStars } from "./reputation.ts";

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "March 2026": the month a period starts, as "Member since" and the explanations say it. */
export function formatMonth(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** "4.8 · average of 12 reviews since March 2026", or why there is none yet. */
export function explainAverage(figure: Figure, of = "reviews"): string {
  if (figure.value === null || figure.denominator === 0) return `No ${of} yet since ${formatMonth(figure.from)}.`;
  return `${formatStars(figure.value)} · average of ${plural(figure.denominator, of.replace(/s$/, ""), of)} since ${formatMonth(figure.from)} (${plural(figure.numerator, "star", "stars")} in all)`;
}

/** "92 % · 11 of 12 tasks assigned to Maya were completed; 1 given back", or how far from shown. */
export function explainCompletion(figure: Figure, name: string): string {
  const since = `since ${formatMonth(figure.from)}`;
  if (!figure.shown || figure.value === null) {
    return `Shown from 5 assigned tasks that ended; ${name} has ${figure.denominator} so far (${since}).`;
  }
  const gaveBack = figure.denominator - figure.numerator;
  return `${formatRate(figure.value)} · ${figure.numerator} of ${plural(figure.denominator, "task", "tasks")} assigned to ${name} ${figure.denominator === 1 ? "was" : "were"} completed; ${gaveBack} given back, ${since}`;
}

/** "8 % · 1 of 12 hired tasks were cancelled", or how far from shown. */
export function explainCancellation(figure: Figure, name: string): string {
  const since = `since ${formatMonth(figure.from)}`;
  if (!figure.shown || figure.value === null) {
    return `Shown from 5 hired tasks that ended; ${name} has ${figure.denominator} so far (${since}).`;
  }
  return `${formatRate(figure.value)} · ${figure.numerator} of ${plural(figure.denominator, "hired task", "hired tasks")} ${figure.numerator === 1 ? "was" : "were"} cancelled, ${since}`;
}
