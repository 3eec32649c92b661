import type { BidStatus, TaskStatus } from "../../contract/vocabulary.ts";
import { type TaskStatusWord, taskStatusWord } from "../lib/status.ts";

/** Each status has its word on a badge; the colour only repeats it (PRODUCT.md, Hiring). */
const TONES = {
  green:
    "bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
  blue: "bg-indigo-100 text-indigo-900 ring-indigo-300 dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-800",
  grey: "bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600",
  amber: "bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  red: "bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800",
} as const;

const TASK_BADGES: Record<TaskStatusWord, keyof typeof TONES> = {
  Open: "green",
  Closed: "grey",
  Assigned: "blue",
  Completed: "green",
  Cancelled: "red",
};

const BID_BADGES: Record<BidStatus, { word: string; tone: keyof typeof TONES }> = {
  pending: { word: "Pending", tone: "amber" },
  accepted: { word: "Accepted", tone: "green" },
  declined: { word: "Declined", tone: "red" },
  withdrawn: { word: "Withdrawn", tone: "grey" },
  cancelled: { word: "Cancelled", tone: "red" },
};

function Badge({ word, tone, label }: { word: string; tone: keyof typeof TONES; label: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}
      title={label}
    >
      {word}
    </span>
  );
}

export function TaskStatusBadge({ status, deadline }: { status: TaskStatus; deadline: string }) {
  const word = taskStatusWord(status, deadline);
  return <Badge word={word} tone={TASK_BADGES[word]} label={`Task status: ${word}`} />;
}

/** A task its poster deleted: no status any more, and no page to open (My Bids keeps the offer). */
export function TaskDeletedBadge() {
  return <Badge word="Task deleted" tone="grey" label="Task status: deleted by the client" />;
}

/** A bid status's word, as its badge says it. */
export const bidStatusWord = (status: BidStatus): string => BID_BADGES[status].word;

export function BidStatusBadge({ status }: { status: BidStatus }) {
  const { word, tone } = BID_BADGES[status];
  return <Badge word={word} tone={tone} label={`Bid status: ${word}`} />;
}
