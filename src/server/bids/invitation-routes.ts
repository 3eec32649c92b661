import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CreateInvitationSchema,
  InvitableTaskSchema,
  InvitationSchema,
  ProblemSchema,
  TaskIdParamsSchema,
} from "../../contract/index.ts";
import { UserIdParamsSchema } from "../../contract/reputation.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { findTaskOrFail } from "../tasks/tasks.ts";
import { inviteToTask, listInvitableTasks } from "./invitations.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/** Invitations to a task (issue 45): the poster invites a freelancer; the dialog lists the tasks to choose from. */
export function registerInvitationRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    "/api/tasks/:id/invitations",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["bids"],
        summary:
          "Invite a freelancer to my open task; they are told in the app and by email. Once per task and person (409 after)",
        params: TaskIdParamsSchema,
        body: CreateInvitationSchema,
        response: { 201: InvitationSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const task = await findTaskOrFail(db, request.params.id);
      const invitation = await inviteToTask(deps.notifier, db, task, viewer, request.body.freelancerId);
      request.log.info({ taskId: task.id, freelancerId: invitation.freelancerId }, "freelancer invited");
      return reply.code(201).send(invitation);
    },
  );

  app.get(
    "/api/users/:id/invitable-tasks",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["bids"],
        summary:
          "My open tasks taking offers, newest first (at most 100), each saying whether this person is already invited to it",
        params: UserIdParamsSchema,
        response: { 200: z.array(InvitableTaskSchema), ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return listInvitableTasks(db, viewer, request.params.id);
    },
  );
}
