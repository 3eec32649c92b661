import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AnswerQuestionSchema,
  AskQuestionSchema,
  HideQuestionSchema,
  ProblemSchema,
  QuestionIdParamsSchema,
  QuestionListQuerySchema,
  QuestionSchema,
  TaskIdParamsSchema,
} from "../../contract/index.ts";
import { findViewer, requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { answerAsPoster, askQuestion, findQuestionsSeenBy, hideAsPoster } from "./questions.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/** Public questions on a task (questions/questions.ts has their rules). */
export function registerQuestionRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/api/tasks/:id/questions",
    {
      schema: {
        tags: ["questions"],
        summary: "A page of a task's questions and answers, newest first; total in X-Total-Count",
        params: TaskIdParamsSchema,
        querystring: QuestionListQuerySchema,
        response: { 200: z.array(QuestionSchema), ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await findViewer(deps.sessions, request);
      const { questions, total } = await findQuestionsSeenBy(db, request.params.id, viewer, request.query);
      reply.header("x-total-count", String(total));
      return questions;
    },
  );

  app.post(
    "/api/tasks/:id/questions",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["questions"],
        summary: "Ask a public question on a task; not its poster",
        params: TaskIdParamsSchema,
        body: AskQuestionSchema,
        response: { 201: QuestionSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const question = await askQuestion(deps.notifier, db, request.params.id, viewer, request.body.body);
      return reply.code(201).send(question);
    },
  );

  app.put(
    "/api/questions/:id/answer",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["questions"],
        summary: "Answer a question on my task, or change my answer",
        params: QuestionIdParamsSchema,
        body: AnswerQuestionSchema,
        response: { 200: QuestionSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return answerAsPoster(deps.notifier, db, viewer, request.params.id, request.body.answer);
    },
  );

  app.patch(
    "/api/questions/:id",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["questions"],
        summary: "Hide a question on my task (spam), or show it again",
        params: QuestionIdParamsSchema,
        body: HideQuestionSchema,
        response: { 200: QuestionSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return hideAsPoster(db, viewer, request.params.id, request.body.hidden);
    },
  );
}
