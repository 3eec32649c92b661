import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MessageSchema,
  ProblemSchema,
  SendMessageSchema,
  ThreadParamsSchema,
  ThreadSchema,
} from "../../contract/index.ts";
import { UnreadCountsSchema } from "../../contract/notifications.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { findThreadsOf, markRead, readMessages, sendMessage } from "./messages.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };

/** The thread a path names: /api/tasks/{id}/threads/{bidderId}/… */
const threadOf = (params: { id: string; bidderId: string }) => ({ taskId: params.id, bidderId: params.bidderId });

/** Private messages: the HTTP face of messages/messages.ts, which says who may read and write. */
export function registerMessageRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

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
    async (request) => readMessages(db, await requireViewer(deps.sessions, request), threadOf(request.params)),
  );

  // A write of its own, which the page sends once it shows the messages: a GET that marked a thread
  // read would let a link or an image on any site clear a person's unread counts.
  app.post(
    "/api/tasks/:id/threads/:bidderId/read",
    {
      config: { requiresSession: true, writeLimit: "reading" },
      schema: {
        tags: ["messages"],
        summary: "Mark a thread, and its notices, read up to now; answers my unread counts",
        params: ThreadParamsSchema,
        response: { 200: UnreadCountsSchema, ...problems },
      },
    },
    async (request) =>
      markRead(deps.notifier, db, await requireViewer(deps.sessions, request), threadOf(request.params)),
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
      const message = await sendMessage(deps.notifier, db, viewer, threadOf(request.params), request.body.body);
      return reply.code(201).send(message);
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
    async (request) => findThreadsOf(db, await requireViewer(deps.sessions, request)),
  );
}
