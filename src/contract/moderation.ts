import { z } from "zod";
import { PersonRefSchema } from "./reputation.ts";
import { hasNoNul, IdSchema, pageLimitSchema, requiredText, TaskListQuerySchema } from "./schemas.ts";

/*
 * Reports, moderators and sanctions (issue 29, PRODUCT.md "Reports and moderation"; decision 023).
 *
 * Anyone signed in reports a task, a profile, a question, a message or a review with a reason; what
 * was reported is kept as it was. Moderators (and admins, who also grant roles) decide on the queue
 * of open reports: dismiss, or remove the content and/or sanction its author (warn, limit,
 * suspend), each naming a house rule with a note. Every action goes into an append-only audit log.
 * The reporter is told the outcome, never the sanction; the person sanctioned is told the rule and
 * the note, and may appeal each sanction once.
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
 * - limit: the author cannot post tasks, bid or ask questions; they can still finish assigned work,
 *   message and review;
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
};

const ReportTargetSchema = z.enum(REPORT_TARGETS, { error: `Target must be one of ${REPORT_TARGETS.join(", ")}` });
const RuleSchema = z.enum(RULE_IDS, { error: "Choose one of the house rules" });
const noteSchema = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .refine((value) => value.length <= max, `${field} must be at most ${max.toLocaleString("en-US")} characters`)
    .refine(hasNoNul, `${field} cannot contain a NUL character`);

/** POST /api/reports. A note is required for "other". */
export const ReportInputSchema = z
  .object({
    targetKind: ReportTargetSchema,
    targetId: IdSchema("Target id"),
    reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
    note: noteSchema("Note", MODERATION_LIMITS.reportNoteMax).optional(),
  })
  .refine((report) => report.reason !== "other" || (report.note ?? "").trim().length > 0, {
    message: 'Tell us what is wrong: a note is required for "Other"',
    path: ["note"],
  });
export type ReportInput = z.infer<typeof ReportInputSchema>;
export const ReportCreatedSchema = z.object({ _id: z.string(), createdAt: z.string() });

/** What was reported, as it was when reported (or as it is now, in the queue's `current`). */
export const SnapshotSchema = z.object({
  title: z
    .string()
    .nullable()
    .describe("A task's title; a question's, message's or review's task title; a profile's name"),
  text: z
    .string()
    .describe("The words reported: a task's description, a question, a message, a review, a bio and skills"),
  author: PersonRefSchema,
  taskId: z.string().nullable().describe("The task the content belongs to, if any"),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

export const SanctionBriefSchema = z.object({
  _id: z.string(),
  kind: z.enum(SANCTION_KINDS),
  rule: RuleSchema,
  createdAt: z.string(),
  liftedAt: z.string().nullable(),
});

export const ReportGroupSchema = z.object({
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  firstReportedAt: z.string(),
  reportCount: z.number().int().describe("Open reports of this target (one per reporter)"),
  reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number().int()),
  reports: z.array(
    z.object({
      _id: z.string(),
      reporter: PersonRefSchema,
      reason: z.enum(REPORT_REASONS),
      note: z.string().nullable(),
      createdAt: z.string(),
      snapshot: SnapshotSchema,
    }),
  ),
  current: SnapshotSchema.nullable().describe("As it is now; null once deleted by its author"),
  removed: z.boolean().describe("Already removed by a moderator"),
  author: PersonRefSchema,
  history: z.object({
    reports: z.number().int().describe("Reports of the author's content before these"),
    sanctions: z.array(SanctionBriefSchema),
  }),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/** An appeal waiting for a moderator. */
export const AppealItemSchema = z.object({
  sanction: SanctionBriefSchema.extend({
    note: z.string(),
    targetKind: z.enum(REPORT_TARGETS),
    targetId: z.string(),
    targetTitle: z.string(),
  }),
  person: PersonRefSchema,
  text: z.string(),
  appealedAt: z.string(),
});
export type AppealItem = z.infer<typeof AppealItemSchema>;

/** GET /api/admin/queue: open reports grouped by target, oldest first, and appeals waiting. */
export const QueueSchema = z.object({ reports: z.array(ReportGroupSchema), appeals: z.array(AppealItemSchema) });
export type Queue = z.infer<typeof QueueSchema>;

/**
 * POST /api/admin/decisions: what a moderator decides about a reported target (or any target):
 * remove the content or keep it, and sanction its author or not. Keeping it with no sanction
 * dismisses. The target's open reports close and their reporters are told the outcome. A rule is
 * required unless dismissing; a note always.
 */
export const DecisionInputSchema = z
  .object({
    targetKind: ReportTargetSchema,
    targetId: IdSchema("Target id"),
    remove: z.boolean({ error: "remove must be true or false" }),
    sanction: z.enum(AUTHOR_SANCTIONS, { error: `Sanction must be one of ${AUTHOR_SANCTIONS.join(", ")}` }),
    rule: RuleSchema.optional(),
    note: requiredText("Note", MODERATION_LIMITS.moderatorNoteMax),
    reportIds: z
      .array(IdSchema("Report id"), { error: "reportIds must be a list of report ids" })
      .max(MODERATION_LIMITS.decisionReportsMax, `At most ${MODERATION_LIMITS.decisionReportsMax} reports at once`)
      .optional()
      .describe(
        "The open reports decided on (the queue group's, as the moderator saw them): if another moderator closed them first, nothing is applied (409). Left out: the target's reports open when the request is read",
      ),
  })
  .refine((decision) => decision.rule !== undefined || (!decision.remove && decision.sanction === "none"), {
    message: "Name the house rule that was broken",
    path: ["rule"],
  });
export type DecisionInput = z.infer<typeof DecisionInputSchema>;

/** POST /api/admin/sanctions/{id}/restore, and a moderator's answer to an appeal. */
export const RestoreInputSchema = z.object({ note: requiredText("Note", MODERATION_LIMITS.moderatorNoteMax) });
export const AppealDecisionSchema = z.object({
  decision: z.enum(["restore", "uphold"], { error: "Decision must be restore or uphold" }),
  note: requiredText("Note", MODERATION_LIMITS.moderatorNoteMax),
});
export const SanctionIdParamsSchema = z.object({ id: IdSchema("Sanction id") });

/** One entry of the audit log: never changed or deleted. */
export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: PersonRefSchema.describe("The moderator or admin (or the command line, for a first admin)"),
  action: z.enum(AUDIT_ACTIONS),
  targetKind: z.enum([...REPORT_TARGETS, "person", "sanction"]),
  targetId: z.string(),
  subject: PersonRefSchema.nullable().describe("The person the action is about"),
  rule: RuleSchema.nullable(),
  note: z.string(),
  sanctionId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const DecisionResultSchema = z.object({ entries: z.array(AuditEntrySchema) });

export const AuditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS, { error: `Action must be one of ${AUDIT_ACTIONS.join(", ")}` }).optional(),
  actor: IdSchema("Actor id").optional(),
  subject: IdSchema("Subject id").optional(),
  from: z.iso.date({ error: "From must be a date (YYYY-MM-DD)" }).optional(),
  to: z.iso.date({ error: "To must be a date (YYYY-MM-DD)" }).optional(),
  page: TaskListQuerySchema.shape.page,
  limit: pageLimitSchema(MODERATION_LIMITS.auditPageMax, MODERATION_LIMITS.auditPageDefault),
});
export const AuditPageSchema = z.object({ entries: z.array(AuditEntrySchema), total: z.number().int() });

/** POST /api/admin/roles (admins only): give a person a role by their email, or take it (role null). */
export const RoleInputSchema = z.object({
  email: z.string({ error: "Email must be text" }).trim().min(1, "Email is required").max(254),
  role: z.enum(STAFF_ROLES, { error: "Role must be moderator or admin" }).nullable(),
});
export const StaffMemberSchema = PersonRefSchema.extend({
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  grantedAt: z.string(),
});
export const StaffListSchema = z.object({ staff: z.array(StaffMemberSchema) });

/** A sanction as the person sanctioned sees it: the rule and the moderator's note, and their appeal. */
export const SanctionViewSchema = z.object({
  _id: z.string(),
  kind: z.enum(SANCTION_KINDS),
  rule: RuleSchema,
  note: z.string(),
  targetKind: z.enum(REPORT_TARGETS),
  targetTitle: z
    .string()
    .describe("What was acted on: a task's title, or the task a question, message or review is on"),
  createdAt: z.string(),
  liftedAt: z.string().nullable(),
  appeal: z
    .object({
      text: z.string(),
      appealedAt: z.string(),
      outcome: z.enum(["restored", "upheld"]).nullable(),
      decidedAt: z.string().nullable(),
      note: z.string().nullable().describe("The moderator's answer"),
    })
    .nullable(),
  canAppeal: z.boolean(),
});
export type SanctionView = z.infer<typeof SanctionViewSchema>;

/** GET /api/me/standing: the viewer's role, whether they are limited, and every sanction of theirs. */
export const StandingSchema = z.object({
  role: z.enum(STAFF_ROLES).nullable(),
  limited: SanctionViewSchema.nullable().describe("The limit in force, if any"),
  sanctions: z.array(SanctionViewSchema).describe("Newest first"),
});
export type Standing = z.infer<typeof StandingSchema>;

export const AppealTextSchema = requiredText("Appeal", MODERATION_LIMITS.appealMax);
/** POST /api/sanctions/{id}/appeal (signed in, one's own sanction). */
export const AppealInputSchema = z.object({ text: AppealTextSchema });
/** POST /api/appeals (a suspended person, who cannot sign in: the token of their suspension's email). */
export const TokenAppealInputSchema = z.object({
  token: z.string({ error: "The appeal link is incomplete" }).min(1, "The appeal link is incomplete").max(500),
  text: AppealTextSchema,
});

/** What the sanctioned and the limited are told they can still do. */
export const LIMITED_CAN = "You can still finish work you were hired for, send messages and leave reviews.";

/** The words the API refuses and answers with (and the web app shows as they are). */
export const MODERATION_MESSAGES = {
  ownContent: "You cannot report your own content.",
  alreadyReported: "You have already reported this.",
  targetNotFound: "This content does not exist or you cannot see it.",
  staffOnly: "Only moderators can do this.",
  adminOnly: "Only admins can grant or remove roles.",
  sanctionNotFound: "This sanction does not exist.",
  alreadyLifted: "This sanction has already been lifted.",
  alreadyAppealed: "You have already appealed this decision.",
  noAppeal: "This sanction has no appeal waiting.",
  badAppealLink: "This appeal link is not valid.",
  personNotFound: "Nobody has an account with this email.",
  ownRole: "You cannot change your own role.",
  selfDecision: "You cannot decide on your own content.",
  decidedByOther: "These reports were just decided by another moderator.",
  staffDecision: "Only an admin can decide about a moderator's or an admin's content or account.",
  /** A limited person refused posting, bidding or asking. */
  limited: (rule: string) =>
    `Your account is limited for breaking the rule “${ruleTitle(rule)}”: you cannot post tasks, bid or ask questions. ${LIMITED_CAN}`,
  /** Sign-in refused to a suspended person. */
  suspended: (rule: string) =>
    `Your account is suspended for breaking the rule “${ruleTitle(rule)}”. You can appeal once, from the link in the email we sent you.`,
  removedTask: "This task was removed for breaking the house rules.",
  removedMessage: "This message was removed by a moderator.",
} as const;
