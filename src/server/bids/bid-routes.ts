import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BidIdParamsSchema,
  BidListQuerySchema,
  BidSchema,
  CreateBidSchema,
  CreatedBidSchema,
  isBiddingOpen,
  MESSAGES,
  type MyBid,
  MyBidSchema,
  MyBidsQuerySchema,
  OfferSummarySchema,
  ProblemSchema,
  UpdateBidSchema,
} from "../../contract/index.ts";
import { requireViewer, type Viewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { HttpProblem } from "../http/problem.ts";
import { findTaskOrFail } from "../tasks/task-routes.ts";
import {
  type BidRecord,
  countBidsForTask,
  DuplicateBidError,
  findBidById,
  findBidOf,
  listBidsForTask,
  listBidsOfBidder,
  placeBid,
  setBidStatus,
  updateOffer,
} from "./bid-repository.ts";
import { presentBid, summarizeOffer } from "./present-bid.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

export function registerBidRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  /** The viewer's own bid, found by id: 404 when there is none, 403 when it is someone else's. */
  async function findOwnBid(viewer: Viewer, id: string): Promise<BidRecord> {
    const bid = await findBidById(db, id);
    if (!bid) throw new HttpProblem(404, "This bid does not exist.");
    if (bid.bidderId !== viewer.id) throw new HttpProblem(403, MESSAGES.notBidder);
    return bid;
  }

  async function presentOwnBid(viewer: Viewer, id: string) {
    const bid = await findOwnBid(viewer, id);
    return presentBid(bid, viewer.id);
  }

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
      const task = await findTaskOrFail(deps, taskId);
      const present = (bid: BidRecord) =>
        task.ownerId === viewer.id || bid.bidderId === viewer.id ? presentBid(bid, viewer.id) : summarizeOffer(bid);
      if (task.ownerId === viewer.id || task.offersPublic) {
        const { bids, total } = await listBidsForTask(db, task.id, { page, limit });
        reply.header("x-total-count", String(total));
        return bids.map(present);
      }
      // Private offers: the count, and the reader's own offer, nothing of anyone else's.
      const [own, total] = await Promise.all([findBidOf(db, task.id, viewer.id), countBidsForTask(db, task.id)]);
      reply.header("x-total-count", String(total));
      return own && own.status !== "withdrawn" && page === 1 ? [presentBid(own, viewer.id)] : [];
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
      const { taskId, amount, days, message } = request.body;
      const task = await findTaskOrFail(deps, taskId);
      if (task.ownerId === viewer.id) throw new HttpProblem(403, MESSAGES.ownTaskBid);
      if (task.status !== "open") throw new HttpProblem(409, MESSAGES.notTakingBids);
      if (!isBiddingOpen(task.deadline)) throw new HttpProblem(409, MESSAGES.biddingClosed);
      const offer = { amount: amount ?? task.budget, days: days ?? null, message: message?.trim() || null };
      let placed: { id: string };
      try {
        placed = await deps.notifier.transaction(async (trx, notices) => {
          // Holds the task's row while the bid goes in, so an accept cannot slip between the check and the bid.
          const open = await trx
            .updateTable("tasks")
            .set((eb) => ({ status: eb.ref("status") }))
            .where("id", "=", task.id)
            .where("status", "=", "open")
            .executeTakeFirst();
          if (Number(open.numUpdatedRows) === 0) throw new HttpProblem(409, MESSAGES.notTakingBids);
          const bid = await placeBid(trx, task.id, viewer.id, offer);
          notices.add({
            userId: task.ownerId,
            kind: "bid-new",
            data: { taskId: task.id, taskTitle: task.title, actorName: viewer.name, amount: offer.amount },
          });
          return bid;
        });
      } catch (error) {
        if (error instanceof DuplicateBidError) throw new HttpProblem(409, MESSAGES.alreadyBid);
        throw error;
      }
      request.log.info({ taskId: task.id, bidId: placed.id }, "bid placed");
      const bid = await presentOwnBid(viewer, placed.id);
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
      const bid = await findOwnBid(viewer, request.params.id);
      if (bid.status !== "pending") throw new HttpProblem(409, MESSAGES.bidNotPending);
      // The same rules as a new offer: bidding must still be open.
      const task = await findTaskOrFail(deps, bid.taskId);
      if (task.status !== "open") throw new HttpProblem(409, MESSAGES.notTakingBids);
      if (!isBiddingOpen(task.deadline)) throw new HttpProblem(409, MESSAGES.biddingClosed);
      const { amount, days, message } = request.body;
      const change = {
        ...(amount !== undefined ? { amount } : {}),
        ...(days !== undefined ? { days } : {}),
        ...(message !== undefined ? { message: message?.trim() || null } : {}),
      };
      if ((await updateOffer(db, bid.id, change)) === 0) throw new HttpProblem(409, MESSAGES.bidNotPending);
      return presentOwnBid(viewer, bid.id);
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
      const bid = await findOwnBid(viewer, request.params.id);
      if (bid.status !== "pending") throw new HttpProblem(409, MESSAGES.bidNotPending);
      // A racing accept changes the same row: one of the two wins it.
      if ((await setBidStatus(db, bid.id, ["pending"], "withdrawn")) === 0) {
        throw new HttpProblem(409, MESSAGES.bidNotPending);
      }
      request.log.info({ bidId: bid.id }, "bid withdrawn");
      return presentOwnBid(viewer, bid.id);
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
      const { bids, total } = await listMyBids(deps, viewer, request.query);
      reply.header("x-total-count", String(total));
      return bids;
    },
  );
}

/** A page of the viewer's bids, the latest offer first, each with its task: what GET /api/my-bids answers. */
export async function listMyBids(
  deps: AppDeps,
  viewer: Viewer,
  { status, page, limit }: z.output<typeof MyBidsQuerySchema>,
): Promise<{ bids: MyBid[]; total: number }> {
  const { bids, total } = await listBidsOfBidder(deps.database.db, viewer.id, { statuses: status, page, limit });
  return {
    total,
    bids: bids.map((bid) => ({
      ...presentBid(bid, viewer.id),
      task: {
        _id: bid.task.id,
        title: bid.task.title,
        status: bid.task.status,
        deadline: bid.task.deadline,
        budget: bid.task.budget,
      },
    })),
  };
}
