import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ANONYMOUS_NAME,
  LIMITS,
  MESSAGES,
  MessageSchema,
  ProblemSchema,
  SendMessageSchema,
  ThreadParamsSchema,
  ThreadSchema,
} from "../../contract/index.ts";
import { UnreadCountsSchema } from "../../contract/notifications.ts";
import { requireViewer, type Viewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { findBidOf } from "../bids/bid-repository.ts";
import { HttpProblem } from "../http/problem.ts";
import { markThreadNoticesRead, unreadCounts } from "../notifications/notification-repository.ts";
import { findTaskById } from "../tasks/task-repository.ts";
import {
  insertMessage,
  listMessages,
  listThreads,
  type MessageRecord,
  markThreadRead,
  type ThreadKey,
} from "./message-repository.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };

/**
 * Private messages (PRODUCT.md, Conversation): one thread per task and bidder, between the task's
 * poster and someone who bid on it (the hired freelancer included). Only those two may read or
 * write it; to anyone else it does not exist (404), so nobody learns who talks with whom.
 */
export function registerMessageRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  async function openThread(
    viewer: Viewer,
    params: { id: string; bidderId: string },
  ): Promise<ThreadKey & { taskTitle: string; otherId: string }> {
    const task = await findTaskById(db, params.id);
    const isParty = task !== undefined && (viewer.id === task.ownerId || viewer.id === params.bidderId);
    const bid =
      isParty && params.bidderId !== task?.ownerId ? await findBidOf(db, params.id, params.bidderId) : undefined;
    if (!task || !bid) throw new HttpProblem(404, MESSAGES.threadNotFound);
    const otherId = viewer.id === task.ownerId ? params.bidderId : task.ownerId;
    return { taskId: params.id, bidderId: params.bidderId, taskTitle: task.title, otherId };
  }

  /** Reading a thread reads its notices too; the reader's other tabs update their counts. */
  async function readThread(thread: ThreadKey, viewer: Viewer) {
    await markThreadRead(db, thread, viewer.id);
    await markThreadNoticesRead(db, viewer.id, thread);
    await deps.notifier.touched(viewer.id);
  }

  const present = (message: MessageRecord, viewer: Viewer) => ({
    _id: message.id,
    body: message.body,
    senderName: message.senderName.trim() || ANONYMOUS_NAME,
    mine: message.senderId === viewer.id,
    sentAt: message.sentAt,
  });

  app.get(
    "/api/tasks/:id/threads/:bidderId/messages",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["messages"],
        summary: "A thread's latest messages, oldest first (reading changes nothing: POST …/read marks it read)",
        params: ThreadParamsSchema,
        response: { 200: z.array(MessageSchema), ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      const thread = await openThread(viewer, request.params);
      const messages = await listMessages(db, thread, LIMITS.messagesPageMax);
      return messages.map((message) => present(message, viewer));
    },
  );

  // A write of its own, which the page sends once it shows the messages: a GET that marked a thread
  // read would let a link or an image on any site clear a person's unread counts.
  app.post(
    "/api/tasks/:id/threads/:bidderId/read",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["messages"],
        summary: "Mark a thread, and its notices, read up to now; answers my unread counts",
        params: ThreadParamsSchema,
        response: { 200: UnreadCountsSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      await readThread(await openThread(viewer, request.params), viewer);
      return unreadCounts(db, viewer.id);
    },
  );

  app.post(
    "/api/tasks/:id/threads/:bidderId/messages",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["messages"],
        summary: "Send a message in a thread (1-5,000 characters); only its two people may",
        params: ThreadParamsSchema,
        body: SendMessageSchema,
        response: { 201: MessageSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const thread = await openThread(viewer, request.params);
      const sentAt = new Date();
      const id = await deps.notifier.transaction(async (trx, notices) => {
        const inserted = await insertMessage(trx, thread, viewer.id, request.body.body, sentAt);
        await markThreadRead(trx, thread, viewer.id, sentAt);
        notices.add({
          userId: thread.otherId,
          kind: "message-new",
          data: {
            taskId: thread.taskId,
            taskTitle: thread.taskTitle,
            actorName: viewer.name,
            bidderId: thread.bidderId,
          },
        });
        return inserted;
      });
      return reply.code(201).send({
        _id: id,
        body: request.body.body,
        senderName: viewer.name.trim() || ANONYMOUS_NAME,
        mine: true,
        sentAt: sentAt.toISOString(),
      });
    },
  );

  app.get(
    "/api/threads",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["messages"],
        summary: "My threads, newest activity first, with the other person and how many messages I have not read",
        response: { 200: z.array(ThreadSchema), 401: ProblemSchema },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return listThreads(db, viewer.id, LIMITS.messagesPageMax);
    },
  );
}
