import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CreateTaskSchema,
  DeletedSchema,
  InsertedSchema,
  ModifiedSchema,
  ProblemSchema,
  TaskIdParamsSchema,
  TaskInputSchema,
  TaskListQuerySchema,
  TaskSchema,
} from "../../contract/index.ts";
import { findViewer, requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import {
  deleteOpenTask,
  editTask,
  findOwnTask,
  findTasks,
  postTask,
  presentFeaturedTasks,
  presentTaskFor,
} from "./tasks.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

function pageLinks(request: FastifyRequest, page: number, limit: number, total: number): string | undefined {
  const url = new URL(request.url, "http://placeholder");
  const link = (target: number, rel: string) => {
    url.searchParams.set("page", String(target));
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [];
  if (page * limit < total) links.push(link(page + 1, "next"));
  if (page > 1) links.push(link(page - 1, "prev"));
  return links.length > 0 ? links.join(", ") : undefined;
}

export function registerTaskRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/api/features-tasks",
    {
      config: { publicCache: true },
      schema: {
        tags: ["tasks"],
        summary: "Up to six tasks still open for bids, the nearest deadline first",
        response: { 200: z.array(TaskSchema) },
      },
    },
    async (request) => presentFeaturedTasks(db, await findViewer(deps.sessions, request)),
  );

  app.get(
    "/api/tasks",
    {
      config: { publicCache: true },
      schema: {
        tags: ["tasks"],
        summary:
          "A page of tasks; the total count is in X-Total-Count, further pages in Link. A search (q) counts and pages through its newest matches, at most 1,000, among about the newest 10,000 tasks (on SQLite at least its newest 72; on PostgreSQL among all tasks when fewer than 12 match there); when more match than it counts, X-Total-Count-Capped is true",
        querystring: TaskListQuerySchema,
        response: { 200: z.array(TaskSchema), ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await findViewer(deps.sessions, request);
      const query = request.query;
      let ownerId: string | undefined;
      if (query.owner === "me") ownerId = (await requireViewer(deps.sessions, request)).id;
      const { tasks, total, capped } = await findTasks(
        deps.database,
        { ...query, ownerId },
        viewer,
        deps.taskNeighbours,
      );
      reply.header("x-total-count", String(total));
      if (capped) reply.header("x-total-count-capped", "true");
      const links = pageLinks(request, query.page, query.limit, total);
      if (links) reply.header("link", links);
      return tasks;
    },
  );

  app.get(
    "/api/tasks/:id",
    {
      config: { publicCache: true },
      schema: {
        tags: ["tasks"],
        summary: "One task; signed-in readers also get the contact email, the bid count and their own bid (myBid)",
        params: TaskIdParamsSchema,
        response: { 200: TaskSchema, ...problems },
      },
    },
    async (request) =>
      presentTaskFor(db, request.params.id, await findViewer(deps.sessions, request), deps.taskNeighbours),
  );

  app.post(
    "/api/tasks",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["tasks"],
        summary: "Post a task as the signed-in user",
        body: CreateTaskSchema,
        response: { 201: InsertedSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const insertedId = await postTask(db, viewer, request.body);
      request.log.info({ taskId: insertedId }, "task posted");
      return reply.code(201).send({ insertedId });
    },
  );

  app.put(
    "/api/tasks/:id",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["tasks"],
        summary: "Replace a task's fields; only its poster may, and only while it is open",
        params: TaskIdParamsSchema,
        body: TaskInputSchema,
        response: { 200: ModifiedSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      const task = await findOwnTask(db, viewer, request.params.id);
      return { modifiedCount: await editTask(deps.notifier, db, task, request.body, deps.taskNeighbours) };
    },
  );

  app.delete(
    "/api/tasks/:id",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["tasks"],
        summary: "Delete a task and its bids; only its poster may, and only while it is open",
        params: TaskIdParamsSchema,
        response: { 200: DeletedSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      const task = await findOwnTask(db, viewer, request.params.id);
      const deletedCount = await deleteOpenTask(deps.notifier, db, task, deps.taskNeighbours);
      request.log.info({ taskId: task.id }, "task deleted");
      return { deletedCount };
    },
  );
}
