import { groupDigits } from "../../../contract/digits.ts";
import { formatMonth } from "../../../contract/format.ts";
import { LIMITS } from "../../../contract/limits.ts";
import type { Figure } from "../../../contract/reputation.ts";
import { formatRate, formatStars } from "../../../contract/reputation-words.ts";

export { formatMonth };

export const plural = (count: number, one: string, many: string) => `${groupDigits(count)} ${count === 1 ? one : many}`;

/** "4.8 · average of 12 reviews since March 2026", or why there is none yet. */
export function explainAverage(figure: Figure, of = "reviews"): string {
  if (figure.value === null || figure.denominator === 0) return `No ${of} yet since ${formatMonth(figure.from)}.`;
  return `${formatStars(figure.value)} · average of ${plural(figure.denominator, of.replace(/s$/, ""), of)} since ${formatMonth(figure.from)} (${plural(figure.numerator, "star", "stars")} in all)`;
}

/*
 * The words of the two rates say what they count, as the server counts it (decision 022) and as
 * How reputation works says it, in the same words:
 * completion rate = tasks completed / tasks completed or given back (a client's cancellation and a
 * task still in progress are not in it); cancellation rate = hired tasks cancelled / hired tasks
 * completed or cancelled (a task given back and one in progress are not in it).
 */

/** "92 % · of the 12 tasks Maya completed or gave back, 11 were completed and 1 given back, since March 2026". */
export function explainCompletion(figure: Figure, name: string): string {
  const since = `since ${formatMonth(figure.from)}`;
  if (!figure.shown || figure.value === null) {
    return `Shown once ${LIMITS.rateMinAssignments} tasks are completed or given back; ${name} has ${figure.denominator} so far (${since}).`;
  }
  const gaveBack = figure.denominator - figure.numerator;
  return `${formatRate(figure.value)} · of the ${plural(figure.denominator, "task", "tasks")} ${name} completed or gave back, ${figure.numerator} ${figure.numerator === 1 ? "was" : "were"} completed and ${gaveBack} given back, ${since}`;
}

/** "8 % · of Maya's 12 hired tasks that were completed or cancelled, 1 was cancelled, since March 2026". */
export function explainCancellation(figure: Figure, name: string): string {
  const since = `since ${formatMonth(figure.from)}`;
  if (!figure.shown || figure.value === null) {
    return `Shown once ${LIMITS.rateMinAssignments} hired tasks are completed or cancelled; ${name} has ${figure.denominator} so far (${since}).`;
  }
  return `${formatRate(figure.value)} · of ${name}'s ${plural(figure.denominator, "hired task", "hired tasks")} that ${figure.denominator === 1 ? "was" : "were"} completed or cancelled, ${figure.numerator} ${figure.numerator === 1 ? "was" : "were"} cancelled, ${since}`;
}
