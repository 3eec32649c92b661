/*
 * The words, rules and limits of reports and moderation, apart from their schemas (moderation.ts):
 * pages that only show them do not build zod's schemas as they load (issue 30).
 */

export const MODERATION_LIMITS = {
  reportNoteMax: 1000,
  moderatorNoteMax: 2000,
  appealMax: 2000,
  auditPageDefault: 50,
  auditPageMax: 100,
  /** Report groups (targets) the queue shows at once, oldest first. */
  queueMax: 100,
  /** Reports one decision names (DecisionInputSchema's reportIds). */
  decisionReportsMax: 1000,
} as const;

/** What can be reported. */
export const REPORT_TARGETS = ["task", "profile", "question", "message", "review"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** How each is named in a sentence: "the task you reported". */
export const TARGET_NOUNS: Record<ReportTarget, string> = {
  task: "task",
  profile: "profile",
  question: "question",
  message: "message",
  review: "review",
};

export const REPORT_REASONS = ["spam", "scam", "offensive", "off-platform", "prohibited", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  scam: "Scam or fraud",
  offensive: "Offensive or harassing",
  "off-platform": "Asks to pay or talk outside QuickGig",
  prohibited: "Prohibited task",
  other: "Other",
};
/** "you reported as a scam": how the reporter's outcome names their reason (nothing for "other"). */
export const REASON_PHRASES: Record<ReportReason, string> = {
  spam: "as spam",
  scam: "as a scam",
  offensive: "as offensive",
  "off-platform": "as asking to pay or talk outside QuickGig",
  prohibited: "as a prohibited task",
  other: "",
};

/** The house rules (/rules): every sanction names one. Ids are kept in the database; never renumber. */
export const HOUSE_RULES = [
  {
    id: "honest",
    title: "Be honest",
    text: "Post real tasks and real offers. No scams, fake tasks, fake reviews or pretending to be someone else.",
  },
  {
    id: "on-platform",
    title: "Keep payment and contact on QuickGig",
    text: "Do not ask anyone to pay, be paid or talk outside QuickGig before a hire: it is how people are protected and how reviews stay true.",
  },
  {
    id: "respectful",
    title: "Be respectful",
    text: "No harassment, threats, hate or insults, in tasks, questions, messages, reviews or profiles.",
  },
  {
    id: "no-spam",
    title: "No spam",
    text: "No advertising, repeated posts or offers copied to many tasks without reading them.",
  },
  {
    id: "lawful",
    title: "Only lawful tasks",
    text: "No task that is illegal, dangerous or adult, or that helps someone cheat: exams, reviews, followers or accounts for sale.",
  },
  {
    id: "privacy",
    title: "Respect privacy",
    text: "Do not post anyone's personal details (addresses, phone numbers, documents) without their consent.",
  },
] as const;
export type RuleId = (typeof HOUSE_RULES)[number]["id"];
export const RULE_IDS = HOUSE_RULES.map((rule) => rule.id) as [RuleId, ...RuleId[]];
export function ruleTitle(id: string): string {
  return HOUSE_RULES.find((rule) => rule.id === id)?.title ?? id;
}

/** admin: a moderator who also grants and removes roles. */
export const STAFF_ROLES = ["moderator", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a sanction does (to content or to its author):
 * - remove: the content is hidden everywhere (a removed task's bidders are told);
 * - warn: the author is told, nothing is blocked;
 * - limit: the author cannot post or edit tasks, bid, ask questions or change their public profile
 *   (name, photo, bio, skills); they can still finish assigned work, message and review;
 * - suspend: the author's sessions end, sign-in is refused naming the rule, their open tasks are
 *   cancelled (bidders told) and their profile answers 404.
 * Restoring (by a moderator, or on appeal) undoes it.
 */
export const SANCTION_KINDS = ["remove", "warn", "limit", "suspend"] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];
/** A sanction of the author that a decision may add to removing (or keeping) the content. */
export const AUTHOR_SANCTIONS = ["none", "warn", "limit", "suspend"] as const;
export type AuthorSanction = (typeof AUTHOR_SANCTIONS)[number];

/** Every kind of entry in the audit log. */
export const AUDIT_ACTIONS = [
  "dismiss",
  "remove",
  "warn",
  "limit",
  "suspend",
  "restore",
  "uphold",
  "grant-role",
  "revoke-role",
  "decide-dispute",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  dismiss: "Dismissed",
  remove: "Removed content",
  warn: "Warned",
  limit: "Limited",
  suspend: "Suspended",
  restore: "Restored",
  uphold: "Upheld on appeal",
  "grant-role": "Granted a role",
  "revoke-role": "Removed a role",
  "decide-dispute": "Decided a payment dispute",
};

/** What a limited person cannot do: publish anything, new or edited (issue 42). */
export const LIMITED_CANNOT = "you cannot post or edit tasks, bid, ask questions or change your public profile";

/** What the sanctioned and the limited are told they can still do. */
export const LIMITED_CAN = "You can still finish work you were hired for, send messages and leave reviews.";

/** The words the API refuses and answers with (and the web app shows as they are). */
export const MODERATION_MESSAGES = {
  ownContent: "You cannot report your own content.",
  alreadyReported: "You have already reported this.",
  targetNotFound: "This content does not exist or you cannot see it.",
  staffOnly: "Only moderators can do this.",
  adminOnly: "Only admins can do this: grant or remove roles, lift a person's sanctions, decide payment disputes.",
  userNotFound: "This person does not exist.",
  notInDecision: "Choose effects of this decision only: one of them is not.",
  sanctionNotFound: "This sanction does not exist.",
  alreadyLifted: "This sanction has already been lifted.",
  alreadyAppealed: "You have already appealed this decision.",
  noAppeal: "This sanction has no appeal waiting.",
  badAppealLink: "This appeal link is not valid.",
  personNotFound: "Nobody has an account with this email.",
  ownRole: "You cannot change your own role.",
  selfDecision: "You cannot decide on your own content: another moderator or an admin will.",
  /** Content about the moderator, or about someone they worked with (issue 42). */
  ownCase:
    "You cannot decide on this: it concerns you (a review of you, your own task or thread, or someone you hired or were hired by). Another moderator or an admin will decide it.",
  decidedByOther: "These reports were just decided by another moderator.",
  staffDecision: "Only an admin can decide about a moderator's or an admin's content or account.",
  /** A limited person refused posting or editing tasks, bidding, asking, or changing their public profile. */
  limited: (rule: string) =>
    `Your account is limited for breaking the rule “${ruleTitle(rule)}”: ${LIMITED_CANNOT}. ${LIMITED_CAN}`,
  /** Sign-in refused to a suspended person. */
  suspended: (rule: string) =>
    `Your account is suspended for breaking the rule “${ruleTitle(rule)}”. You can appeal once, from the link in the email we sent you.`,
  removedTask: "This task was removed for breaking the house rules.",
  removedMessage: "This message was removed by a moderator.",
} as const;
