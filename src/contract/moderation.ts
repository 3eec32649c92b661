import { z } from "zod";
import { groupDigits } from "./digits.ts";
import {
  AUDIT_ACTIONS,
  AUTHOR_SANCTIONS,
  MODERATION_LIMITS,
  REPORT_REASONS,
  REPORT_TARGETS,
  RULE_IDS,
  SANCTION_KINDS,
  STAFF_ROLES,
} from "./moderation-words.ts";
import { PersonRefSchema } from "./reputation.ts";
import { hasNoNul, hasVisibleText, IdSchema, pageLimitSchema, requiredText, TaskListQuerySchema } from "./schemas.ts";

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

export * from "./moderation-words.ts";

const ReportTargetSchema = z.enum(REPORT_TARGETS, { error: `Target must be one of ${REPORT_TARGETS.join(", ")}` });
const RuleSchema = z.enum(RULE_IDS, { error: "Choose one of the house rules" });
const noteSchema = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .refine((value) => value.length <= max, `${field} must be at most ${groupDigits(max)} characters`)
    .refine(hasNoNul, `${field} cannot contain a NUL character`);

/** POST /api/reports. A note is required for "other". */
export const ReportInputSchema = z
  .object({
    targetKind: ReportTargetSchema,
    targetId: IdSchema("Target id"),
    reason: z.enum(REPORT_REASONS, { error: "Choose a reason" }),
    note: noteSchema("Note", MODERATION_LIMITS.reportNoteMax).optional(),
  })
  .refine((report) => report.reason !== "other" || hasVisibleText(report.note ?? ""), {
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

const AppealedSanctionSchema = SanctionBriefSchema.extend({
  note: z.string(),
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  targetTitle: z.string(),
});

/**
 * An appeal waiting for a moderator: of one decision (decision 032), whose first sanction names it
 * (`sanction`, the id its answer goes to) and whose every effect still in force it asks to undo
 * (`effects`, "remove + limit" is two).
 */
export const AppealItemSchema = z.object({
  sanction: AppealedSanctionSchema,
  effects: z.array(AppealedSanctionSchema).describe("The decision's sanctions the appeal is about, its first first"),
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
  effects: z
    .array(IdSchema("Sanction id"), { error: "effects must be a list of sanction ids" })
    .min(1, "Choose at least one effect to undo, or uphold the decision")
    .max(SANCTION_KINDS.length, `At most ${SANCTION_KINDS.length} effects`)
    .optional()
    .describe(
      "On restore, which of the decision's sanctions to undo (the others are upheld); left out: every one of them",
    ),
});
export const SanctionIdParamsSchema = z.object({ id: IdSchema("Sanction id") });

/** One entry of the audit log: never changed or deleted. */
export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: PersonRefSchema.describe("The moderator or admin (or the command line, for a first admin)"),
  action: z.enum(AUDIT_ACTIONS),
  targetKind: z.enum([...REPORT_TARGETS, "person", "sanction", "payment"]),
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
  decisionId: z
    .string()
    .optional()
    .describe(
      "The decision this sanction is one effect of (its first sanction's id): one appeal per decision, sent to this id. Left out: a decision of its own",
    ),
});
export type SanctionView = z.infer<typeof SanctionViewSchema>;

/** GET /api/admin/people/{id}: a person as moderators see them: their sanctions in force and every decision about them. */
export const PersonStandingSchema = z.object({
  person: PersonRefSchema,
  role: z.enum(STAFF_ROLES).nullable(),
  inForce: z
    .array(SanctionViewSchema.extend({ targetId: z.string() }))
    .describe("Limits and suspensions not lifted, newest first"),
  history: z
    .array(SanctionViewSchema.extend({ targetId: z.string() }))
    .describe("Every sanction of theirs, newest first"),
  canLift: z.boolean().describe("Whether the reader may lift them (admins)"),
});
export type PersonStanding = z.infer<typeof PersonStandingSchema>;
export const PersonIdParamsSchema = z.object({ id: IdSchema("Person id") });

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
