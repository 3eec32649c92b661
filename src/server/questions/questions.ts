import type { Kysely } from "kysely";
import { ANONYMOUS_NAME, MESSAGES, type Question } from "../../contract/index.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Transactor } from "../notifications/notifier.ts";
import { refuseLimited } from "../standing/standing.ts";
import { findTaskOrFail, type TaskRecord } from "../tasks/tasks.ts";
import {
  answerQuestion,
  findQuestionById,
  insertQuestion,
  listQuestions,
  type QuestionRecord,
  setQuestionHidden,
} from "./question-repository.ts";

/**
 * Public questions on a task (PRODUCT.md, Conversation): anyone signed in but the poster asks; the
 * poster answers (and may change the answer) and may hide a question, which then shows to nobody
 * else. Everyone reads the rest, newest first.
 */

function presentQuestion(question: QuestionRecord, viewer: Viewer | null): Question {
  return {
    _id: question.id,
    taskId: question.taskId,
    body: question.body,
    askerName: question.askerName.trim() || ANONYMOUS_NAME,
    askerId: question.askerId,
    createdAt: question.createdAt,
    ...(question.answer !== null ? { answer: question.answer } : {}),
    ...(question.answeredAt !== null ? { answeredAt: question.answeredAt } : {}),
    hidden: question.hidden,
    mine: viewer !== null && viewer.id === question.askerId,
  };
}

/** The question as it is now stored; as it was read before the change should it be gone since. */
async function presentStored(db: Kysely<DB>, question: QuestionRecord, viewer: Viewer): Promise<Question> {
  return presentQuestion((await findQuestionById(db, question.id)) ?? question, viewer);
}

/** A page of a task's questions as this reader sees them: the hidden ones only for its poster. */
export async function findQuestionsSeenBy(
  db: Kysely<DB>,
  taskId: string,
  viewer: Viewer | null,
  page: { page: number; limit: number },
): Promise<{ questions: Question[]; total: number }> {
  const task = await findTaskOrFail(db, taskId);
  const { questions, total } = await listQuestions(db, task.id, { ...page, withHidden: viewer?.id === task.ownerId });
  return { questions: questions.map((question) => presentQuestion(question, viewer)), total };
}

/** Someone other than the poster asks; the poster is told. */
export async function askQuestion(
  run: Transactor,
  db: Kysely<DB>,
  taskId: string,
  asker: Viewer,
  body: string,
): Promise<Question> {
  const task = await findTaskOrFail(db, taskId);
  if (task.ownerId === asker.id) throw new HttpProblem(403, MESSAGES.ownTaskQuestion);
  // A limited person asks nothing (decision 023); answering on their own tasks stays open to them.
  await refuseLimited(db, asker.id);
  const id = await run.transaction(async (trx, notices) => {
    const inserted = await insertQuestion(trx, task.id, asker.id, body);
    notices.add({
      userId: task.ownerId,
      kind: "question-new",
      data: { taskId: task.id, taskTitle: task.title, actorName: asker.name },
    });
    return inserted;
  });
  const question = await findQuestionById(db, id);
  if (!question) throw new Error("the question just asked is missing");
  return presentQuestion(question, asker);
}

/** The question and its task, for the task's poster only; a hidden question is 404 to anyone else. */
async function findForPoster(
  db: Kysely<DB>,
  viewer: Viewer,
  id: string,
): Promise<{ question: QuestionRecord; task: TaskRecord }> {
  const question = await findQuestionById(db, id);
  // A question a moderator removed is gone for its poster too.
  if (!question || question.removed) throw new HttpProblem(404, MESSAGES.questionNotFound);
  const task = await findTaskOrFail(db, question.taskId);
  if (task.ownerId !== viewer.id) {
    if (question.hidden) throw new HttpProblem(404, MESSAGES.questionNotFound);
    throw new HttpProblem(403, MESSAGES.notQuestionPoster);
  }
  return { question, task };
}

/** The poster answers, or changes the answer; the first answer is news to the asker, a corrected one is not. */
export async function answerAsPoster(
  run: Transactor,
  db: Kysely<DB>,
  poster: Viewer,
  id: string,
  answer: string,
): Promise<Question> {
  const { question, task } = await findForPoster(db, poster, id);
  await run.transaction(async (trx, notices) => {
    if (await answerQuestion(trx, question.id, answer)) {
      const data = { taskId: task.id, taskTitle: task.title, actorName: poster.name };
      notices.add({ userId: question.askerId, kind: "question-answered", data });
    }
  });
  return presentStored(db, question, poster);
}

/** The poster hides a question (spam), or shows it again. */
export async function hideAsPoster(db: Kysely<DB>, poster: Viewer, id: string, hidden: boolean): Promise<Question> {
  const { question } = await findForPoster(db, poster, id);
  await setQuestionHidden(db, question.id, hidden);
  return presentStored(db, question, poster);
}
