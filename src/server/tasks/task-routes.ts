import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CreateTaskSchema,
  DeletedSchema,
  InsertedSchema,
  LIMITS,
  MESSAGES,
  ModifiedSchema,
  ProblemSchema,
  type Task,
  TaskIdParamsSchema,
  TaskInputSchema,
  TaskListQuerySchema,
  TaskSchema,
  todayAnywhereOnEarth,
} from "../../contract/index.ts";
import { taskChanges } from "../../contract/notifications.ts";
import { findViewer, requireViewer, type Viewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { countBidsForTask, findBidOf, pendingBidderIds } from "../bids/bid-repository.ts";
import { presentBid } from "../bids/present-bid.ts";
import { HttpProblem } from "../http/problem.ts";
import {
  deleteTask,
  findTaskById,
  holdTaskRow,
  insertTask,
  listFeaturedTasks,
  listTasks,
  type TaskRecord,
  updateTask,
} from "./task-repository.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/**
 * The poster's contact email is for signed-in readers only; the agreed amount for the poster and
 * the hired freelancer. Who was hired is public, as on the marketplaces people know.
 */
export function presentTask(task: TaskRecord, viewer: Viewer | null): Task {
  const party = viewer !== null && (viewer.id === task.ownerId || viewer.id === task.assigneeId);
  return {
    _id: task.id,
    title: task.title,
    category: task.category,
    description: task.description,
    deadline: task.deadline,
    budget: task.budget,
    userName: task.ownerName,
    ...(viewer ? { userEmail: task.ownerEmail } : {}),
    createdAt: task.createdAt,
    status: task.status,
    offersPublic: task.offersPublic,
    ...(task.assigneeName !== null && task.assigneeId !== null ? { assignee: task.assigneeName } : {}),
    ...(party && task.agreedAmount !== null ? { agreedAmount: task.agreedAmount } : {}),
  };
}

/** One task as its page shows it to this reader: with the bid count and their own bid when signed in. */
export async function presentTaskFor(deps: AppDeps, id: string, viewer: Viewer | null): Promise<Task> {
  const task = await findTaskOrFail(deps, id);
  if (!viewer) return presentTask(task, null);
  const [bidCount, myBid] = await Promise.all([
    countBidsForTask(deps.database.db, task.id),
    findBidOf(deps.database.db, task.id, viewer.id),
  ]);
  return {
    ...presentTask(task, viewer),
    bidCount,
    hasBid: myBid !== undefined && (myBid.status === "pending" || myBid.status === "accepted"),
    ...(myBid ? { myBid: presentBid(myBid, viewer.id) } : {}),
  };
}

/** Only an open task may be edited or deleted; the refusal says what to do instead. */
function requireOpen(task: TaskRecord) {
  if (task.status !== "open") throw new HttpProblem(409, MESSAGES.taskNotOpen[task.status]);
}

export async function findTaskOrFail(deps: AppDeps, id: string): Promise<TaskRecord> {
  const task = await findTaskById(deps.database.db, id);
  if (!task) throw new HttpProblem(404, MESSAGES.taskNotFound);
  return task;
}

async function findOwnTask(deps: AppDeps, request: FastifyRequest, id: string) {
  const viewer = await requireViewer(deps.sessions, request);
  const task = await findTaskOrFail(deps, id);
  if (task.ownerId !== viewer.id) throw new HttpProblem(403, MESSAGES.notTaskOwner);
  return task;
}

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
    async (request) => {
      const viewer = await findViewer(deps.sessions, request);
      const tasks = await listFeaturedTasks(db, todayAnywhereOnEarth(), LIMITS.featuredTasks);
      return tasks.map((task) => presentTask(task, viewer));
    },
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
      const { tasks, total, capped } = await listTasks(deps.database, { ...query, ownerId });
      reply.header("x-total-count", String(total));
      if (capped) reply.header("x-total-count-capped", "true");
      const links = pageLinks(request, query.page, query.limit, total);
      if (links) reply.header("link", links);
      return tasks.map((task) => presentTask(task, viewer));
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
    async (request) => presentTaskFor(deps, request.params.id, await findViewer(deps.sessions, request)),
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
      const insertedId = await insertTask(db, viewer.id, request.body);
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
      const task = await findOwnTask(deps, request, request.params.id);
      requireOpen(task);
      const input = request.body;
      // A task whose deadline has passed may keep it, but a new deadline cannot lie in the past.
      if (input.deadline !== task.deadline && input.deadline < todayAnywhereOnEarth()) {
        throw new HttpProblem(400, "Deadline cannot be in the past", {
          errors: [{ field: "deadline", message: "Deadline cannot be in the past" }],
        });
      }
      const modifiedCount = await deps.notifier.transaction(async (trx, notices) => {
        const before = (await findTaskById(trx, task.id)) ?? task;
        const modified = await updateTask(trx, task.id, input);
        const changes = modified > 0 ? taskChanges(before, input) : [];
        if (changes.length > 0) {
          const data = { taskId: task.id, taskTitle: input.title, changes };
          const bidders = await pendingBidderIds(trx, task.id);
          notices.add(...bidders.map((userId) => ({ userId, kind: "task-changed" as const, data })));
        }
        return modified;
      });
      // Nothing written: no field differed, or the task stopped being open meanwhile.
      if (modifiedCount === 0) requireOpen(await findTaskOrFail(deps, task.id));
      return { modifiedCount };
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
      const task = await findOwnTask(deps, request, request.params.id);
      requireOpen(task);
      const deletedCount = await deps.notifier.transaction(async (trx, notices) => {
        // The task's row first, as a new bid holds it: no bid slips in between the list and the delete.
        await holdTaskRow(trx, task.id);
        const bidders = await pendingBidderIds(trx, task.id);
        const deleted = await deleteTask(trx, task.id);
        if (deleted > 0) {
          const data = { taskId: task.id, taskTitle: task.title };
          notices.add(...bidders.map((userId) => ({ userId, kind: "task-deleted" as const, data })));
        }
        return deleted;
      });
      if (deletedCount === 0) requireOpen(await findTaskOrFail(deps, task.id));
      request.log.info({ taskId: task.id }, "task deleted");
      return { deletedCount };
    },
  );
}
