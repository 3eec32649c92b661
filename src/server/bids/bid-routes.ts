import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ANONYMOUS_NAME,
  type Bid,
  BidListQuerySchema,
  BidSchema,
  CreateBidSchema,
  CreatedBidSchema,
  isBiddingOpen,
  MESSAGES,
  ProblemSchema,
} from "../../contract/index.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { HttpProblem } from "../http/problem.ts";
import { findTaskOrFail } from "../tasks/task-routes.ts";
import { type BidRecord, DuplicateBidError, insertBid, listBidsForTask } from "./bid-repository.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/** A bidder's identity is for the task's poster and the bidder only. */
function presentBid(bid: BidRecord, viewerId: string, taskOwnerId: string): Bid {
  const mine = bid.bidderId === viewerId;
  const identified = mine || taskOwnerId === viewerId;
  return {
    _id: bid.id,
    taskId: bid.taskId,
    bidTime: bid.bidTime,
    ...(identified ? { userName: bid.bidderName.trim() || ANONYMOUS_NAME, userEmail: bid.bidderEmail } : {}),
    mine,
  };
}

export function registerBidRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/api/bids",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["bids"],
        summary: "A page of a task's bids, oldest first; the total count is in X-Total-Count",
        querystring: BidListQuerySchema,
        response: { 200: z.array(BidSchema), ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const { taskId, page, limit } = request.query;
      const task = await findTaskOrFail(deps, taskId);
      const { bids, total } = await listBidsForTask(db, task.id, { page, limit });
      reply.header("x-total-count", String(total));
      return bids.map((bid) => presentBid(bid, viewer.id, task.ownerId));
    },
  );

  app.post(
    "/api/bids",
    {
      config: { requiresSession: true },
      preHandler: deps.limiters.write,
      schema: {
        tags: ["bids"],
        summary: "Bid on a task as the signed-in user; the server sets the time",
        body: CreateBidSchema,
        response: { 201: CreatedBidSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const task = await findTaskOrFail(deps, request.body.taskId);
      if (task.ownerId === viewer.id) throw new HttpProblem(403, MESSAGES.ownTaskBid);
      if (!isBiddingOpen(task.deadline)) throw new HttpProblem(409, MESSAGES.biddingClosed);
      try {
        const bid = await insertBid(db, task.id, viewer.id);
        request.log.info({ taskId: task.id, bidId: bid.id }, "bid placed");
        return reply.code(201).send({
          insertedId: bid.id,
          _id: bid.id,
          taskId: task.id,
          bidTime: bid.bidTime,
          userName: viewer.name.trim() || ANONYMOUS_NAME,
          userEmail: viewer.email,
          mine: true,
        });
      } catch (error) {
        if (error instanceof DuplicateBidError) throw new HttpProblem(409, MESSAGES.alreadyBid);
        throw error;
      }
    },
  );
}
