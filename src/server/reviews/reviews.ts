import type { Kysely } from "kysely";
import type { NotificationData } from "../../contract/notifications.ts";
import {
  REVIEW_ASPECTS,
  REVIEW_MESSAGES,
  type Review,
  type ReviewInput,
  type ReviewRole,
  type TaskReviews,
} from "../../contract/reputation.ts";
import type { Viewer } from "../accounts/session.ts";
import type { DB } from "../db/schema.ts";
import { type AssignmentRecord, findAssignmentById, findEndedAssignment } from "../hiring/assignment-repository.ts";
import { HttpProblem } from "../http/problem.ts";
import type { Notices, Transactor } from "../notifications/notifier.ts";
import { findShownPerson, type ProfileFigures } from "../profiles/profiles.ts";
import { addPublishedRatings } from "../profiles/record-repository.ts";
import { findTaskById } from "../tasks/task-repository.ts";
import { findTaskOrFail, isRemoved, type ReviewsDue, type TaskNeighbours, type TaskRecord } from "../tasks/tasks.ts";
import { presentPerson, presentReview } from "./present-review.ts";
import {
  countPublishedRatings,
  findPersonById,
  findReviewById,
  findTasksWithReviewDue,
  insertReview,
  listAssignmentAuthors,
  listPublishedReviews,
  listTaskReviews,
  publishAssignmentReviews,
  type ReviewContent,
  type ReviewRecord,
  setReviewAnswer,
  sumClientRatings,
  updateHiddenReview,
} from "./review-repository.ts";
import {
  claimReminder,
  claimWindowClose,
  closeWindow,
  holdOpenWindow,
  listRemindersDue,
  listWindowsToClose,
} from "./review-window-repository.ts";

/** What reviews tell a profile (profiles/profiles.ts, ProfileFigures): the published reviews about a person, counted. */
export const ratingsOf: ProfileFigures["ratingsOf"] = countPublishedRatings;

/** What reviews tell the task lists (tasks.ts, TaskNeighbours): posters' ratings as clients. */
export const postersRatings: TaskNeighbours["postersRatings"] = sumClientRatings;

/** What reviews tell tasks and bids (tasks.ts, TaskNeighbours): whose review is due, within a window of `windowMs`. */
export function reviewsDueWithin(windowMs: number): ReviewsDue {
  return (db, viewerId, taskIds) => findTasksWithReviewDue(db, viewerId, taskIds, windowMs);
}

/**
 * Reviews' rules (decision 022): a task's poster and the freelancer of the hire it ended with
 * review each other once, within the window after it ended; a review is seen by its author alone
 * until both are in or the window ends, and then both are published together, in one transaction.
 */

/** When a hire's reviews stop being taken: its end plus the window. */
export function windowEndOf(assignment: AssignmentRecord, windowMs: number): Date | null {
  return assignment.endedAt === null ? null : new Date(new Date(assignment.endedAt).getTime() + windowMs);
}

/** Which side of the hire the viewer is, if any. */
function sideOf(assignment: AssignmentRecord, viewerId: string): ReviewRole | null {
  if (assignment.clientId === viewerId) return "client";
  if (assignment.freelancerId === viewerId) return "freelancer";
  return null;
}

/**
 * The hire the viewer may review, or the refusal: 403 for anyone but its two sides, 409 while the
 * task has not ended with a hire.
 */
async function reviewableHire(
  db: Kysely<DB>,
  task: TaskRecord,
  viewerId: string,
): Promise<{ assignment: AssignmentRecord; role: ReviewRole }> {
  const assignment = await findEndedAssignment(db, task.id);
  const role = assignment ? sideOf(assignment, viewerId) : null;
  if (!assignment || role === null) {
    const party = task.ownerId === viewerId || task.assigneeId === viewerId;
    throw new HttpProblem(party ? 409 : 403, party ? REVIEW_MESSAGES.notEnded : REVIEW_MESSAGES.notParty);
  }
  return { assignment, role };
}

/** What the author wrote, the aspects only from a client (a freelancer's are refused, each named). */
function contentOf(input: ReviewInput, role: ReviewRole): ReviewContent {
  const aspects = REVIEW_ASPECTS.filter((aspect) => input[aspect] !== undefined);
  if (role === "freelancer" && aspects.length > 0) {
    throw new HttpProblem(400, REVIEW_MESSAGES.aspectsClientOnly, {
      errors: aspects.map((field) => ({ field, message: REVIEW_MESSAGES.aspectsClientOnly })),
    });
  }
  return {
    rating: input.rating,
    text: input.text.trim(),
    communication: input.communication ?? null,
    quality: input.quality ?? null,
    deadline: input.deadline ?? null,
  };
}

function requireWindowOpen(assignment: AssignmentRecord, windowMs: number, now: Date): void {
  const end = windowEndOf(assignment, windowMs);
  if (end === null || now >= end) throw new HttpProblem(409, REVIEW_MESSAGES.windowEnded);
}

const about = (assignment: AssignmentRecord, taskTitle: string, extra: Partial<NotificationData> = {}) => ({
  taskId: assignment.taskId,
  taskTitle,
  ...extra,
});

/**
 * Publishes a hire's hidden reviews at one moment, in the caller's transaction: the client's stars
 * counted in the freelancer's record, and both sides told what was published. With both reviews
 * in, both hear "Your reviews … are published"; at the window's end with one, its author hears
 * that theirs is published, and the other that they were reviewed and the time to review is over.
 */
async function publishHire(
  trx: Kysely<DB>,
  notices: Notices,
  assignment: AssignmentRecord,
  taskTitle: string,
  now: Date,
): Promise<number> {
  const published = await publishAssignmentReviews(trx, assignment.id, now);
  const ratings = published.filter((review) => review.role === "client").map((review) => review.rating);
  await addPublishedRatings(trx, assignment.freelancerId, ratings, now);
  if (published.length === 0) return 0;
  const sides = [assignment.clientId, assignment.freelancerId];
  const authors = await listAssignmentAuthors(trx, assignment.id);
  if (sides.every((userId) => authors.includes(userId))) {
    const data = about(assignment, taskTitle);
    notices.add(...sides.map((userId) => ({ userId, kind: "reviews-published" as const, data })));
    return published.length;
  }
  const clientWrote = authors.includes(assignment.clientId);
  const author = clientWrote ? assignment.clientId : assignment.freelancerId;
  const silent = clientWrote ? assignment.freelancerId : assignment.clientId;
  const [authorName, silentName] = await Promise.all(
    [author, silent].map(async (userId) => (await findPersonById(trx, userId))?.name ?? ""),
  );
  notices.add(
    {
      userId: author,
      kind: "reviews-published",
      data: about(assignment, taskTitle, { published: "mine", actorName: silentName }),
    },
    {
      userId: silent,
      kind: "reviews-published",
      data: about(assignment, taskTitle, { published: "theirs", actorName: authorName }),
    },
  );
  return published.length;
}

/**
 * The viewer reviews the other side of the hire the task ended with. The hire's row is taken
 * first, so that the second of two reviews (however close) sees the first and publishes both, and
 * a window the timed job closed meanwhile refuses it.
 */
export async function writeReview(
  run: Transactor,
  db: Kysely<DB>,
  taskId: string,
  viewer: Viewer,
  input: ReviewInput,
  windowMs: number,
): Promise<Review> {
  const task = await findTaskOrFail(db, taskId);
  const { assignment, role } = await reviewableHire(db, task, viewer.id);
  const content = contentOf(input, role);
  const mine = (await listTaskReviews(db, task.id)).find((review) => review.author.id === viewer.id);
  if (mine) throw new HttpProblem(409, REVIEW_MESSAGES.already);
  const subjectId = role === "client" ? assignment.freelancerId : assignment.clientId;
  const reviewId = await run.transaction(async (trx, notices) => {
    const now = new Date();
    requireWindowOpen(assignment, windowMs, now);
    if (!(await holdOpenWindow(trx, assignment.id))) throw new HttpProblem(409, REVIEW_MESSAGES.windowEnded);
    const id = await insertReview(
      trx,
      { taskId: task.id, assignmentId: assignment.id, authorId: viewer.id, subjectId, role },
      content,
      now,
    );
    if (id === undefined) throw new HttpProblem(409, REVIEW_MESSAGES.already);
    const authors = await listAssignmentAuthors(trx, assignment.id);
    if (authors.includes(subjectId)) {
      // Both are in: published together, and the job has nothing left to do with this hire.
      await publishHire(trx, notices, assignment, task.title, now);
      await closeWindow(trx, assignment.id, now);
    } else {
      notices.add({
        userId: subjectId,
        kind: "review-received",
        data: about(assignment, task.title, { actorName: viewer.name }),
      });
    }
    return id;
  });
  return presentReview(await findReviewOrFail(db, reviewId));
}

async function findReviewOrFail(db: Kysely<DB>, id: string): Promise<ReviewRecord> {
  const review = await findReviewById(db, id);
  if (!review) throw new HttpProblem(404, REVIEW_MESSAGES.reviewNotFound);
  return review;
}

/** The author changes their review while it is hidden and the window open. */
export async function changeReview(
  db: Kysely<DB>,
  taskId: string,
  viewer: Viewer,
  input: ReviewInput,
  windowMs: number,
): Promise<Review> {
  const task = await findTaskOrFail(db, taskId);
  const { assignment, role } = await reviewableHire(db, task, viewer.id);
  const mine = (await listTaskReviews(db, task.id)).find((review) => review.author.id === viewer.id);
  if (!mine) throw new HttpProblem(404, REVIEW_MESSAGES.noReview);
  if (mine.publishedAt !== null) throw new HttpProblem(409, REVIEW_MESSAGES.published);
  const content = contentOf(input, role);
  requireWindowOpen(assignment, windowMs, new Date());
  // Published meanwhile (the other side's review, or the window's end): the change is refused.
  if ((await updateHiddenReview(db, mine.id, content)) === 0) throw new HttpProblem(409, REVIEW_MESSAGES.published);
  return presentReview(await findReviewOrFail(db, mine.id));
}

/** The person reviewed answers a published review, once, in public. */
export async function answerReview(db: Kysely<DB>, reviewId: string, viewer: Viewer, answer: string): Promise<Review> {
  const review = await findReviewOrFail(db, reviewId);
  if (review.removed) throw new HttpProblem(404, REVIEW_MESSAGES.reviewNotFound);
  // A hidden review is its author's alone: to anyone else it does not exist yet.
  if (review.publishedAt === null && review.author.id !== viewer.id && review.subject.id !== viewer.id) {
    throw new HttpProblem(404, REVIEW_MESSAGES.reviewNotFound);
  }
  if (review.subject.id !== viewer.id) throw new HttpProblem(403, REVIEW_MESSAGES.notSubject);
  if (review.publishedAt === null) throw new HttpProblem(409, REVIEW_MESSAGES.notPublished);
  if (review.answer !== null) throw new HttpProblem(409, REVIEW_MESSAGES.alreadyAnswered);
  if ((await setReviewAnswer(db, review.id, answer.trim())) === 0) {
    throw new HttpProblem(409, REVIEW_MESSAGES.alreadyAnswered);
  }
  return presentReview(await findReviewOrFail(db, review.id));
}

/**
 * A task's reviews as this reader may see them: the published ones for everyone; for its two
 * sides, their own (hidden or not), whether one waits for them, and the window. A hidden review is
 * in nobody's answer but its author's.
 */
export async function presentTaskReviews(
  db: Kysely<DB>,
  taskId: string,
  viewer: Viewer | null,
  windowMs: number,
): Promise<TaskReviews> {
  const task = await findTaskOrFail(db, taskId);
  const [assignment, reviews] = await Promise.all([findEndedAssignment(db, task.id), listTaskReviews(db, task.id)]);
  // One a moderator removed is shown to nobody, its author included (who still cannot write another).
  const published = reviews.filter((review) => review.publishedAt !== null && !review.removed).map(presentReview);
  const none = {
    reviewable: assignment !== undefined,
    windowEndsAt: null,
    canReview: false,
    canEdit: false,
    mine: null,
    waitingForMe: false,
    other: null,
    published,
  };
  const role = assignment && viewer ? sideOf(assignment, viewer.id) : null;
  if (!assignment || !viewer || role === null) return none;
  const end = windowEndOf(assignment, windowMs);
  const open = end !== null && Date.now() < end.getTime() && assignment.reviewsClosedAt === null;
  const mine = reviews.find((review) => review.author.id === viewer.id) ?? null;
  const theirs = reviews.find((review) => review.author.id !== viewer.id) ?? null;
  const otherId = role === "client" ? assignment.freelancerId : assignment.clientId;
  const other = await findPersonById(db, otherId);
  return {
    ...none,
    windowEndsAt: end?.toISOString() ?? null,
    canReview: open && mine === null,
    canEdit: open && mine !== null && mine.publishedAt === null,
    mine: mine && !mine.removed ? presentReview(mine) : null,
    waitingForMe: mine === null && theirs !== null && theirs.publishedAt === null,
    other: other ? presentPerson(other) : null,
  };
}

/** How many hires the timed job takes at a time. */
const JOB_BATCH = 50;

/**
 * The window's end (the timed job, publisher.ts): each hire whose window has ended and whose
 * reviews are not closed has its hidden reviews published, once. Each is claimed with a
 * conditional update in its own transaction, so that of several processes one publishes it.
 */
export async function closeEndedWindows(
  run: Transactor,
  db: Kysely<DB>,
  windowMs: number,
  now = new Date(),
): Promise<number> {
  const due = await listWindowsToClose(db, new Date(now.getTime() - windowMs).toISOString(), JOB_BATCH);
  let closed = 0;
  for (const id of due) {
    const claimed = await run.transaction(async (trx, notices) => {
      if (!(await claimWindowClose(trx, id, now))) return false;
      const assignment = await findAssignmentById(trx, id);
      const task = assignment && (await findTaskById(trx, assignment.taskId));
      if (assignment && task) await publishHire(trx, notices, assignment, task.title, now);
      return true;
    });
    if (claimed) closed += 1;
  }
  return closed;
}

/**
 * When a quarter of the window is left (3½ days of 14), whoever has not reviewed yet is reminded,
 * once (the hire's reminded_at claimed as its window's close is). Not in the window's last
 * sixteenth (under a day of 14): a job that was down meanwhile sends no reminder that comes too
 * late to act on. The reminder keeps when the window ends, and its words count the time left
 * from when they are read (contract/notifications.ts).
 */
export const REMIND_WHEN_LEFT = 1 / 4;
export const TOO_LATE_TO_REMIND = 1 / 16;

export async function remindReviewers(
  run: Transactor,
  db: Kysely<DB>,
  windowMs: number,
  now = new Date(),
): Promise<number> {
  const due = await listRemindersDue(
    db,
    {
      endedBefore: new Date(now.getTime() - windowMs * (1 - REMIND_WHEN_LEFT)).toISOString(),
      endedAfter: new Date(now.getTime() - windowMs * (1 - TOO_LATE_TO_REMIND)).toISOString(),
    },
    JOB_BATCH,
  );
  let reminded = 0;
  for (const id of due) {
    const told = await run.transaction(async (trx, notices) => {
      if (!(await claimReminder(trx, id, now))) return 0;
      const assignment = await findAssignmentById(trx, id);
      const task = assignment && (await findTaskById(trx, assignment.taskId));
      // A task a moderator removed is nobody's to review now: no reminder leading to a page that answers 404.
      if (!assignment || !task || isRemoved(task)) return 0;
      const authors = await listAssignmentAuthors(trx, id);
      const end = windowEndOf(assignment, windowMs) ?? now;
      const late = [assignment.clientId, assignment.freelancerId].filter((userId) => !authors.includes(userId));
      notices.add(
        ...late.map((userId) => ({
          userId,
          kind: "review-reminder" as const,
          data: about(assignment, task.title, { reviewsEndAt: end.toISOString() }),
          now,
        })),
      );
      return late.length;
    });
    reminded += told;
  }
  return reminded;
}

/**
 * GET /api/users/{id}/reviews: the published reviews about a person, newest first, on their
 * profile (a suspended person has none to show: 404, as their profile). `as`
 * freelancer: of their work (written by clients, role client); client: of them as a client.
 */
export async function findProfileReviews(
  db: Kysely<DB>,
  userId: string,
  query: { as?: ReviewRole; page: number; limit: number },
): Promise<{ reviews: Review[]; total: number }> {
  await findShownPerson(db, userId);
  const role = query.as === undefined ? undefined : query.as === "freelancer" ? "client" : "freelancer";
  const { reviews, total } = await listPublishedReviews(db, userId, { role, page: query.page, limit: query.limit });
  return { reviews: reviews.map(presentReview), total };
}
