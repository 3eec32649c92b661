import { z } from "zod";
import { formatBudget, formatDeadline } from "./format.ts";
import { LIMITS } from "./limits.ts";
import {
  LIMITED_CAN,
  LIMITED_CANNOT,
  REASON_PHRASES,
  REPORT_REASONS,
  REPORT_TARGETS,
  type ReportTarget,
  ruleTitle,
  SANCTION_KINDS,
  TARGET_NOUNS,
} from "./moderation.ts";
import { pageLimitSchema } from "./schemas.ts";

/** What a person is told about (PRODUCT.md, Notifications). */
export const NOTIFICATION_KINDS = [
  "bid-new",
  "bid-accepted",
  "bid-declined",
  "task-changed",
  "task-cancelled",
  "task-deleted",
  "question-new",
  "question-answered",
  "message-new",
  "task-completed",
  "task-released",
  "task-reopened",
  "bid-changed",
  "review-received",
  "reviews-published",
  "review-reminder",
  "report-outcome",
  "moderation-action",
  "moderation-lifted",
  "appeal-decided",
  "task-removed",
  "payment-held",
  "payment-requested",
  "payment-release-soon",
  "payment-released",
  "payment-refunded",
  "dispute-opened",
  "dispute-proposal",
  "dispute-settled",
  "dispute-decided",
  "task-invitation",
  "task-alert",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** email: in the app and by email; app: in the app only; off: neither. */
export const NOTIFICATION_CHANNELS = ["email", "app", "off"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** By email what decides or changes someone's work; the rest in the app only. */
export const DEFAULT_CHANNELS: Record<NotificationKind, NotificationChannel> = {
  "bid-new": "email",
  "bid-accepted": "email",
  "bid-declined": "email",
  "task-changed": "email",
  "task-cancelled": "email",
  "task-deleted": "email",
  "question-new": "app",
  "question-answered": "app",
  "message-new": "email",
  "task-completed": "app",
  "task-released": "email",
  "task-reopened": "email",
  "bid-changed": "app",
  "review-received": "email",
  "reviews-published": "email",
  "review-reminder": "email",
  "report-outcome": "email",
  "moderation-action": "email",
  "moderation-lifted": "email",
  "appeal-decided": "email",
  "task-removed": "email",
  "payment-held": "email",
  "payment-requested": "email",
  "payment-release-soon": "email",
  "payment-released": "email",
  "payment-refunded": "email",
  "dispute-opened": "email",
  "dispute-proposal": "email",
  "dispute-settled": "email",
  "dispute-decided": "email",
  "task-invitation": "email",
  "task-alert": "email",
};

/** How each kind is named where a person chooses its channel, and in an email's unsubscribe line. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  "bid-new": "New bids on my tasks",
  "bid-accepted": "My bid accepted",
  "bid-declined": "My bid declined",
  "task-changed": "Changes to a task I bid on",
  "task-cancelled": "A task I bid on cancelled",
  "task-deleted": "A task I bid on deleted",
  "question-new": "New questions on my tasks",
  "question-answered": "Answers to my questions",
  "message-new": "New messages",
  "task-completed": "A task I work on marked completed",
  "task-released": "A freelancer giving my task back",
  "task-reopened": "A task open again with my offer back in",
  "bid-changed": "Changed offers on my tasks",
  "review-received": "A review of me waiting for mine",
  "reviews-published": "Reviews published",
  "review-reminder": "Reminders to review",
  "report-outcome": "What came of my reports",
  "moderation-action": "Moderators' decisions about me or my content",
  "moderation-lifted": "Moderators' decisions lifted",
  "appeal-decided": "Answers to my appeals",
  "task-removed": "A task I bid on removed by a moderator",
  "payment-held": "A hire's payment secured",
  "payment-requested": "A freelancer asking for their payment",
  "payment-release-soon": "A requested payment about to be released",
  "payment-released": "A payment released to me",
  "payment-refunded": "A payment refunded to me",
  "dispute-opened": "A dispute over a payment",
  "dispute-proposal": "A split proposed in a dispute",
  "dispute-settled": "A dispute settled by agreement",
  "dispute-decided": "A dispute decided by an admin",
  "task-invitation": "Invitations to a task",
  "task-alert": "Task alerts",
};

export const TASK_FIELD_LABELS = {
  title: "Title",
  category: "Category",
  description: "Description",
  deadline: "Deadline",
  budget: "Budget",
} as const;
export type TaskField = keyof typeof TASK_FIELD_LABELS;

export const TaskChangeSchema = z.object({
  field: z.enum(Object.keys(TASK_FIELD_LABELS) as [TaskField, ...TaskField[]]),
  from: z.union([z.string(), z.number()]),
  to: z.union([z.string(), z.number()]),
});
export type TaskChange = z.infer<typeof TaskChangeSchema>;

/** What a notice is about, kept with it: the task may be gone by the time it is read. */
export const NotificationDataSchema = z.object({
  taskId: z.string(),
  taskTitle: z.string(),
  actorName: z.string().optional(),
  amount: z.number().optional(),
  /** A changed offer's amount before the change. */
  previousAmount: z.number().optional(),
  /** The thread's bidder, for a message. */
  bidderId: z.string().optional(),
  changes: z.array(TaskChangeSchema).optional(),
  /** A review reminder written before issue 45: whole days left in the review window. */
  daysLeft: z.number().optional(),
  /** review-reminder: when the time to review ends; its words count the time left from now. */
  reviewsEndAt: z.string().optional(),
  /** reviews-published: whose reviews were published (absent: both); "theirs" names their author in actorName. */
  published: z.enum(["both", "mine", "theirs"]).optional(),
  /**
   * Moderation (contract/moderation.ts). taskTitle names what was acted on: a task's title, the
   * task a question, message or review is on, or a person's name for a profile (taskId "" then).
   */
  targetKind: z.enum(REPORT_TARGETS).optional(),
  /** report-outcome: the reporter's reason, and whether the content was removed, deleted by its author first, or stays up. */
  reason: z.enum(REPORT_REASONS).optional(),
  outcome: z.enum(["removed", "deleted", "stays", "restored"]).optional(),
  /** moderation-action, moderation-lifted, appeal-decided: the sanction, its rule and its id. */
  sanction: z.enum(SANCTION_KINDS).optional(),
  rule: z.string().optional(),
  sanctionId: z.string().optional(),
  /** appeal-decided: lifted (restored) or kept (upheld). */
  decision: z.enum(["restored", "upheld"]).optional(),
  /** A profile's person, for its link. */
  userId: z.string().optional(),
  /** payment-held: whether the one told paid (the client) or is paid (the freelancer). */
  side: z.enum(["client", "freelancer"]).optional(),
  /** payment-released: the platform's fee taken from `amount`; dispute-settled and -decided: from `toFreelancer`; in dollars. */
  fee: z.number().optional(),
  /** payment-requested: when the payment is released by itself unless the client acts. */
  releaseDueAt: z.string().optional(),
  /** dispute-*, payment-held, -released, -refunded: the payment (its receipt); dispute-*: the split proposed, agreed or decided (dollars, before the fee). */
  paymentId: z.string().optional(),
  toFreelancer: z.number().optional(),
  toClient: z.number().optional(),
  /** task-alert: the saved search's name, its words found in the task, and the filters it met in words ("Design"). */
  searchName: z.string().optional(),
  words: z.array(z.string()).optional(),
  filters: z.array(z.string()).optional(),
  /** task-alert: the part of the description where a word was found, when none is in the title. */
  excerpt: z.string().optional(),
});
export type NotificationData = z.infer<typeof NotificationDataSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  data: NotificationDataSchema,
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/events: where to start, when the browser sends no Last-Event-ID. */
export const EventStreamQuerySchema = z.object({
  after: z.string().max(40, "after must be the position of an event: a whole number").optional(),
});

export const NotificationListQuerySchema = z.object({
  before: z.coerce
    .number({ error: "before must be a notification id" })
    .int("before must be a notification id")
    .positive("before must be a notification id")
    .optional(),
  unread: z.enum(["true", "false"], { error: "unread must be true or false" }).optional(),
  limit: pageLimitSchema(LIMITS.notificationsPageMax, LIMITS.notificationsPageDefault),
});

export const NotificationIdParamsSchema = z.object({
  id: z.coerce.number({ error: "Notification id is not valid" }).int("Notification id is not valid").positive(),
});

export const UnreadCountsSchema = z.object({
  notifications: z.number().int(),
  messages: z.number().int(),
  /** Moderators and admins only: the open reports and the appeals waiting in the queue (/admin). */
  queue: z.number().int().optional(),
});
export type UnreadCounts = z.infer<typeof UnreadCountsSchema>;

export const NotificationPreferencesSchema = z.record(z.enum(NOTIFICATION_KINDS), z.enum(NOTIFICATION_CHANNELS));
export type NotificationPreferences = Record<NotificationKind, NotificationChannel>;

export const UpdatePreferencesSchema = z.partialRecord(
  z.enum(NOTIFICATION_KINDS, { error: "Unknown kind of notification" }),
  z.enum(NOTIFICATION_CHANNELS, { error: "Choose email, app or off" }),
);

export const UnsubscribeSchema = z.object({ token: z.string().min(1, "The unsubscribe link is incomplete").max(500) });
/** RFC 8058's body: a mail provider's one-click unsubscribe says exactly this. */
export const OneClickUnsubscribeSchema = z.object({
  "List-Unsubscribe": z.literal("One-Click", { error: 'The body must be "List-Unsubscribe=One-Click"' }),
});
export const UnsubscribeResultSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  /** A task alert's link pauses its saved search: the search's name. */
  paused: z.string().optional(),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

const EXCERPT_MAX = 80;

/** The start of a long text, for a notice. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : flat;
}

type TaskFields = Record<TaskField, string | number>;

/** What a bidder is told changed: each field with its old and new value (the start of a description). */
export function taskChanges(before: TaskFields, after: TaskFields): TaskChange[] {
  return (Object.keys(TASK_FIELD_LABELS) as TaskField[])
    .filter((field) => before[field] !== after[field])
    .map((field) =>
      field === "description"
        ? { field, from: excerpt(String(before[field])), to: excerpt(String(after[field])) }
        : { field, from: before[field], to: after[field] },
    );
}

function describeChange(change: TaskChange): string {
  const show = (value: string | number) =>
    change.field === "budget"
      ? formatBudget(Number(value))
      : change.field === "deadline"
        ? formatDeadline(String(value))
        : String(value);
  if (change.field === "deadline") return `Deadline moved from ${show(change.from)} to ${show(change.to)}`;
  if (change.field === "description") return `Description changed from “${change.from}” to “${change.to}”`;
  return `${TASK_FIELD_LABELS[change.field]} changed from ${show(change.from)} to ${show(change.to)}`;
}

const MINUTE_MS = 60_000;
const TIME_UNITS = [
  { ms: 24 * 60 * MINUTE_MS, name: "day" },
  { ms: 60 * MINUTE_MS, name: "hour" },
  { ms: MINUTE_MS, name: "minute" },
] as const;

/**
 * The time left until `end`, in the largest whole unit it holds, rounded down so that it never
 * promises more than there is: "3 days", "23 hours", "1 minute", "less than a minute"; null once
 * it has passed.
 */
export function formatTimeLeft(end: string | Date, now: Date = new Date()): string | null {
  const left = new Date(end).getTime() - now.getTime();
  if (!(left > 0)) return null;
  for (const unit of TIME_UNITS) {
    const count = Math.floor(left / unit.ms);
    if (count >= 1) return `${count} ${unit.name}${count === 1 ? "" : "s"}`;
  }
  return "less than a minute";
}

function reminderWords(task: string, data: NotificationData, now: Date): string {
  if (data.reviewsEndAt === undefined) {
    const days = data.daysLeft ?? 7;
    return `Leave a review of ${task}: the time to review ends in ${days} ${days === 1 ? "day" : "days"}.`;
  }
  const left = formatTimeLeft(data.reviewsEndAt, now);
  return left === null
    ? `The time to review ${task} has ended.`
    : `Leave a review of ${task}: the time to review ends in ${left}.`;
}

function publishedWords(who: string, task: string, data: NotificationData): string {
  if (data.published === "mine") {
    return `The time to review ${task} has ended: your review is published; ${data.actorName || "the other side"} wrote none.`;
  }
  if (data.published === "theirs") return `${who} reviewed you on ${task}; the time to review has ended.`;
  return `Your reviews of ${task} are published.`;
}

/**
 * What an outcome settles (issue 45): when a notice of one of these kinds is made for someone,
 * their earlier notices of the listed kinds about the same task are read, in the same
 * transaction on the server and at once on a page that shows them.
 */
export const RESOLVED_BY: Partial<Record<NotificationKind, readonly NotificationKind[]>> = {
  "reviews-published": ["review-received", "review-reminder"],
  "bid-accepted": ["bid-declined", "task-changed", "task-reopened"],
  "bid-declined": ["task-changed", "task-reopened"],
  "task-cancelled": ["task-changed", "task-reopened", "question-answered"],
  "task-deleted": ["task-changed", "task-reopened", "question-answered"],
  "task-removed": ["task-changed", "task-reopened", "question-answered"],
  "payment-released": ["payment-requested", "payment-release-soon", "dispute-opened", "dispute-proposal"],
  "payment-refunded": ["payment-requested", "payment-release-soon", "dispute-opened", "dispute-proposal"],
  "dispute-settled": ["dispute-opened", "dispute-proposal", "payment-requested", "payment-release-soon"],
  "dispute-decided": ["dispute-opened", "dispute-proposal", "payment-requested", "payment-release-soon"],
};

/** Whether `outcome` settles `earlier` (both the same person's): RESOLVED_BY, about the same task. */
export function resolves(outcome: Notification, earlier: Notification): boolean {
  return (
    earlier.id < outcome.id &&
    outcome.data.taskId !== "" &&
    earlier.data.taskId === outcome.data.taskId &&
    (RESOLVED_BY[outcome.kind] ?? []).includes(earlier.kind)
  );
}

/**
 * One line saying what happened, the same in the app and in an email. `now` counts what is left of
 * a time that runs (a reminder's "ends in …"): the moment the line is read or emailed.
 */
export function describeNotification(kind: NotificationKind, data: NotificationData, now: Date = new Date()): string {
  const who = data.actorName || "Someone";
  const task = `“${data.taskTitle}”`;
  const amount = data.amount === undefined ? "" : ` for ${formatBudget(data.amount)}`;
  switch (kind) {
    case "bid-new":
      return `${who} bid${amount} on ${task}.`;
    case "bid-accepted":
      return `Your bid on ${task} was accepted${amount}. You are hired!`;
    case "bid-declined":
      return `Your bid on ${task} was declined: the client hired someone else.`;
    case "task-changed":
      return `${task} changed after your bid: ${(data.changes ?? []).map(describeChange).join("; ")}.`;
    case "task-cancelled":
      return `${task}, which you bid on, was cancelled by the client.`;
    case "task-deleted":
      return `${task}, which you bid on, was deleted by the client.`;
    case "question-new":
      return `${who} asked a question on ${task}.`;
    case "question-answered":
      return `The client answered your question on ${task}.`;
    case "message-new":
      return `${who} sent you a message about ${task}.`;
    case "task-completed":
      return `${task} was marked completed by the client.`;
    case "task-released":
      return `${who} gave ${task} back. It is open for bids again.`;
    case "task-reopened":
      return `${task} is open again — your offer is back in.`;
    case "bid-changed":
      return `${who} changed their offer on ${task}: ${formatBudget(data.amount ?? 0)}${
        data.previousAmount === undefined ? "" : `, was ${formatBudget(data.previousAmount)}`
      }.`;
    case "review-received":
      return `${who} reviewed you — write yours to see it.`;
    case "reviews-published":
      return publishedWords(who, task, data);
    case "review-reminder":
      return reminderWords(task, data, now);
    case "report-outcome":
      return describeReportOutcome(data);
    case "moderation-action":
      return describeSanction(data);
    case "moderation-lifted":
      return `A moderator lifted ${sanctionNoun(data)}. ${data.sanction === "remove" ? "It is visible again." : ""}`.trim();
    case "appeal-decided":
      return data.decision === "restored"
        ? `Your appeal was accepted: ${sanctionNoun(data)} is lifted.`
        : `Your appeal was looked at: ${sanctionNoun(data)} stays.`;
    case "task-removed":
      // The same for a removal and a suspension's cancel: a bidder may be its reporter, who never learns the sanction.
      return `${task}, which you bid on, was removed by a moderator.`;
    case "payment-held":
      return data.side === "client"
        ? `You paid ${formatBudget(data.amount ?? 0)} for ${task}. QuickGig holds it until the work is done.`
        : `Payment secured: the client paid ${formatBudget(data.amount ?? 0)} for ${task}, held by QuickGig until the work is done.`;
    case "payment-requested":
      return `${who} delivered ${task} and asked for the payment${amount}. Mark it completed, or open a dispute, before ${
        data.releaseDueAt ? formatDeadline(data.releaseDueAt.slice(0, 10)) : "the release date"
      }: then it is released by itself.`;
    case "payment-release-soon":
      return `The payment for ${task} goes to ${who} on ${
        data.releaseDueAt ? formatDeadline(data.releaseDueAt.slice(0, 10)) : "its release date"
      } unless you mark the task completed or open a dispute before then.`;
    case "payment-released":
      return `Payment released: ${formatBudget(data.amount ?? 0)} for ${task} is yours (after the ${formatBudget(data.fee ?? 0)} platform fee).`;
    case "payment-refunded":
      return `${formatBudget(data.amount ?? 0)} for ${task} is refunded to your card.`;
    case "dispute-opened":
      return data.actorName
        ? `${who} opened a dispute over the payment for ${task}. Nothing moves until you agree on a split or an admin decides.`
        : `The payment for ${task} is with QuickGig's moderators, who will decide how it is split.`;
    case "dispute-proposal":
      return `${who} proposes a split of the payment for ${task}: ${splitWords(data)}. Accept it, or propose another.`;
    case "dispute-settled":
      return `The dispute over ${task} is settled: ${splitWords(data)}.`;
    case "dispute-decided":
      return `An admin decided the dispute over ${task}: ${splitWords(data)}${data.rule ? ` (${ruleTitle(data.rule)})` : ""}.`;
    case "task-invitation":
      return `${who} invited you to ${task}${amount}. Have a look and make an offer if it suits you.`;
    case "task-alert":
      return `New task for “${data.searchName ?? ""}”: ${data.taskTitle} — ${formatBudget(data.amount ?? 0)} · ${alertReason(data)}.`;
  }
}

/** Why a task alert matched: "matched logo, design (Design)", or a search of filters alone "in Design, up to $500.00". */
export function alertReason(data: Pick<NotificationData, "words" | "filters">): string {
  const words = data.words ?? [];
  const filters = (data.filters ?? []).join(", ");
  if (words.length === 0) return `in ${filters}`;
  return `matched ${words.join(", ")}${filters ? ` (${filters})` : ""}`;
}

/** "$200.00 to the freelancer (less the $20.00 platform fee), $150.00 back to the client". */
function splitWords(data: NotificationData): string {
  const fee = data.fee ? ` (less the ${formatBudget(data.fee)} platform fee)` : "";
  return `${formatBudget(data.toFreelancer ?? 0)} to the freelancer${fee}, ${formatBudget(data.toClient ?? 0)} back to the client`;
}

/** What a reporter learns: removed or stays up, never what happened to its author. */
function describeReportOutcome(data: NotificationData): string {
  const noun = TARGET_NOUNS[data.targetKind ?? "task"];
  const what = data.targetKind === "task" ? `the task “${data.taskTitle}”` : `the ${noun} on “${data.taskTitle}”`;
  const target = data.targetKind === "profile" ? `${data.taskTitle}'s profile` : what;
  const as = data.reason ? REASON_PHRASES[data.reason] : "";
  const reported = `you reported${as ? ` ${as}` : ""}`;
  if (data.outcome === "removed") return `We removed ${target}, which ${reported}. Thank you for telling us.`;
  if (data.outcome === "deleted") return `We looked at ${target}, which ${reported}: its author has deleted it.`;
  // After an appeal (decision 032): the reporter hears that what they reported is back, never why.
  if (data.outcome === "restored") {
    return `We put back ${target}, which ${reported}: looked at again, it does not break the house rules.`;
  }
  return `We looked at ${target}, which ${reported}, and it stays up: it does not break the house rules.`;
}

function contentNoun(kind: ReportTarget | undefined, title: string): string {
  if (kind === "profile") return "your profile's bio and skills";
  if (kind === "task" || kind === undefined) return `your task “${title}”`;
  return `your ${TARGET_NOUNS[kind]} on “${title}”`;
}

/** "the limit on your account", "the removal of your task “…”". */
function sanctionNoun(data: NotificationData): string {
  switch (data.sanction) {
    case "remove":
      return `the removal of ${contentNoun(data.targetKind, data.taskTitle)}`;
    case "warn":
      return "the warning to you";
    case "limit":
      return "the limit on your account";
    default:
      return "your account's suspension";
  }
}

/** What the person sanctioned is told: what happened and which rule (the moderator's note goes with it). */
function describeSanction(data: NotificationData): string {
  const rule = `the rule “${ruleTitle(data.rule ?? "")}”`;
  switch (data.sanction) {
    case "remove":
      return `A moderator removed ${contentNoun(data.targetKind, data.taskTitle)} for breaking ${rule}.`;
    case "warn":
      return `A moderator warned you for breaking ${rule}.`;
    case "limit":
      return `Your account is limited for breaking ${rule}: ${LIMITED_CANNOT}. ${LIMITED_CAN}`;
    default:
      return `Your account is suspended for breaking ${rule}.`;
  }
}

/** The page where a person sees the decisions about them and appeals (web app). */
export const STANDING_PATH = "/account/standing";

/** Where a notice leads, as a path of the web app. Nothing to open for a deleted task. */
export function notificationLink(kind: NotificationKind, data: NotificationData): string | null {
  if (kind === "task-deleted" || kind === "task-removed") return null;
  if (kind === "moderation-action" || kind === "moderation-lifted" || kind === "appeal-decided") {
    return STANDING_PATH;
  }
  if (kind === "report-outcome") {
    if (data.outcome !== "stays" && data.outcome !== "restored") return null;
    if (data.targetKind === "profile") return data.userId ? `/users/${data.userId}` : null;
  }
  if (kind === "message-new" && data.bidderId) return `/dashboard/messages/${data.taskId}/${data.bidderId}`;
  // A dispute is read, answered and ended on its payment's page; a payment made, released or
  // refunded leads to its receipt (so its email carries it).
  const onReceipt =
    kind.startsWith("dispute-") || ["payment-held", "payment-released", "payment-refunded"].includes(kind);
  if (onReceipt && data.paymentId) return `/payments/${data.paymentId}`;
  return `/task-details/${data.taskId}`;
}
