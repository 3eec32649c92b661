import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ProblemSchema } from "../../contract/index.ts";
import {
  AppealInputSchema,
  ReportCreatedSchema,
  ReportInputSchema,
  SanctionIdParamsSchema,
  SanctionViewSchema,
  StandingSchema,
  TokenAppealInputSchema,
} from "../../contract/moderation.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { createReport } from "./reports.ts";
import { tellStaff } from "./roles.ts";
import { appealByToken, appealSanction, presentStanding } from "./sanctions.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/**
 * Moderation as everyone meets it (decision 023): reporting, one's standing, and the one appeal of
 * each sanction. The moderators' routes are in admin-routes.ts.
 */
/** The routes that add to the moderators' queue or take from it. */
const QUEUE_CHANGES = new Set([
  "/api/reports",
  "/api/sanctions/:id/appeal",
  "/api/appeals",
  "/api/admin/decisions",
  "/api/admin/sanctions/:id/restore",
  "/api/admin/appeals/:id",
  "/api/admin/sanctions/:id/lift",
]);

export function registerModerationRoutes(root: FastifyInstance, deps: AppDeps) {
  // Whatever changes the moderators' queue reaches the staff's open tabs (their counts: issue 46).
  root.addHook("onResponse", async (request, reply) => {
    if (request.method === "GET" || reply.statusCode >= 300 || !QUEUE_CHANGES.has(request.routeOptions.url ?? ""))
      return;
    await tellStaff(deps.database.db, deps.notifier).catch((error) =>
      request.log.warn({ err: error }, "the staff could not be told the queue changed"),
    );
  });
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    "/api/reports",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["moderation"],
        summary:
          "Report a task, profile (its person's id), question, message or review one can see and did not write; kept as it is now; once while open",
        body: ReportInputSchema,
        response: { 201: ReportCreatedSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const report = await createReport(db, deps.reportables, viewer, request.body);
      request.log.info({ reportId: report._id, targetKind: request.body.targetKind }, "content reported");
      return reply.code(201).send(report);
    },
  );

  app.get(
    "/api/me/standing",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["moderation"],
        summary: "My role, the limit on my account if any, and every moderator's decision about me, newest first",
        response: { 200: StandingSchema, 401: ProblemSchema },
      },
    },
    async (request) => presentStanding(db, await requireViewer(deps.sessions, request)),
  );

  app.post(
    "/api/sanctions/:id/appeal",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["moderation"],
        summary: "Appeal a decision about me, once, while it stands",
        params: SanctionIdParamsSchema,
        body: AppealInputSchema,
        response: { 201: SanctionViewSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const sanction = await appealSanction(db, viewer, request.params.id, request.body.text);
      request.log.info({ sanctionId: sanction._id }, "sanction appealed");
      return reply.code(201).send(sanction);
    },
  );

  app.post(
    "/api/appeals",
    {
      // A suspended person has no session: the signed token of their suspension's email says which.
      config: { writeLimit: "token" },
      schema: {
        tags: ["moderation"],
        summary: "Appeal a suspension, once, with the token of the link in its email; no sign-in needed",
        body: TokenAppealInputSchema,
        response: { 201: SanctionViewSchema, 400: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { token, text } = request.body;
      const sanction = await appealByToken(db, deps.config.authSecret, token, text);
      request.log.info({ sanctionId: sanction._id }, "sanction appealed by its email's link");
      return reply.code(201).send(sanction);
    },
  );
}
