import type { Kysely } from "kysely";
import {
  type Bid,
  LIMITS,
  MESSAGES,
  type Task,
  type TaskInput,
  type TaskPayment,
  todayAnywhereOnEarth,
} from "../../contract/index.ts";
import { MODERATION_MESSAGES } from "../../contract/moderation.ts";
import { taskChanges } from "../../contract/notifications.ts";
import type { Viewer } from "../accounts/session.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Transactor } from "../notifications/notifier.ts";
import { refuseLimited } from "../standing/standing.ts";
import {
  deleteTask,
  findTaskById,
  findTaskStatus,
  holdTaskRow,
  insertTask,
  listFeaturedTasks,
  REMOVED_TASK_STATUS,
  type TaskRecord,
  updateTask,
} from "./task-repository.ts";
import { listTasks, type TaskFilter, type TaskPage } from "./task-search-repository.ts";

export type { TaskRecord };

/**
 * What the rooms above tasks know of a task, told to tasks without tasks importing them: bids
 * answer for its offers, reviews for whether a person's review is due. Registered in app.ts
 * (`AppDeps.taskNeighbours`); tasks stand below both (docs/architecture.md).
 */
export interface TaskNeighbours {
  /** How many offers each task has had, not withdrawn (none for a task without). */
  countOffers(db: Kysely<DB>, taskIds: string[]): Promise<Map<string, number>>;
  /** The reader's own offer on a task, as they see it. */
  offerOf(db: Kysely<DB>, taskId: string, viewer: Viewer): Promise<Bid | undefined>;
  /** Who has a pending offer on a task: they are told when it changes or goes. In the change's transaction. */
  pendingBidders(trx: Kysely<DB>, taskId: string): Promise<string[]>;
  /** A task about to be deleted: its offers are kept for their bidders (decision 020). In the delete's transaction. */
  keepOffersOfDeleted(trx: Kysely<DB>, taskId: string): Promise<void>;
  /** A task a moderator removes: its waiting offers are cancelled, and answered (their ids and bidders). */
  cancelPendingOffers(trx: Kysely<DB>, taskId: string): Promise<Array<{ id: string; bidderId: string }>>;
  /** A removed task restored: the offers its removal cancelled wait again. */
  reopenOffers(trx: Kysely<DB>, offerIds: string[]): Promise<void>;
  /** Of these ended tasks, those this person may review now and has not. */
  reviewsDue: ReviewsDue;
  /** Who invited the reader to the task, by name (bids' invitations), if anyone did. */
  inviterOf?: (db: Kysely<DB>, taskId: string, viewerId: string) => Promise<string | undefined>;
  /** These posters' ratings as clients: the stars of freelancers' published reviews of them (reviews). */
  postersRatings: (db: Kysely<DB>, posterIds: string[]) => Promise<Map<string, { sum: number; count: number }>>;
  /** Of these tasks, the hire's payment the viewer is a party to (payments; none when PAYMENTS=off). */
  paymentsOf?: (db: Kysely<DB>, taskIds: string[], viewerId: string) => Promise<Map<string, TaskPayment>>;
  /** The platform fee, in percent, taken from what a hired freelancer is paid (none when PAYMENTS=off). */
  feePercent?: number;
}

/** Of these ended tasks, those this person may review now and has not (reviews/reviews.ts answers). */
export type ReviewsDue = (db: Kysely<DB>, viewerId: string, taskIds: string[]) => Promise<Set<string>>;

/**
 * Tasks' rules: who sees what of a task, who may change it and when, and the notices a change
 * sends. The routes (task-routes.ts) and other features (bids, hiring, questions, messages, the server's
 * first screens) find and present tasks through these.
 */

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
    ownerId: task.ownerId,
    ...(viewer ? { userEmail: task.ownerEmail } : {}),
    createdAt: task.createdAt,
    status: task.status,
    offersPublic: task.offersPublic,
    ...(task.assigneeName !== null && task.assigneeId !== null
      ? { assignee: task.assigneeName, assigneeId: task.assigneeId }
      : {}),
    ...(party && task.agreedAmount !== null ? { agreedAmount: task.agreedAmount } : {}),
  };
}

/** A task that is there; one a moderator removed is there for nobody (404, saying so). */
export async function findTaskOrFail(db: Kysely<DB>, id: string): Promise<TaskRecord> {
  const task = await findTaskById(db, id);
  if (!task) throw new HttpProblem(404, MESSAGES.taskNotFound);
  if (isRemoved(task)) throw new HttpProblem(404, MODERATION_MESSAGES.removedTask);
  return task;
}

/** Removed by a moderator: hidden everywhere until restored (decision 023). */
export function isRemoved(task: TaskRecord): boolean {
  return (task.status as string) === REMOVED_TASK_STATUS;
}

/**
 * One task as its page shows it to this reader: with the bid count and their own bid when signed
 * in, and for its two sides whether their review is due (as bids and reviews tell: `neighbours`).
 */
export async function presentTaskFor(
  db: Kysely<DB>,
  id: string,
  viewer: Viewer | null,
  neighbours: TaskNeighbours,
): Promise<Task> {
  const task = await findTaskOrFail(db, id);
  if (!viewer) return presentTask(task, null);
  const [counts, myBid, due, payments, invitedBy] = await Promise.all([
    neighbours.countOffers(db, [task.id]),
    neighbours.offerOf(db, task.id, viewer),
    reviewsDue(db, [task], viewer, neighbours.reviewsDue),
    neighbours.paymentsOf?.(db, [task.id], viewer.id),
    neighbours.inviterOf?.(db, task.id, viewer.id),
  ]);
  const payment = payments?.get(task.id);
  return {
    ...presentTask(task, viewer),
    bidCount: counts.get(task.id) ?? 0,
    hasBid: myBid !== undefined && (myBid.status === "pending" || myBid.status === "accepted"),
    ...(myBid ? { myBid } : {}),
    ...(invitedBy ? { invitedBy } : {}),
    ...(due.has(task.id) ? { reviewDue: true } : {}),
    ...(payment ? { payment } : {}),
    ...(neighbours.feePercent !== undefined ? { platformFeePercent: neighbours.feePercent } : {}),
  };
}

/** Of these tasks, those the viewer may review now and has not (only ended ones are asked about). */
function reviewsDue(db: Kysely<DB>, tasks: TaskRecord[], viewer: Viewer, due: ReviewsDue): Promise<Set<string>> {
  const ended = tasks.filter(
    (task) =>
      (task.status === "completed" || task.status === "cancelled") &&
      task.assigneeId !== null &&
      (task.ownerId === viewer.id || task.assigneeId === viewer.id),
  );
  return due(
    db,
    viewer.id,
    ended.map((task) => task.id),
  );
}

/** Up to six tasks still open for bids, the nearest deadline first. */
export async function presentFeaturedTasks(db: Kysely<DB>, viewer: Viewer | null): Promise<Task[]> {
  const tasks = await listFeaturedTasks(db, todayAnywhereOnEarth(), LIMITS.featuredTasks);
  return tasks.map((task) => presentTask(task, viewer));
}

/**
 * A page of tasks as the lists show them; `ownerId` keeps one person's. For a signed-in reader each
 * with its number of offers (bidCount, as its page counts them: PRODUCT.md lets anyone signed in see
 * it), which the cards of Browse Tasks and My Posted Tasks show (and its delete warns of); on the
 * other lists, with the poster's rating as a client.
 */
export async function findTasks(
  database: Database,
  filter: TaskFilter,
  viewer: Viewer | null,
  neighbours: TaskNeighbours,
): Promise<Omit<TaskPage, "tasks"> & { tasks: Task[] }> {
  const page = await listTasks(database, filter);
  const own = filter.ownerId !== undefined && viewer !== null && filter.ownerId === viewer.id;
  const ids = page.tasks.map((task) => task.id);
  // Each read is of the whole page at once (never one per task): the offers' counts, and on the
  // other lists the posters' ratings as clients, which Browse Tasks' cards show (issue 45).
  const posters = [...new Set(page.tasks.map((task) => task.ownerId))];
  const [counts, due, payments, ratings] = await Promise.all([
    ids.length > 0 && viewer ? neighbours.countOffers(database.db, ids) : undefined,
    own ? reviewsDue(database.db, page.tasks, viewer, neighbours.reviewsDue) : new Set<string>(),
    own ? neighbours.paymentsOf?.(database.db, ids, viewer.id) : undefined,
    filter.ownerId || posters.length === 0 ? undefined : neighbours.postersRatings(database.db, posters),
  ]);
  return {
    ...page,
    tasks: page.tasks.map((task) => {
      const payment = payments?.get(task.id);
      const rated = ratings?.get(task.ownerId);
      return {
        ...presentTask(task, viewer),
        ...(counts ? { bidCount: counts.get(task.id) ?? 0 } : {}),
        ...(ratings
          ? {
              posterRating: {
                rating: rated && rated.count > 0 ? Math.round((rated.sum / rated.count) * 10) / 10 : null,
                reviews: rated?.count ?? 0,
              },
            }
          : {}),
        ...(due.has(task.id) ? { reviewDue: true } : {}),
        ...(payment ? { payment } : {}),
      };
    }),
  };
}

/** A limited person posts nothing (decision 023): 403 naming the rule. */
export async function postTask(db: Kysely<DB>, poster: Viewer, input: TaskInput): Promise<string> {
  await refuseLimited(db, poster.id);
  return insertTask(db, poster.id, input);
}

/** The viewer's own task: 404 when there is none, 403 when it is someone else's. */
export async function findOwnTask(db: Kysely<DB>, viewer: Viewer, id: string): Promise<TaskRecord> {
  const task = await findTaskOrFail(db, id);
  if (task.ownerId !== viewer.id) throw new HttpProblem(403, MESSAGES.notTaskOwner);
  return task;
}

/** Only an open task may be edited or deleted; the refusal says what to do instead. */
export function requireOpen(task: TaskRecord): void {
  if (task.status !== "open") throw new HttpProblem(409, MESSAGES.taskNotOpen[task.status]);
}

/**
 * The poster changes an open task: its fields replaced, and whoever has a pending offer told what
 * changed, old and new. 0 when nothing differed; 409 when the task stopped being open meanwhile.
 * A limited poster publishes nothing by editing either (issue 42): 403 naming the rule.
 */
export async function editTask(
  run: Transactor,
  db: Kysely<DB>,
  task: TaskRecord,
  input: TaskInput,
  neighbours: TaskNeighbours,
): Promise<number> {
  requireOpen(task);
  // A task whose deadline has passed may keep it, but a new deadline cannot lie in the past.
  if (input.deadline !== task.deadline && input.deadline < todayAnywhereOnEarth()) {
    throw new HttpProblem(400, "Deadline cannot be in the past", {
      errors: [{ field: "deadline", message: "Deadline cannot be in the past" }],
    });
  }
  await refuseLimited(db, task.ownerId);
  const modifiedCount = await run.transaction(async (trx, notices) => {
    await refuseLimited(trx, task.ownerId);
    const before = (await findTaskById(trx, task.id)) ?? task;
    const modified = await updateTask(trx, task.id, input);
    const changes = modified > 0 ? taskChanges(before, input) : [];
    if (changes.length > 0) {
      const data = { taskId: task.id, taskTitle: input.title, changes };
      const bidders = await neighbours.pendingBidders(trx, task.id);
      notices.add(...bidders.map((userId) => ({ userId, kind: "task-changed" as const, data })));
    }
    return modified;
  });
  // Nothing written: no field differed, or the task stopped being open meanwhile.
  if (modifiedCount === 0) requireOpen(await findTaskOrFail(db, task.id));
  return modifiedCount;
}

/**
 * The poster deletes an open task; its bids are kept for their bidders' My Bids, marked "Task
 * deleted" (decision 020), and whoever had a pending offer is told.
 */
export async function deleteOpenTask(
  run: Transactor,
  db: Kysely<DB>,
  task: TaskRecord,
  neighbours: TaskNeighbours,
): Promise<number> {
  requireOpen(task);
  const deletedCount = await run.transaction(async (trx, notices) => {
    // The task's row first, as a new bid holds it: no bid slips in between the list and the delete.
    await holdTaskRow(trx, task.id);
    const bidders = await neighbours.pendingBidders(trx, task.id);
    // Only while it is still open: what is kept is thrown away with the rest when the delete finds it changed.
    if ((await findTaskStatus(trx, task.id)) === "open") await neighbours.keepOffersOfDeleted(trx, task.id);
    const deleted = await deleteTask(trx, task.id);
    if (deleted > 0) {
      const data = { taskId: task.id, taskTitle: task.title };
      notices.add(...bidders.map((userId) => ({ userId, kind: "task-deleted" as const, data })));
    }
    return deleted;
  });
  if (deletedCount === 0) requireOpen(await findTaskOrFail(db, task.id));
  return deletedCount;
}
