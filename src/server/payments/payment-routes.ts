import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PayInputSchema, PaymentSchema, PaymentsOverviewSchema } from "../../contract/payments.ts";
import { ProblemSchema, TaskIdParamsSchema, TaskSchema } from "../../contract/schemas.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { findTaskOrFail, presentTaskFor } from "../tasks/tasks.ts";
import {
  type PaymentsDeps,
  paymentFor,
  paymentsOverview,
  payWithCard,
  requestPayment,
  statementCsv,
} from "./payments.ts";
import { presentPayment } from "./present-payment.ts";

const PaymentParamsSchema = z.object({ id: z.string().min(1).max(64) });
const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/** GET /api/payments/:id (its two parties) and POST /api/payments/:id/pay (test mode's checkout). */
export function registerPaymentRoutes(root: FastifyInstance, deps: AppDeps, payments: PaymentsDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/api/payments/:id",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["payments"],
        summary: "A payment: its task, amount, fee and state; its client and freelancer only",
        params: PaymentParamsSchema,
        response: { 200: PaymentSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return presentPayment(db, await paymentFor(db, request.params.id, viewer.id), viewer.id);
    },
  );

  app.get(
    "/api/me/payments",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["payments"],
        summary:
          "The reader's money from the ledger: paid, held and refunded as a client; held, earned and paid out as a freelancer; their latest movements",
        response: { 200: PaymentsOverviewSchema, 401: ProblemSchema },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return paymentsOverview(db, viewer.id, payments.currency);
    },
  );

  app.get(
    "/api/me/payments.csv",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["payments"],
        summary: "The reader's movements as CSV (a spreadsheet's formulas made plain text)",
        response: { 200: z.string().describe("text/csv: Date, Task, What, Amount, Payment"), 401: ProblemSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const csv = statementCsv(await paymentsOverview(db, viewer.id, payments.currency));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="quickgig-payments.csv"')
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  );

  app.post(
    "/api/tasks/:id/deliver",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["payments"],
        summary:
          "The hired freelancer delivers and asks for the payment: released by itself after AUTO_RELEASE_DAYS unless the client completes or disputes; the client can no longer cancel",
        params: TaskIdParamsSchema,
        response: { 200: TaskSchema, 403: ProblemSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      const task = await findTaskOrFail(db, request.params.id);
      await requestPayment(payments, task, viewer);
      request.log.info({ taskId: task.id }, "payment requested");
      return presentTaskFor(db, task.id, viewer, deps.taskNeighbours);
    },
  );

  app.post(
    "/api/payments/:id/pay",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["payments"],
        summary:
          "Test mode's checkout: pay the accepted offer by card; when paid, the bidder is hired. The client only; the card is never stored or logged",
        params: PaymentParamsSchema,
        body: PayInputSchema,
        response: { 200: PaymentSchema, 402: ProblemSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      await payWithCard(payments, request.params.id, viewer.id, request.body.card);
      request.log.info({ paymentId: request.params.id }, "payment held");
      return presentPayment(db, await paymentFor(db, request.params.id, viewer.id), viewer.id);
    },
  );
}
