import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ProblemSchema, TaskIdParamsSchema } from "../../contract/index.ts";
import {
  ProfileReviewsQuerySchema,
  ReviewAnswerSchema,
  ReviewIdParamsSchema,
  ReviewInputSchema,
  ReviewPageSchema,
  ReviewSchema,
  TaskReviewsSchema,
  UserIdParamsSchema,
} from "../../contract/reputation.ts";
import { findViewer, requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { answerReview, changeReview, findProfileReviews, presentTaskReviews, writeReview } from "./reviews.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/** A task's two-way blind reviews, and a person's published ones (reviews/reviews.ts has their rules; decision 022). */
export function registerReviewRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { windowMs } = deps.config.reviews;

  app.get(
    "/api/tasks/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary:
          "A task's published reviews; its client and hired freelancer also get their own review (hidden or not), whether one waits for them and the window",
        params: TaskIdParamsSchema,
        response: { 200: TaskReviewsSchema, ...problems },
      },
    },
    async (request) => presentTaskReviews(db, request.params.id, await findViewer(deps.sessions, request), windowMs),
  );

  app.post(
    "/api/tasks/:id/reviews",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["reviews"],
        summary:
          "Review the other side of a completed task (or one cancelled after a hire), once, within the window; hidden until both have reviewed or the window ends",
        params: TaskIdParamsSchema,
        body: ReviewInputSchema,
        response: { 201: ReviewSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const review = await writeReview(deps.notifier, db, request.params.id, viewer, request.body, windowMs);
      request.log.info({ taskId: request.params.id, reviewId: review._id }, "review written");
      return reply.code(201).send(review);
    },
  );

  app.put(
    "/api/tasks/:id/reviews/mine",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["reviews"],
        summary: "Change one's review of a task while it is still hidden and the window open",
        params: TaskIdParamsSchema,
        body: ReviewInputSchema,
        response: { 200: ReviewSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return changeReview(db, request.params.id, viewer, request.body, windowMs);
    },
  );

  app.post(
    "/api/reviews/:id/answer",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["reviews"],
        summary: "Answer a published review of oneself, once, in public",
        params: ReviewIdParamsSchema,
        body: ReviewAnswerSchema,
        response: { 200: ReviewSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return answerReview(db, request.params.id, viewer, request.body.answer);
    },
  );
  app.get(
    "/api/users/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: "A page of the published reviews about a person, newest first",
        params: UserIdParamsSchema,
        querystring: ProfileReviewsQuerySchema,
        response: { 200: ReviewPageSchema, ...problems },
      },
    },
    async (request) => findProfileReviews(db, request.params.id, request.query),
  );
}
