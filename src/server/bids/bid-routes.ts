import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BidIdParamsSchema,
  BidListQuerySchema,
  BidSchema,
  CreateBidSchema,
  CreatedBidSchema,
  MyBidSchema,
  MyBidsQuerySchema,
  OfferSummarySchema,
  ProblemSchema,
  UpdateBidSchema,
} from "../../contract/index.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { findTaskOrFail } from "../tasks/tasks.ts";
import { changeOffer, findOffersSeenBy, listMyBids, placeOffer, presentOwnBid, withdrawOffer } from "./bids.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

export function registerBidRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/api/bids",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["bids"],
        summary:
          "A task's bids (withdrawn ones left out), oldest first, as the reader may see them: all of them for the task's poster; otherwise my own, and, when the poster made the offers public, the others' names and amounts. How many there are in all is in X-Total-Count",
        querystring: BidListQuerySchema,
        response: { 200: z.array(z.union([BidSchema, OfferSummarySchema])), ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const { taskId, page, limit } = request.query;
      const task = await findTaskOrFail(db, taskId);
      const { bids, total } = await findOffersSeenBy(db, task, viewer, { page, limit });
      reply.header("x-total-count", String(total));
      return bids;
    },
  );

  app.post(
    "/api/bids",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["bids"],
        summary:
          "Bid on an open task as the signed-in user; the amount defaults to the budget, the server sets the time. After a withdrawal the same person may bid again",
        body: CreateBidSchema,
        response: { 201: CreatedBidSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const { taskId, ...offer } = request.body;
      const task = await findTaskOrFail(db, taskId);
      const placedId = await placeOffer(deps.notifier, task, viewer, offer);
      request.log.info({ taskId: task.id, bidId: placedId }, "bid placed");
      const bid = await presentOwnBid(db, viewer, placedId);
      return reply.code(201).send({ ...bid, insertedId: bid._id });
    },
  );

  app.patch(
    "/api/bids/:id",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["bids"],
        summary: "Change my pending offer (amount, days, message) while the task is open",
        params: BidIdParamsSchema,
        body: UpdateBidSchema,
        response: { 200: BidSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return changeOffer(deps.notifier, db, viewer, request.params.id, request.body);
    },
  );

  app.delete(
    "/api/bids/:id",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["bids"],
        summary: "Withdraw my pending bid; it is kept as withdrawn, and I may bid again while the task is open",
        params: BidIdParamsSchema,
        response: { 200: BidSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      await withdrawOffer(db, viewer, request.params.id);
      request.log.info({ bidId: request.params.id }, "bid withdrawn");
      return presentOwnBid(db, viewer, request.params.id);
    },
  );

  app.get(
    "/api/my-bids",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["bids"],
        summary:
          "My bids, the latest offer first, with their tasks; status filters (several allowed); total in X-Total-Count",
        querystring: MyBidsQuerySchema,
        response: { 200: z.array(MyBidSchema), ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const { bids, total } = await listMyBids(
        db,
        viewer,
        request.query,
        deps.taskNeighbours.reviewsDue,
        deps.taskNeighbours.paymentsOf,
      );
      reply.header("x-total-count", String(total));
      return bids;
    },
  );
}
