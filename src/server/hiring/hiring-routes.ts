import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  AcceptBidSchema,
  DashboardSummarySchema,
  ProblemSchema,
  TaskIdParamsSchema,
  TaskSchema,
} from "../../contract/index.ts";
import { PaymentStepSchema } from "../../contract/payments.ts";
import { requireViewer, type Viewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { findTaskOrFail, presentTaskFor, type TaskRecord } from "../tasks/tasks.ts";
import { acceptBid, cancelTask, checkStep, completeTask, dashboardSummary, releaseTask, type Step } from "./hiring.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

const SUMMARIES: Record<Step, string> = {
  accept:
    "Hire the bidder of a pending bid: the task is assigned at the bid's amount and the other offers declined; the poster only. With payments on, answers 202 with the checkout to pay first: the payment hires",
  complete: "Mark an assigned task as completed; the poster only",
  cancel: "Cancel an open or assigned task; its pending offers are declined and a hired one cancelled; the poster only",
  release:
    "Give an assigned task back: it is open again and the freelancer's bid withdrawn; the assigned freelancer only",
};

/** POST /api/tasks/:id/{accept,complete,cancel,release}: each answers the task as it now is. */
export function registerHiringRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.post(
    "/api/tasks/:id/accept",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["hiring"],
        summary: SUMMARIES.accept,
        params: TaskIdParamsSchema,
        body: AcceptBidSchema,
        response: { 200: TaskSchema, 202: PaymentStepSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const task = await findTaskOrFail(db, request.params.id);
      checkStep("accept", task, viewer.id);
      if (deps.hiringMoney) {
        const step = await deps.hiringMoney.checkout(task, request.body.bidId, request.body.amount);
        request.log.info({ taskId: task.id, paymentId: step.paymentId }, "checkout opened");
        return reply.code(202).send(step);
      }
      await acceptBid(deps.notifier, task, request.body.bidId, request.body.amount);
      request.log.info({ taskId: task.id, bidId: request.body.bidId }, "bid accepted");
      return presentTaskFor(db, task.id, viewer, deps.taskNeighbours);
    },
  );

  // The steps without a body; release is taken by the hired freelancer (checkStep says who may).
  const steps: Record<"complete" | "cancel" | "release", (task: TaskRecord, viewer: Viewer) => Promise<void>> = {
    complete: (task) => completeTask(deps.notifier, task, deps.hiringMoney),
    cancel: (task) => cancelTask(deps.notifier, task, deps.hiringMoney),
    release: (task, viewer) => releaseTask(deps.notifier, task, viewer, deps.hiringMoney),
  };
  for (const [step, run] of Object.entries(steps) as Array<[keyof typeof steps, (typeof steps)[keyof typeof steps]]>) {
    app.post(
      `/api/tasks/:id/${step}`,
      {
        config: { requiresSession: true },
        schema: {
          tags: ["hiring"],
          summary: SUMMARIES[step],
          params: TaskIdParamsSchema,
          response: { 200: TaskSchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(deps.sessions, request);
        const task = await findTaskOrFail(db, request.params.id);
        checkStep(step, task, viewer.id);
        await run(task, viewer);
        request.log.info({ taskId: task.id, step }, "task status changed");
        return presentTaskFor(db, task.id, viewer, deps.taskNeighbours);
      },
    );
  }

  app.get(
    "/api/me/summary",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["hiring"],
        summary: "The signed-in person's dashboard: tasks and bids by status, spent, earned, latest activity",
        response: { 200: DashboardSummarySchema, 401: ProblemSchema },
      },
    },
    async (request) => dashboardSummary(db, (await requireViewer(deps.sessions, request)).id, deps.hiringMoney),
  );
}
