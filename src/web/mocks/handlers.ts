import { HttpResponse, http } from "msw";
import { sse } from "msw/sse";
import type { z } from "zod";
import {
  AcceptBidSchema,
  ANONYMOUS_NAME,
  AnswerQuestionSchema,
  AskQuestionSchema,
  BidListQuerySchema,
  type BidStatus,
  CreateBidSchema,
  CreateTaskSchema,
  ForgotPasswordSchema,
  HideQuestionSchema,
  LIMITS,
  MESSAGES,
  MyBidsQuerySchema,
  ProfileSchema,
  QuestionListQuerySchema,
  ResetPasswordSchema,
  SendMessageSchema,
  SignInSchema,
  SignUpSchema,
  TaskInputSchema,
  TaskListQuerySchema,
  todayAnywhereOnEarth,
  UpdateBidSchema,
} from "../../contract/index.ts";
import {
  KIND_LABELS,
  NotificationListQuerySchema,
  taskChanges,
  UnsubscribeSchema,
  UpdatePreferencesSchema,
} from "../../contract/notifications.ts";
import { matchesSearch, searchWords } from "../../contract/search.ts";
import { adminHandlers } from "./mock-admin.ts";
import { MockDb, MockProblem } from "./mock-db.ts";
import { moderationHandlers, moderationOf } from "./mock-moderation.ts";
import { profileHandlers } from "./mock-profiles.ts";
import { mockReviews, reviewHandlers } from "./mock-reviews.ts";

/** Operations mocked only where the browser has an EventSource (so not in Node's tests). */
export const BROWSER_ONLY_OPERATIONS = ["GET /api/events"];
/** Operations only a mail provider calls (the List-Unsubscribe header of an email): the web app never does. */
export const MAIL_ONLY_OPERATIONS = ["POST /api/email/one-click-unsubscribe"];

/** Any origin: the mock answers the API wherever VITE_API_URL points. */
const api = (path: string) => `*/api${path}`;

function problem(status: number, detail: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json(
    { type: "about:blank", title: String(status), status, detail, ...extra },
    { status, headers: { "content-type": "application/problem+json" } },
  );
}

/** Parses with the contract's schema; a refusal names the field, as the server's does. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join(".") || "body",
    message: issue.message,
  }));
  throw new MockProblem(400, errors[0]?.message ?? "The request is not valid.", { errors });
}

function query(request: Request): Record<string, string | string[]> {
  const params = new URL(request.url).searchParams;
  const entries: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    entries[key] = values.length > 1 ? values : (values[0] ?? "");
  }
  return entries;
}

async function body(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? JSON.parse(text) : {};
}

/** Runs a handler; a MockProblem becomes problem+json. */
function answer<Args extends { request: Request; params: Record<string, string | readonly string[] | undefined> }>(
  run: (args: Args) => Response | Promise<Response> | object | Promise<object>,
) {
  return async (args: Args) => {
    try {
      const result = await run(args);
      return result instanceof Response ? result : HttpResponse.json(result);
    } catch (error) {
      if (error instanceof MockProblem) return problem(error.status, error.detail, error.extra);
      throw error;
    }
  };
}

const param = (value: string | readonly string[] | undefined) => String(value ?? "");

/**
 * Every operation of the API the web app calls, answered from memory with the demo marketplace,
 * the contract's schemas and the server's rules (paging, filters, who may do what, the refusals).
 * The same handlers serve mock mode in the browser and the component tests in Node.
 */
export function createHandlers(db = new MockDb()) {
  const sessionOf = (user: ReturnType<MockDb["requireViewer"]>) => ({
    session: { id: `s-${user.id}`, userId: user.id },
    user: { id: user.id, name: user.name, email: user.email, image: user.image, emailVerified: user.emailVerified },
  });
  const paged = <T>(items: T[], page: number, limit: number, capped = false) => {
    const pageItems = items.slice((page - 1) * limit, page * limit);
    const headers: Record<string, string> = { "x-total-count": String(items.length) };
    if (capped) headers["x-total-count-capped"] = "true";
    return HttpResponse.json(pageItems, { headers });
  };

  const reviews = mockReviews(db);
  /** Reports, sanctions and roles (mock-moderation.ts): a limited person is refused posting, bidding and asking. */
  const moderation = moderationOf(db);
  /** Task.reviewDue, MyBid.task.reviewDue: for the poster and the hired freelancer with a review to write. */
  const reviewDue = (task: Parameters<typeof reviews.reviewDue>[0], viewerId: string) =>
    reviews.reviewDue(task, viewerId) ? { reviewDue: true } : {};

  const handlers = [
    /* Accounts (better-auth's paths) */
    http.get(
      api("/auth/get-session"),
      answer(() => {
        const viewer = db.viewer();
        return viewer ? sessionOf(viewer) : HttpResponse.json(null);
      }),
    ),
    http.post(
      api("/auth/sign-in/email"),
      answer(async ({ request }) => {
        const input = parse(SignInSchema, await body(request));
        return sessionOf(db.signIn(input.email, input.password));
      }),
    ),
    http.post(
      api("/auth/sign-up/email"),
      answer(async ({ request }) => {
        const input = parse(SignUpSchema, await body(request));
        return sessionOf(db.signUp(input));
      }),
    ),
    http.post(
      api("/auth/sign-out"),
      answer(() => {
        db.viewerId = null;
        return { success: true };
      }),
    ),
    http.post(
      api("/auth/update-user"),
      answer(async ({ request }) => {
        const viewer = db.requireViewer();
        Object.assign(viewer, parse(ProfileSchema.partial(), await body(request)));
        return { status: true };
      }),
    ),
    http.post(
      api("/auth/sign-in/social"),
      answer(() => {
        throw new MockProblem(503, MESSAGES.googleUnavailable);
      }),
    ),
    http.post(
      api("/auth/request-password-reset"),
      answer(async ({ request }) => {
        parse(ForgotPasswordSchema, await body(request));
        return { status: true, message: "If this email exists in our system, check your email for the reset link" };
      }),
    ),
    http.post(
      api("/auth/reset-password"),
      answer(async ({ request }) => {
        parse(ResetPasswordSchema, await body(request));
        // No emails in mock mode, so no real reset link either.
        throw new MockProblem(400, "Invalid token", { code: "INVALID_TOKEN" });
      }),
    ),
    http.post(
      api("/auth/send-verification-email"),
      answer(() => {
        db.requireViewer();
        return { status: true };
      }),
    ),

    /* Tasks */
    http.get(
      api("/features-tasks"),
      answer(() => {
        const today = todayAnywhereOnEarth();
        return db.tasks
          .filter((task) => task.status === "open" && task.deadline >= today)
          .sort((a, b) => a.deadline.localeCompare(b.deadline) || a.id.localeCompare(b.id))
          .slice(0, LIMITS.featuredTasks)
          .map((task) => db.presentTask(task));
      }),
    ),
    http.get(
      api("/tasks"),
      answer(({ request }) => {
        const filter = parse(TaskListQuerySchema, query(request));
        const ownerId = filter.owner === "me" ? db.requireViewer().id : undefined;
        const statuses = filter.status ?? (ownerId ? undefined : ["open"]);
        const searching = searchWords(filter.q).length > 0;
        const newest = (a: { createdAt: string }, b: { createdAt: string }) => b.createdAt.localeCompare(a.createdAt);
        let found = db.tasks
          .filter((task) => !ownerId || task.ownerId === ownerId)
          // As the server's: "open" is an open task taking offers, "closed" one past its deadline.
          .filter((task) => {
            const listed = task.status === "open" && task.deadline < todayAnywhereOnEarth() ? "closed" : task.status;
            return !statuses || statuses.includes(listed);
          })
          .filter((task) => !filter.category || task.category === filter.category)
          .filter((task) => matchesSearch(`${task.title} ${task.description}`, filter.q));
        // A search counts and pages through its newest matches only, as the server's does.
        const capped = searching && found.length > LIMITS.searchResultsMax;
        if (searching) found = found.sort(newest).slice(0, LIMITS.searchResultsMax);
        found = found.sort((a, b) =>
          filter.sort === "deadline"
            ? a.deadline.localeCompare(b.deadline)
            : filter.sort === "budget"
              ? b.budget - a.budget
              : newest(a, b),
        );
        return paged(
          // The poster's own list carries each task's number of offers, as the server's does.
          found.map((task) => ({
            ...db.presentTask(task),
            ...(ownerId ? { bidCount: db.liveBids(task.id).length, ...reviewDue(task, ownerId) } : {}),
          })),
          filter.page,
          filter.limit,
          capped,
        );
      }),
    ),
    http.get(
      api("/tasks/:id"),
      answer(({ params }) => db.presentTask(db.task(param(params.id)), true)),
    ),
    http.post(
      api("/tasks"),
      answer(async ({ request }) => {
        const viewer = db.requireViewer();
        moderation.requireNotLimited(viewer.id);
        const task = db.createTask(viewer.id, parse(CreateTaskSchema, await body(request)));
        return HttpResponse.json({ insertedId: task.id }, { status: 201 });
      }),
    ),
    http.put(
      api("/tasks/:id"),
      answer(async ({ params, request }) => {
        const task = db.ownTask(param(params.id));
        db.requireOpen(task);
        const input = parse(TaskInputSchema, await body(request));
        const changes = taskChanges(task, input);
        Object.assign(task, input, { offersPublic: input.offersPublic ?? task.offersPublic });
        if (changes.length > 0) {
          for (const bid of db.bids) {
            if (bid.taskId === task.id && bid.status === "pending")
              db.notify(bid.bidderId, "task-changed", task, { changes });
          }
        }
        return { modifiedCount: changes.length > 0 ? 1 : 0 };
      }),
    ),
    http.delete(
      api("/tasks/:id"),
      answer(({ params }) => {
        const task = db.ownTask(param(params.id));
        db.requireOpen(task);
        for (const bid of db.bids) {
          if (bid.taskId === task.id && bid.status === "pending") db.notify(bid.bidderId, "task-deleted", task);
        }
        db.tasks = db.tasks.filter((candidate) => candidate !== task);
        // As the server: the bids are kept for their bidders, a pending one ended with its task.
        for (const bid of db.bids.filter((candidate) => candidate.taskId === task.id)) {
          if (bid.status === "pending") bid.status = "cancelled";
          db.deletedTaskBids.push({ bid, task: { title: task.title, deadline: task.deadline, budget: task.budget } });
        }
        db.bids = db.bids.filter((bid) => bid.taskId !== task.id);
        return { deletedCount: 1 };
      }),
    ),
    http.post(
      api("/tasks/:id/accept"),
      answer(async ({ params, request }) => {
        const input = parse(AcceptBidSchema, await body(request));
        db.accept(param(params.id), input.bidId, input.amount);
        return db.presentTask(db.task(param(params.id)), true);
      }),
    ),
    ...(["complete", "cancel", "release"] as const).map((step) =>
      http.post(
        api(`/tasks/:id/${step}`),
        answer(({ params }) => {
          db.step(param(params.id), step);
          return db.presentTask(db.task(param(params.id)), true);
        }),
      ),
    ),
    http.get(
      api("/me/summary"),
      answer(() => db.summary(db.requireViewer().id)),
    ),

    /* Bids */
    http.get(
      api("/bids"),
      answer(({ request }) => {
        const viewer = db.requireViewer();
        const filter = parse(BidListQuerySchema, query(request));
        const task = db.task(filter.taskId);
        const bids = db.liveBids(filter.taskId).sort((a, b) => a.bidTime.localeCompare(b.bidTime));
        const poster = task.ownerId === viewer.id;
        // As the server: the poster sees every bid, others their own and, when public, names and amounts.
        const shown = poster || task.offersPublic ? bids : bids.filter((bid) => bid.bidderId === viewer.id);
        const pageOf = shown.slice((filter.page - 1) * filter.limit, filter.page * filter.limit);
        return HttpResponse.json(
          pageOf.map((bid) =>
            poster || bid.bidderId === viewer.id
              ? db.presentBid(bid)
              : { userName: db.userById(bid.bidderId)?.name || ANONYMOUS_NAME, amount: bid.amount, mine: false },
          ),
          { headers: { "x-total-count": String(bids.length) } },
        );
      }),
    ),
    http.post(
      api("/bids"),
      answer(async ({ request }) => {
        moderation.requireNotLimited(db.requireViewer().id);
        const input = parse(CreateBidSchema, await body(request));
        const bid = db.placeBid(input.taskId, input);
        return HttpResponse.json({ ...db.presentBid(bid), insertedId: bid.id }, { status: 201 });
      }),
    ),
    http.patch(
      api("/bids/:id"),
      answer(async ({ params, request }) => {
        const bid = db.ownBid(param(params.id));
        moderation.requireNotLimited(bid.bidderId);
        if (bid.status !== "pending") throw new MockProblem(409, MESSAGES.bidNotPending);
        const task = db.task(bid.taskId);
        db.requireBiddingOpen(task);
        const input = parse(UpdateBidSchema, await body(request));
        const before = bid.amount;
        if (input.amount !== undefined) bid.amount = input.amount;
        if (input.days !== undefined) bid.days = input.days;
        if (input.message !== undefined) bid.message = input.message?.trim() || null;
        bid.changedAt = db.now();
        // As the server: the poster is told, with the amount before when it changed.
        db.notify(task.ownerId, "bid-changed", task, {
          actorName: db.requireViewer().name,
          amount: bid.amount,
          ...(bid.amount !== before ? { previousAmount: before } : {}),
        });
        return db.presentBid(bid);
      }),
    ),
    http.delete(
      api("/bids/:id"),
      answer(({ params }) => {
        const bid = db.ownBid(param(params.id));
        if (bid.status !== "pending") throw new MockProblem(409, MESSAGES.bidNotPending);
        bid.status = "withdrawn";
        return db.presentBid(bid);
      }),
    ),
    http.get(
      api("/my-bids"),
      answer(({ request }) => {
        const viewer = db.requireViewer();
        const filter = parse(MyBidsQuerySchema, query(request));
        const mine = (bid: { bidderId: string; status: BidStatus }) =>
          bid.bidderId === viewer.id && (!filter.status || filter.status.includes(bid.status));
        const live = db.bids.filter(mine).map((bid) => {
          const task = db.task(bid.taskId);
          return {
            ...db.presentBid(bid),
            task: {
              _id: task.id,
              title: task.title,
              status: task.status,
              deadline: task.deadline,
              budget: task.budget,
              ...reviewDue(task, viewer.id),
            },
          };
        });
        const kept = db.deletedTaskBids
          .filter(({ bid }) => mine(bid))
          .map(({ bid, task }) => ({
            ...db.presentBid(bid),
            task: { _id: bid.taskId, ...task, status: "open" as const, deleted: true as const },
          }));
        const bids = [...live, ...kept].sort((a, b) => b.bidTime.localeCompare(a.bidTime));
        return paged(bids, filter.page, filter.limit);
      }),
    ),

    /* Questions */
    http.get(
      api("/tasks/:id/questions"),
      answer(({ params, request }) => {
        const task = db.task(param(params.id));
        const filter = parse(QuestionListQuerySchema, query(request));
        const isPoster = db.viewerId === task.ownerId;
        const questions = db.questions
          .filter((question) => question.taskId === task.id && (isPoster || !question.hidden))
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        return paged(
          questions.map((question) => db.presentQuestion(question)),
          filter.page,
          filter.limit,
        );
      }),
    ),
    http.post(
      api("/tasks/:id/questions"),
      answer(async ({ params, request }) => {
        const viewer = db.requireViewer();
        const task = db.task(param(params.id));
        if (task.ownerId === viewer.id) throw new MockProblem(403, MESSAGES.ownTaskQuestion);
        moderation.requireNotLimited(viewer.id);
        const input = parse(AskQuestionSchema, await body(request));
        const question = {
          id: db.nextId("q"),
          taskId: task.id,
          askerId: viewer.id,
          body: input.body,
          answer: null,
          answeredAt: null,
          hidden: false,
          createdAt: db.now(),
        };
        db.questions.push(question);
        db.notify(task.ownerId, "question-new", task, { actorName: viewer.name });
        return HttpResponse.json(db.presentQuestion(question), { status: 201 });
      }),
    ),
    http.put(
      api("/questions/:id/answer"),
      answer(async ({ params, request }) => {
        const { question, task } = db.questionForPoster(param(params.id));
        const input = parse(AnswerQuestionSchema, await body(request));
        if (question.answer === null) db.notify(question.askerId, "question-answered", task);
        question.answer = input.answer;
        question.answeredAt = db.now();
        return db.presentQuestion(question);
      }),
    ),
    http.patch(
      api("/questions/:id"),
      answer(async ({ params, request }) => {
        const { question } = db.questionForPoster(param(params.id));
        question.hidden = parse(HideQuestionSchema, await body(request)).hidden;
        return db.presentQuestion(question);
      }),
    ),

    /* Messages */
    http.get(
      api("/tasks/:id/threads/:bidderId/messages"),
      answer(({ params }) => {
        db.requireViewer();
        const taskId = param(params.id);
        const bidderId = param(params.bidderId);
        db.thread(taskId, bidderId);
        const messages = db.messages
          .filter((message) => message.taskId === taskId && message.bidderId === bidderId)
          .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
          .slice(-LIMITS.messagesPageMax);
        return messages.map((message) => db.presentMessage(message));
      }),
    ),
    http.post(
      api("/tasks/:id/threads/:bidderId/read"),
      answer(({ params }) => {
        const viewer = db.requireViewer();
        const taskId = param(params.id);
        const bidderId = param(params.bidderId);
        db.thread(taskId, bidderId);
        db.readThread(taskId, bidderId, viewer.id);
        return db.unreadCounts(viewer.id);
      }),
    ),
    http.post(
      api("/tasks/:id/threads/:bidderId/messages"),
      answer(async ({ params, request }) => {
        const viewer = db.requireViewer();
        const taskId = param(params.id);
        const bidderId = param(params.bidderId);
        const { task, otherId } = db.thread(taskId, bidderId);
        const input = parse(SendMessageSchema, await body(request));
        const message = {
          id: db.nextId("m"),
          taskId,
          bidderId,
          senderId: viewer.id,
          body: input.body,
          sentAt: db.now(),
        };
        db.messages.push(message);
        db.readThread(taskId, bidderId, viewer.id);
        db.notify(otherId, "message-new", task, { actorName: viewer.name, bidderId });
        return HttpResponse.json(db.presentMessage(message), { status: 201 });
      }),
    ),
    http.get(
      api("/threads"),
      answer(() => db.threads(db.requireViewer().id)),
    ),

    /* Reviews (mock-reviews.ts) */
    ...reviewHandlers(db, answer),

    /* Profiles and Find Freelancers (mock-profiles.ts) */
    ...profileHandlers(db, answer, parse),

    /* Reports, standing and appeals (mock-moderation.ts); the moderators' operations (mock-admin.ts) */
    ...moderationHandlers(db, answer, parse),
    ...adminHandlers(db, answer, parse),

    /* Notifications */
    http.get(
      api("/notifications"),
      answer(({ request }) => {
        const viewer = db.requireViewer();
        const filter = parse(NotificationListQuerySchema, query(request));
        return db
          .noticesOf(viewer.id)
          .filter((notice) => filter.before === undefined || notice.id < filter.before)
          .filter((notice) => filter.unread !== "true" || !notice.read)
          .slice(0, filter.limit);
      }),
    ),
    http.get(
      api("/notifications/unread"),
      answer(() => db.unreadCounts(db.requireViewer().id)),
    ),
    http.post(
      api("/notifications/read-all"),
      answer(() => {
        const viewer = db.requireViewer();
        for (const notice of db.notices) if (notice.userId === viewer.id) notice.read = true;
        return db.unreadCounts(viewer.id);
      }),
    ),
    http.post(
      api("/notifications/:id/read"),
      answer(({ params }) => {
        const viewer = db.requireViewer();
        const notice = db.notices.find(
          (candidate) => candidate.id === Number(params.id) && candidate.userId === viewer.id,
        );
        if (!notice) throw new MockProblem(404, "This notification does not exist.");
        notice.read = true;
        return db.unreadCounts(viewer.id);
      }),
    ),
    http.get(
      api("/me/notification-preferences"),
      answer(() => {
        const viewer = db.requireViewer();
        return Object.fromEntries(
          Object.keys(KIND_LABELS).map((kind) => [kind, db.channel(viewer.id, kind as keyof typeof KIND_LABELS)]),
        );
      }),
    ),
    http.put(
      api("/me/notification-preferences"),
      answer(async ({ request }) => {
        const viewer = db.requireViewer();
        const choices = parse(UpdatePreferencesSchema, await body(request));
        db.preferences.set(viewer.id, { ...db.preferences.get(viewer.id), ...choices });
        return Object.fromEntries(
          Object.keys(KIND_LABELS).map((kind) => [kind, db.channel(viewer.id, kind as keyof typeof KIND_LABELS)]),
        );
      }),
    ),
    http.post(
      api("/email/unsubscribe"),
      answer(async ({ request }) => {
        parse(UnsubscribeSchema, await body(request));
        throw new MockProblem(400, "This unsubscribe link is not valid. Open your profile to choose your emails.");
      }),
    ),
  ];
  // The live stream, where there is an EventSource to open it (browsers; not Node): the counts at once.
  if (typeof EventSource !== "undefined") {
    handlers.push(
      sse<{ message: string; unread: string }>(api("/events"), ({ client }) => {
        const viewer = db.viewer();
        if (viewer) client.send({ event: "unread", data: JSON.stringify(db.unreadCounts(viewer.id)) });
      }),
    );
  }
  return { db, handlers };
}
