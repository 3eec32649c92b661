import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ProblemSchema } from "../../contract/index.ts";
import {
  AppealDecisionSchema,
  AuditPageSchema,
  AuditQuerySchema,
  DecisionInputSchema,
  DecisionResultSchema,
  PersonIdParamsSchema,
  PersonStandingSchema,
  QueueSchema,
  RestoreInputSchema,
  RoleInputSchema,
  SanctionIdParamsSchema,
  StaffListSchema,
  type StaffRole,
} from "../../contract/moderation.ts";
import {
  DisputeDecisionInputSchema,
  DisputeQueueSchema,
  PaymentIdParamsSchema,
  PaymentSchema,
} from "../../contract/payments.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { presentAuditPage } from "./audit.ts";
import { decide, decideAppeal, restoreSanction } from "./decisions.ts";
import { decidePaymentDispute, presentDisputeQueue } from "./payment-disputes.ts";
import { presentPersonStanding } from "./people.ts";
import { presentQueue } from "./reports.ts";
import { grantRole, listStaff, requireRole } from "./roles.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The role an /api/admin route needs: moderator (an admin is one too) unless it says admin. */
    staffRole?: StaffRole;
  }
}

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/**
 * The moderators' routes (/api/admin/*, decision 023). Every one needs a session (401) and a role
 * (403), both checked before the body is read: the queue, decisions, restores, appeals' answers and
 * the audit log for moderators and admins; roles for admins only.
 */
export function registerAdminRoutes(root: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  root.register(async (scope) => {
    scope.addHook("preValidation", async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      await requireRole(db, viewer, request.routeOptions.config.staffRole ?? "moderator");
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const staff = { requiresSession: true } as const;

    app.get(
      "/api/admin/queue",
      {
        config: staff,
        schema: {
          tags: ["moderation"],
          summary:
            "Open reports grouped by target, the longest waiting first (as reported, as now, the author's history), and appeals waiting",
          response: { 200: QueueSchema, 401: ProblemSchema, 403: ProblemSchema },
        },
      },
      async () => presentQueue(db, deps.reportables),
    );

    // Read by every moderator (none waiting on a server without payments); decided by admins only.
    app.get(
      "/api/admin/disputes",
      {
        config: staff,
        schema: {
          tags: ["moderation", "payments"],
          summary:
            "Payment disputes waiting for an admin (not settled within DISPUTE_DAYS, or a party suspended), the longest waiting first; whether the reader may decide them",
          response: { 200: DisputeQueueSchema, 401: ProblemSchema, 403: ProblemSchema },
        },
      },
      async (request) => presentDisputeQueue(db, (await requireViewer(deps.sessions, request)).id),
    );

    const payments = deps.payments;
    if (payments) {
      const admin = { requiresSession: true, staffRole: "admin" } as const;
      app.post(
        "/api/admin/disputes/:id",
        {
          config: admin,
          schema: {
            tags: ["moderation", "payments"],
            summary:
              "Decide a dispute in the queue: a split adding up to the amount held exactly, under a house rule; both parties are told and the audit log records it",
            params: PaymentIdParamsSchema,
            body: DisputeDecisionInputSchema,
            response: { 200: PaymentSchema, ...problems },
          },
        },
        async (request) => {
          const viewer = await requireViewer(deps.sessions, request);
          const payment = await decidePaymentDispute(deps.notifier, payments, viewer, request.params.id, request.body);
          request.log.info({ paymentId: payment._id }, "dispute decided");
          return payment;
        },
      );
    }

    app.post(
      "/api/admin/decisions",
      {
        config: staff,
        schema: {
          tags: ["moderation"],
          summary:
            "Decide on a target: remove it or not, sanction its author or not (neither dismisses); its open reports close and their reporters are told",
          body: DecisionInputSchema,
          response: { 200: DecisionResultSchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(deps.sessions, request);
        const result = await decide(
          deps.notifier,
          deps.database,
          deps.reportables,
          viewer,
          request.body,
          deps.config.authSecret,
        );
        request.log.info(
          { targetKind: request.body.targetKind, actions: result.entries.map((entry) => entry.action) },
          "moderation decision",
        );
        return result;
      },
    );

    app.post(
      "/api/admin/sanctions/:id/restore",
      {
        config: staff,
        schema: {
          tags: ["moderation"],
          summary: "Lift a sanction and undo its effect (content visible again, a limit or suspension over)",
          params: SanctionIdParamsSchema,
          body: RestoreInputSchema,
          response: { 200: DecisionResultSchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(deps.sessions, request);
        return restoreSanction(deps.notifier, db, deps.reportables, viewer, request.params.id, request.body.note);
      },
    );

    app.post(
      "/api/admin/appeals/:id",
      {
        config: staff,
        schema: {
          tags: ["moderation"],
          summary: "Answer the appeal of a sanction (its id): restore lifts it, uphold keeps it; the person is told",
          params: SanctionIdParamsSchema,
          body: AppealDecisionSchema,
          response: { 200: DecisionResultSchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(deps.sessions, request);
        return decideAppeal(deps.notifier, db, deps.reportables, viewer, request.params.id, request.body);
      },
    );

    app.get(
      "/api/admin/people/:id",
      {
        config: staff,
        schema: {
          tags: ["moderation"],
          summary:
            "A person as moderators see them: their sanctions in force, every decision about them (newest first), and whether the reader may lift (admins)",
          params: PersonIdParamsSchema,
          response: { 200: PersonStandingSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema },
        },
      },
      async (request) => presentPersonStanding(db, await requireViewer(deps.sessions, request), request.params.id),
    );

    app.post(
      "/api/admin/sanctions/:id/lift",
      {
        config: { ...staff, staffRole: "admin" },
        schema: {
          tags: ["moderation"],
          summary:
            "Lift a sanction from the person's page (admins only), with a note: undone as a restore is (content back, a limit or suspension over), audited, the person told",
          params: SanctionIdParamsSchema,
          body: RestoreInputSchema,
          response: { 200: DecisionResultSchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(deps.sessions, request);
        const result = await restoreSanction(
          deps.notifier,
          db,
          deps.reportables,
          viewer,
          request.params.id,
          request.body.note,
        );
        request.log.info({ sanctionId: request.params.id }, "sanction lifted by an admin");
        return result;
      },
    );

    app.get(
      "/api/admin/audit",
      {
        config: staff,
        schema: {
          tags: ["moderation"],
          summary: "The audit log, newest first, by action, actor, subject and dates (both included, UTC)",
          querystring: AuditQuerySchema,
          response: { 200: AuditPageSchema, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
        },
      },
      async (request) => presentAuditPage(db, request.query),
    );

    app.get(
      "/api/admin/roles",
      {
        config: { ...staff, staffRole: "admin" },
        schema: {
          tags: ["moderation"],
          summary: "The moderators and admins (admins only)",
          response: { 200: StaffListSchema, 401: ProblemSchema, 403: ProblemSchema },
        },
      },
      async () => ({ staff: await listStaff(db) }),
    );

    app.post(
      "/api/admin/roles",
      {
        config: { ...staff, staffRole: "admin" },
        schema: {
          tags: ["moderation"],
          summary: "Give a person (by email) a role, or take theirs away with role null (admins only; not one's own)",
          body: RoleInputSchema,
          response: { 200: StaffListSchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(deps.sessions, request);
        const change = await grantRole(db, request.body.email, request.body.role, viewer);
        request.log.info({ userId: change.person.id, role: change.after }, "staff role changed");
        return { staff: await listStaff(db) };
      },
    );
  });
}
