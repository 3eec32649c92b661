import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DisputeInputSchema,
  PayInputSchema,
  PaymentIdParamsSchema,
  PaymentSchema,
  PaymentsOverviewSchema,
  PayoutSetupSchema,
  ProposalInputSchema,
} from "../../contract/payments.ts";
import { IdSchema, ProblemSchema, TaskIdParamsSchema, TaskSchema } from "../../contract/schemas.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { HttpProblem } from "../http/problem.ts";
import { findTaskOrFail, presentTaskFor } from "../tasks/tasks.ts";
import { acceptProposal, openDispute, proposeSplit } from "./disputes.ts";
import {
  type PaymentsDeps,
  paymentFor,
  paymentsOverview,
  payOutBalance,
  payoutAccountChanged,
  payoutSetupUrl,
  payoutState,
  payWithCard,
  requestPayment,
  settleHostedCheckout,
  statementCsv,
} from "./payments.ts";
import { presentPayment } from "./present-payment.ts";
import type { StripeProvider, WebhookEvent } from "./stripe-provider.ts";

const PaymentParamsSchema = PaymentIdParamsSchema;
const ProposalParamsSchema = PaymentIdParamsSchema.extend({ proposalId: IdSchema("Proposal id") });
const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/** GET /api/payments/:id (its two parties) and POST /api/payments/:id/pay (test mode's checkout). */
export function registerPaymentRoutes(root: FastifyInstance, deps: AppDeps, payments: PaymentsDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const payoutsOf = async (userId: string) => {
    const { provider, ready } = await payoutState(payments, userId);
    return { provider, ready };
  };

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
      const seesAll = await payments.seesAllPayments(viewer.id);
      return presentPayment(db, await paymentFor(db, request.params.id, viewer.id, seesAll), viewer.id);
    },
  );

  /** A dispute's step by one of the payment's two parties, answered with the payment as it now is. */
  const disputeStep = <Params extends { id: string }, Body>(
    path: string,
    summary: string,
    params: z.ZodType<Params>,
    body: z.ZodType<Body> | undefined,
    step: (params: Params, body: Body, viewer: { id: string; name: string }) => Promise<void>,
  ) =>
    app.post(
      path,
      {
        config: { requiresSession: true },
        schema: {
          tags: ["payments"],
          summary,
          params,
          ...(body ? { body } : {}),
          response: { 200: PaymentSchema, ...problems },
        },
      },
      async (request) => {
        const viewer = await requireViewer(deps.sessions, request);
        const params = request.params as Params;
        await step(params, request.body as Body, viewer);
        request.log.info({ paymentId: params.id }, path);
        return presentPayment(db, await paymentFor(db, params.id, viewer.id), viewer.id);
      },
    );

  disputeStep(
    "/api/payments/:id/dispute",
    "Open a dispute: either party, on a payment held or delivered; nothing moves until they agree on a split or an admin decides",
    PaymentParamsSchema,
    DisputeInputSchema,
    (params, body, viewer) => openDispute(payments, params.id, viewer, body.reason),
  );
  disputeStep(
    "/api/payments/:id/dispute/proposals",
    "Propose a split: the freelancer's part (before the fee), the rest back to the client; it replaces the proposal waiting",
    PaymentParamsSchema,
    ProposalInputSchema,
    (params, body, viewer) => proposeSplit(payments, params.id, viewer, body.toFreelancer),
  );
  disputeStep(
    "/api/payments/:id/dispute/proposals/:proposalId/accept",
    "Accept the other party's proposal: the money moves at once and the hire ends",
    ProposalParamsSchema,
    undefined,
    (params, _body, viewer) => acceptProposal(payments, params.id, params.proposalId, viewer),
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
      return paymentsOverview(db, viewer.id, payments.currency, await payoutsOf(viewer.id));
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
    "/api/me/payouts",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["payments"],
        summary:
          "Pay out the reader's whole balance (what they earned, after fees, not yet paid out): test mode moves no real money",
        response: { 200: PaymentsOverviewSchema, 401: ProblemSchema, 409: ProblemSchema },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      await payOutBalance(payments, viewer.id);
      request.log.info("balance paid out");
      return paymentsOverview(db, viewer.id, payments.currency, await payoutsOf(viewer.id));
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

/**
 * The routes only Stripe has. POST /api/me/payout-account: the reader's Connect set-up page.
 * POST /api/payments/stripe/webhook: Stripe tells QuickGig a checkout is paid, or what a payout
 * account can do. No session: the body's signature (one of the endpoints' secrets) says it is
 * Stripe's, checked on the bytes as sent, so this route reads its body raw. A bad signature is
 * 400, and only those count against the sender's address (a count of their own, RATE_LIMIT_AUTH_PER_MINUTE):
 * Stripe sends bursts from a few shared addresses, and a signed event is never refused for being
 * one of many. The limit tells a prober to stop; each request's signature is still checked.
 * An event of another kind, or one already acted on (Stripe retries, an attacker replays), is
 * answered 200 and changes nothing.
 */
export function registerStripeRoutes(
  root: FastifyInstance,
  deps: AppDeps,
  payments: PaymentsDeps,
  stripe: StripeProvider,
) {
  root.withTypeProvider<ZodTypeProvider>().post(
    "/api/me/payout-account",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["payments"],
        summary:
          "Stripe's page where the reader sets up (or finishes) their payout account (Connect Express); their earnings wait in their balance until it can receive payouts",
        response: { 200: PayoutSetupSchema, 401: ProblemSchema, 503: ProblemSchema },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return { url: await payoutSetupUrl(payments, viewer) };
    },
  );
  root.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/payments/stripe/webhook",
      {
        config: { writeLimit: "own" },
        schema: {
          tags: ["payments"],
          summary:
            "Stripe's webhook: a paid checkout hires, a payout account's state is kept (signed with STRIPE_WEBHOOK_SECRET or STRIPE_CONNECT_WEBHOOK_SECRET; replays change nothing)",
          response: { 200: z.object({ received: z.literal(true) }), 400: ProblemSchema, 429: ProblemSchema },
        },
      },
      async (request, reply) => {
        const refuse = async (problem: string) => {
          await deps.limiters.badSignature.call(root, request, reply);
          return new HttpProblem(400, problem);
        };
        const signature = request.headers["stripe-signature"];
        const body = request.body;
        if (typeof signature !== "string" || !Buffer.isBuffer(body)) throw await refuse(STRIPE_PROBLEMS.unsigned);
        let event: WebhookEvent | null;
        try {
          event = stripe.eventOf(body, signature);
        } catch {
          throw await refuse(STRIPE_PROBLEMS.badSignature);
        }
        if (event?.kind === "paid") {
          await settleHostedCheckout(payments, event.paymentId, event.charge);
          request.log.info({ paymentId: event.paymentId }, "stripe checkout paid");
        }
        if (event?.kind === "account") await payoutAccountChanged(payments, event.accountId, event.payable);
        return { received: true as const };
      },
    );
  });
}

const STRIPE_PROBLEMS = {
  unsigned: "This request carries no Stripe signature.",
  badSignature: "This request's Stripe signature does not match, or it is too old.",
} as const;
