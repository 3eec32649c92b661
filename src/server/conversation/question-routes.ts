import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ANONYMOUS_NAME,
  AnswerQuestionSchema,
  AskQuestionSchema,
  HideQuestionSchema,
  MESSAGES,
  ProblemSchema,
  type Question,
  QuestionIdParamsSchema,
  QuestionListQuerySchema,
  QuestionSchema,
  TaskIdParamsSchema,
} from "../../contract/index.ts";
import { findViewer, requireViewer, type Viewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { HttpProblem } from "../http/problem.ts";
import { findTaskOrFail } from "../tasks/task-routes.ts";
import {
  answerQuestion,
  findQuestionById,
  insertQuestion,
  listQuestions,
  type QuestionRecord,
  setQuestionHidden,
} from "./question-repository.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

function presentQuestion(question: QuestionRecord, viewer: Viewer | null): Question {
  return {
    _id: question.id,
    taskId: question.taskId,
    body: question.body,
    askerName: question.askerName.trim() || ANONYMOUS_NAME,
    createdAt: question.createdAt,
    ...(question.answer !== null ? { answer: question.answer } : {}),
    ...(question.answeredAt !== null ? { answeredAt: question.answeredAt } : {}),
    hidden: question.hidden,
    mine: viewer !== null && viewer.id === question.askerId,
  };
}

/**
 * Public questions on a task (PRODUCT.md, Conversation): anyone signed in but the poster asks; the
 * poster answers (and may change the answer) and may hide a question, which then shows to nobody
 * else. Everyone reads the rest, newest first.
 */
export function registerQuestionRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  /** The question and its task, for the task's poster only; a hidden question is 404 to anyone else. */
  async function findForPoster(viewer: Viewer, id: string) {
    const question = await findQuestionById(db, id);
    if (!question) throw new HttpProblem(404, MESSAGES.questionNotFound);
    const task = await findTaskOrFail(deps, question.taskId);
    if (task.ownerId !== viewer.id) {
      if (question.hidden) throw new HttpProblem(404, MESSAGES.questionNotFound);
      throw new HttpProblem(403, MESSAGES.notQuestionPoster);
    }
    return { question, task };
  }

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
      const task = await findTaskOrFail(deps, request.params.id);
      const { page, limit } = request.query;
      const { questions, total } = await listQuestions(db, task.id, {
        withHidden: viewer?.id === task.ownerId,
        page,
        limit,
      });
      reply.header("x-total-count", String(total));
      return questions.map((question) => presentQuestion(question, viewer));
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
      const task = await findTaskOrFail(deps, request.params.id);
      if (task.ownerId === viewer.id) throw new HttpProblem(403, MESSAGES.ownTaskQuestion);
      const id = await deps.notifier.transaction(async (trx, notices) => {
        const inserted = await insertQuestion(trx, task.id, viewer.id, request.body.body);
        notices.add({
          userId: task.ownerId,
          kind: "question-new",
          data: { taskId: task.id, taskTitle: task.title, actorName: viewer.name },
        });
        return inserted;
      });
      const question = await findQuestionById(db, id);
      if (!question) throw new Error("the question just asked is missing");
      return reply.code(201).send(presentQuestion(question, viewer));
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
      const { question, task } = await findForPoster(viewer, request.params.id);
      await deps.notifier.transaction(async (trx, notices) => {
        // The first answer is news to the asker; a corrected one is not.
        if (await answerQuestion(trx, question.id, request.body.answer)) {
          const data = { taskId: task.id, taskTitle: task.title, actorName: viewer.name };
          notices.add({ userId: question.askerId, kind: "question-answered", data });
        }
      });
      return presentQuestion((await findQuestionById(db, question.id)) ?? question, viewer);
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
      const { question } = await findForPoster(viewer, request.params.id);
      await setQuestionHidden(db, question.id, request.body.hidden);
      return presentQuestion((await findQuestionById(db, question.id)) ?? question, viewer);
    },
  );
}
