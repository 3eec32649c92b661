import { HttpResponse, http } from "msw";
import { DEMO_TASKS } from "../../contract/demo-data.ts";
import { ANONYMOUS_NAME, LIMITS } from "../../contract/limits.ts";
import {
  REVIEW_ASPECTS,
  REVIEW_MESSAGES,
  type Review,
  type ReviewAspect,
  type ReviewInput,
  ReviewInputSchema,
  type ReviewRole,
  type TaskReviews,
} from "../../contract/reputation.ts";
import { type Answer, type MockDb, MockProblem } from "./mock-db.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

interface MockReview {
  id: string;
  taskId: string;
  authorId: string;
  subjectId: string;
  role: ReviewRole;
  rating: number;
  text: string;
  aspects: Partial<Record<ReviewAspect, number>>;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  answer: { text: string; answeredAt: string } | null;
}

type MockTask = MockDb["tasks"][number];

/**
 * The mock API's reviews (issue 28), beside the rest of its data: blind until both are in or the
 * window ends, as the server's rules say (decision 022). Kept per MockDb, so that a test reaches
 * them through `mockReviews(db)`.
 */
export class MockReviews {
  reviews: MockReview[] = [];
  /** When each task ended (completed or cancelled while assigned); the window counts from it. */
  endedAt = new Map<string, number>();

  constructor(private readonly db: MockDb) {
    this.seed();
  }

  private seed() {
    for (const demo of DEMO_TASKS) {
      const task = this.db.tasks.find((candidate) => candidate.title === demo.title);
      if (!task?.assigneeId || !demo.reviews) continue;
      // Ended two days ago: the window still open for the one review that waits.
      this.endedAt.set(task.id, Date.now() - 2 * DAY_MS);
      const both = demo.reviews.client !== undefined && demo.reviews.freelancer !== undefined;
      const publishedAt = both ? new Date(Date.now() - DAY_MS).toISOString() : null;
      for (const role of ["client", "freelancer"] as const) {
        const written = demo.reviews[role];
        if (!written) continue;
        const at = this.db.now();
        this.reviews.push({
          id: this.db.nextId("r"),
          taskId: task.id,
          authorId: role === "client" ? task.ownerId : task.assigneeId,
          subjectId: role === "client" ? task.assigneeId : task.ownerId,
          role,
          rating: written.rating,
          text: written.text,
          aspects: written.aspects ?? {},
          createdAt: at,
          updatedAt: at,
          publishedAt,
          answer:
            role === "client" && demo.reviews.answer && publishedAt
              ? { text: demo.reviews.answer, answeredAt: publishedAt }
              : null,
        });
      }
    }
  }

  reviewable(task: MockTask): boolean {
    return task.assigneeId !== null && (task.status === "completed" || task.status === "cancelled");
  }

  /** The window's end; a task seen ended for the first time ended now. */
  windowEndsAt(task: MockTask): number {
    let ended = this.endedAt.get(task.id);
    if (ended === undefined) {
      ended = Date.now();
      this.endedAt.set(task.id, ended);
    }
    return ended + LIMITS.reviewWindowDays * DAY_MS;
  }

  isOpen(task: MockTask): boolean {
    return Date.now() < this.windowEndsAt(task);
  }

  of(taskId: string): MockReview[] {
    return this.reviews.filter((review) => review.taskId === taskId);
  }

  /** The window ended: what is hidden is published (the server's timed job). */
  publishDue(task: MockTask) {
    if (!this.reviewable(task) || this.isOpen(task)) return;
    const hidden = this.of(task.id).filter((review) => review.publishedAt === null);
    if (hidden.length === 0) return;
    const at = this.db.now();
    for (const review of hidden) review.publishedAt = at;
    for (const userId of [task.ownerId, task.assigneeId ?? ""]) this.db.notify(userId, "reviews-published", task);
  }

  /** For the poster and the hired freelancer: the task can be reviewed and they have not yet. */
  reviewDue(task: MockTask, viewerId: string | null): boolean {
    if (!viewerId || !this.reviewable(task) || !this.isOpen(task)) return false;
    if (viewerId !== task.ownerId && viewerId !== task.assigneeId) return false;
    return !this.of(task.id).some((review) => review.authorId === viewerId);
  }

  present(review: MockReview): Review {
    const person = (id: string) => {
      const user = this.db.userById(id);
      return { id, name: user?.name || ANONYMOUS_NAME, image: user?.image ?? null };
    };
    const task = this.db.tasks.find((candidate) => candidate.id === review.taskId);
    return {
      _id: review.id,
      taskId: review.taskId,
      taskTitle: task?.title ?? "",
      role: review.role,
      author: person(review.authorId),
      subject: person(review.subjectId),
      rating: review.rating,
      text: review.text,
      ...review.aspects,
      createdAt: review.createdAt,
      updatedAt: review.updatedAt,
      publishedAt: review.publishedAt,
      answer: review.answer,
    };
  }

  forViewer(task: MockTask): TaskReviews {
    if (!this.reviewable(task)) {
      return {
        reviewable: false,
        windowEndsAt: null,
        canReview: false,
        canEdit: false,
        mine: null,
        waitingForMe: false,
        other: null,
        published: [],
      };
    }
    this.publishDue(task);
    const viewerId = this.db.viewerId;
    const party = viewerId !== null && (viewerId === task.ownerId || viewerId === task.assigneeId);
    const reviews = this.of(task.id);
    const mine = party ? reviews.find((review) => review.authorId === viewerId) : undefined;
    const otherId = party ? (viewerId === task.ownerId ? task.assigneeId : task.ownerId) : null;
    const theirs = otherId ? reviews.find((review) => review.authorId === otherId) : undefined;
    const open = this.isOpen(task);
    const other = otherId ? this.db.userById(otherId) : undefined;
    return {
      reviewable: true,
      windowEndsAt: new Date(this.windowEndsAt(task)).toISOString(),
      canReview: party && !mine && open,
      canEdit: party && mine !== undefined && mine.publishedAt === null && open,
      mine: mine ? this.present(mine) : null,
      waitingForMe: party && !mine && theirs !== undefined && open,
      other: otherId ? { id: otherId, name: other?.name || ANONYMOUS_NAME, image: other?.image ?? null } : null,
      published: reviews
        .filter((review) => review.publishedAt !== null)
        .sort((a, b) => a.role.localeCompare(b.role))
        .map((review) => this.present(review)),
    };
  }

  /** The reader's side of a task they may review, or the refusal that says why not. */
  private partyOf(task: MockTask) {
    const viewer = this.db.requireViewer();
    if (!this.reviewable(task)) throw new MockProblem(409, REVIEW_MESSAGES.notEnded);
    if (viewer.id !== task.ownerId && viewer.id !== task.assigneeId)
      throw new MockProblem(403, REVIEW_MESSAGES.notParty);
    const role: ReviewRole = viewer.id === task.ownerId ? "client" : "freelancer";
    return { viewer, role, otherId: (role === "client" ? task.assigneeId : task.ownerId) ?? "" };
  }

  private checkAspects(role: ReviewRole, input: ReviewInput) {
    const sent = REVIEW_ASPECTS.find((aspect) => input[aspect] !== undefined);
    if (role === "freelancer" && sent) {
      throw new MockProblem(400, REVIEW_MESSAGES.aspectsClientOnly, {
        errors: [{ field: sent, message: REVIEW_MESSAGES.aspectsClientOnly }],
      });
    }
  }

  write(task: MockTask, input: ReviewInput): MockReview {
    const { viewer, role, otherId } = this.partyOf(task);
    this.publishDue(task);
    if (!this.isOpen(task)) throw new MockProblem(409, REVIEW_MESSAGES.windowEnded);
    if (this.of(task.id).some((review) => review.authorId === viewer.id))
      throw new MockProblem(409, REVIEW_MESSAGES.already);
    this.checkAspects(role, input);
    const at = this.db.now();
    const review: MockReview = {
      id: this.db.nextId("r"),
      taskId: task.id,
      authorId: viewer.id,
      subjectId: otherId,
      role,
      rating: input.rating,
      text: input.text,
      aspects: Object.fromEntries(
        REVIEW_ASPECTS.flatMap((aspect) => (input[aspect] === undefined ? [] : [[aspect, input[aspect]]])),
      ),
      createdAt: at,
      updatedAt: at,
      publishedAt: null,
      answer: null,
    };
    this.reviews.push(review);
    const theirs = this.of(task.id).find((candidate) => candidate.authorId === otherId);
    if (theirs) {
      // Both are in: published together, and both told.
      review.publishedAt = at;
      theirs.publishedAt = at;
      for (const userId of [viewer.id, otherId]) this.db.notify(userId, "reviews-published", task);
    } else {
      this.db.notify(otherId, "review-received", task, { actorName: viewer.name });
    }
    return review;
  }

  change(task: MockTask, input: ReviewInput): MockReview {
    const { viewer, role } = this.partyOf(task);
    this.publishDue(task);
    const mine = this.of(task.id).find((review) => review.authorId === viewer.id);
    if (!mine) throw new MockProblem(404, REVIEW_MESSAGES.noReview);
    if (mine.publishedAt !== null) throw new MockProblem(409, REVIEW_MESSAGES.published);
    if (!this.isOpen(task)) throw new MockProblem(409, REVIEW_MESSAGES.windowEnded);
    this.checkAspects(role, input);
    Object.assign(mine, {
      rating: input.rating,
      text: input.text,
      aspects: Object.fromEntries(
        REVIEW_ASPECTS.flatMap((aspect) => (input[aspect] === undefined ? [] : [[aspect, input[aspect]]])),
      ),
      updatedAt: this.db.now(),
    });
    return mine;
  }
}

const kept = new WeakMap<MockDb, MockReviews>();

/** The reviews of this mock marketplace (made with it, on first use). */
export function mockReviews(db: MockDb): MockReviews {
  let reviews = kept.get(db);
  if (!reviews) {
    reviews = new MockReviews(db);
    kept.set(db, reviews);
  }
  return reviews;
}

/** Parses a review with the contract's schema; a refusal names the field, as the server's does. */
function parseReview(value: unknown): ReviewInput {
  const result = ReviewInputSchema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join(".") || "body",
    message: issue.message,
  }));
  throw new MockProblem(400, errors[0]?.message ?? "The request is not valid.", { errors });
}

/**
 * The three review operations, answered with `answer` (handlers.ts: a MockProblem becomes
 * problem+json).
 */
export function reviewHandlers(db: MockDb, answer: Answer) {
  const reviews = mockReviews(db);
  const taskOf = (params: Record<string, string | readonly string[] | undefined>) => db.task(String(params.id ?? ""));
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? JSON.parse(text) : {};
  };
  return [
    http.get(
      "*/api/tasks/:id/reviews",
      answer(({ params }) => reviews.forViewer(taskOf(params))),
    ),
    http.post(
      "*/api/tasks/:id/reviews",
      answer(async ({ params, request }) => {
        const task = taskOf(params);
        db.requireViewer();
        const review = reviews.write(task, parseReview(await body(request)));
        return HttpResponse.json(reviews.present(review), { status: 201 });
      }),
    ),
    http.put(
      "*/api/tasks/:id/reviews/mine",
      answer(async ({ params, request }) => {
        const task = taskOf(params);
        db.requireViewer();
        return reviews.present(reviews.change(task, parseReview(await body(request))));
      }),
    ),
  ];
}
