import { type HttpHandler, HttpResponse, http } from "msw";
import { sse } from "msw/sse";
import type { z } from "zod";
import * as alerts from "../../contract/alerts.ts";
import {
  AcceptBidSchema,
  AnswerQuestionSchema,
  AskQuestionSchema,
  BID_STATUSES,
  type Bid,
  BidListQuerySchema,
  CreateBidSchema,
  CreateInvitationSchema,
  CreateTaskSchema,
  type DashboardSummary,
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
  TASK_STATUSES,
  type Task,
  TaskInputSchema,
  TaskListQuerySchema,
  type Thread,
  todayAnywhereOnEarth,
  UpdateBidSchema,
} from "../../contract/index.ts";
import {
  AppealDecisionSchema,
  AppealInputSchema,
  type AuditAction,
  type AuditEntry,
  AuditQuerySchema,
  DecisionInputSchema,
  MODERATION_MESSAGES,
  ReportInputSchema,
  type ReportTarget,
  RestoreInputSchema,
  RoleInputSchema,
  type Snapshot,
  TokenAppealInputSchema,
} from "../../contract/moderation.ts";
import {
  DEFAULT_CHANNELS,
  KIND_LABELS,
  NotificationListQuerySchema,
  UnsubscribeSchema,
  UpdatePreferencesSchema,
} from "../../contract/notifications.ts";
import {
  type Dispute,
  DisputeDecisionInputSchema,
  DisputeInputSchema,
  PayInputSchema,
  type Payment,
  type Proposal,
  ProposalInputSchema,
} from "../../contract/payments.ts";
import {
  AboutInputSchema,
  type FreelancerCard,
  FreelancerQuerySchema,
  ProfileReviewsQuerySchema,
  posterRatingOf,
  type Review,
  ReviewAnswerSchema,
  ReviewInputSchema,
  type TaskReviews,
} from "../../contract/reputation.ts";
import { REVIEW_MESSAGES } from "../../contract/reputation-words.ts";
import { matchesPeopleSearch, matchesSearch, meetsFilters } from "../../contract/search.ts";
import { enterScenario, problem, scenarioHandlers } from "./scenarios.ts";
import { seedDemo } from "./seed.ts";
import { type MockBid, type MockProfile, MockStore, type MockTask } from "./store.ts";

/** Operations mocked only where the browser has an EventSource (so not in Node's tests), or a download link's. */
export const BROWSER_ONLY_OPERATIONS = ["GET /api/events", "GET /api/me/payments.csv"];
/** Operations only a mail provider calls (the List-Unsubscribe header of an email): the web app never does. */
export const MAIL_ONLY_OPERATIONS = ["POST /api/email/one-click-unsubscribe"];

/** Not found, not signed in, not valid: the only answers the mock gives of itself. */
class Refusal extends Error {
  constructor(readonly response: Response) {
    super(String(response.status));
  }
}
const refuse = (status: number, detail: string, extra: Record<string, unknown> = {}) => {
  throw new Refusal(problem(status, detail, extra));
};

/** A body or a query through the contract's schema; a refusal names the field, as the server's does. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join(".") || "body",
    message: issue.message,
  }));
  return refuse(400, errors[0]?.message ?? "The request is not valid.", { errors });
}

function query(request: Request): Record<string, string | string[]> {
  const params = new URL(request.url).searchParams;
  const value = (values: string[]) => (values.length > 1 ? values : (values[0] ?? ""));
  return Object.fromEntries([...new Set(params.keys())].map((key) => [key, value(params.getAll(key))]));
}

type Args = { request: Request; params: Record<string, string | readonly string[] | undefined> };
type Input = { request: Request; id: string; param: (name: string) => string; body: () => Promise<unknown> };

/** Runs a handler with its input; an object answers as JSON, a Refusal as its problem+json. */
function answer(run: (input: Input) => unknown) {
  return async ({ request, params }: Args) => {
    const param = (name: string) => String(params[name] ?? "");
    const body = async () => JSON.parse((await request.clone().text()) || "{}");
    try {
      const result = await run({ request, id: param("id"), param, body });
      return result instanceof Response ? result : HttpResponse.json(result as object);
    } catch (error) {
      if (error instanceof Refusal) return error.response;
      throw error;
    }
  };
}

/** Mock mode's statement: no money has moved (the ledger is the server's). */
const EMPTY_STATEMENT = {
  asClient: { paid: 0, held: 0, refunded: 0 },
  asFreelancer: { held: 0, earned: 0, paidOut: 0, balance: 0 },
  currency: "USD",
  payouts: { provider: "test" as const, ready: true },
};
const pageOf = <T>(items: T[], { page, limit }: { page: number; limit: number }) =>
  items.slice((page - 1) * limit, page * limit);
const paged = <T>(items: T[], query: { page: number; limit: number }, headers: Record<string, string> = {}) =>
  HttpResponse.json(pageOf(items, query), {
    headers: { "x-total-count": String(items.length), ...headers },
  });
type Outcome = NonNullable<Dispute["outcome"]>;
type AuditInput = Omit<AuditEntry, "_id" | "at" | "actor" | "subject"> & { subjectId?: string };
type Party = Proposal["by"];
const created = (body: object) => HttpResponse.json(body, { status: 201 });
const newestFirst = <T>(items: T[], time: (item: T) => string) =>
  [...items].sort((a, b) => time(b).localeCompare(time(a)));
const countByStatus = <K extends string>(items: Array<{ status: string }>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, items.filter((item) => item.status === key).length])) as Record<K, number>;

/**
 * Every operation of the API the web app calls, answered from the store (store.ts) with the demo
 * marketplace: reads filter and page what is kept, writes keep what was sent. The mock tells no one
 * and refuses nothing the server would decide; scenarios.ts shows those answers on demand. The same
 * handlers serve mock mode in the browser and the component tests in Node.
 */
export function createHandlers(store = new MockStore()) {
  if (store.users.length === 0) seedDemo(store);
  enterScenario(store);

  const signedIn = () => store.viewer() ?? refuse(401, MESSAGES.signInRequired);
  /** One operation of the API, "METHOD /path" as the OpenAPI document names it. */
  const route = (operation: string, run: (input: Input) => unknown) => {
    const [method, path] = operation.split(" ") as [string, string];
    return http[method.toLowerCase() as "get"](`*/api${path}`, answer(run));
  };
  /** An operation for a signed-in person only: the others are refused (401) before it runs. */
  const signedInRoute = (operation: string, run: (viewer: ReturnType<typeof signedIn>, input: Input) => unknown) =>
    route(operation, (input) => run(signedIn(), input));
  const found = <T>(value: T | undefined, detail: string): T => value ?? refuse(404, detail);
  const byId = <T extends { _id: string }>(items: T[], id: string, detail: string) =>
    items.find((item) => item._id === id) ?? refuse(404, detail);
  const taskOf = (id: string) => found(store.task(id), MESSAGES.taskNotFound);
  const searchOf = (id: string) => byId(store.searches, id, alerts.SAVED_SEARCH_MESSAGES.notFound);
  const party = (task: MockTask, userId: string | null | undefined) =>
    !!userId && (userId === task.ownerId || userId === task.assigneeId);
  const liveBids = (taskId: string) => store.bids.filter((bid) => bid.taskId === taskId && bid.status !== "withdrawn");
  const reviewDue = (task: MockTask, userId: string) => {
    const closes = store.reviewWindows.get(task._id);
    const written = store.reviews.some((review) => review.taskId === task._id && review.author.id === userId);
    return party(task, userId) && !!closes && closes > new Date().toISOString() && !written;
  };

  const reputationOf = (userId: string) => {
    const profile = store.profiles.get(userId)?.asFreelancer;
    return (
      profile && { rating: profile.rating.average.value, reviews: profile.rating.count, completed: profile.completed }
    );
  };
  const invited = (taskId: string, userId: string) => store.invitations.has(`${taskId} ${userId}`);
  const presentBid = (b: MockBid): Bid => {
    const rep = reputationOf(b.bidderId);
    const inv = invited(b.taskId, b.bidderId) && store.task(b.taskId)?.ownerId === store.viewerId;
    return { ...b, mine: b.bidderId === store.viewerId, ...(rep && { reputation: rep }), ...(inv && { invited: inv }) };
  };
  const presentTask = (task: MockTask, detailed = false): Task => {
    const viewer = store.viewer();
    if (!viewer) return task;
    const email = store.user(task.ownerId ?? "")?.email ?? "";
    const shown = { ...task, userEmail: email };
    if (!party(task, viewer.id)) delete shown.agreedAmount;
    if (!detailed) return shown;
    const mine = store.bids.find((bid) => bid.taskId === task._id && bid.bidderId === viewer.id);
    return {
      ...shown,
      bidCount: liveBids(task._id).length,
      hasBid: mine?.status === "pending" || mine?.status === "accepted",
      ...(mine ? { myBid: presentBid(mine) } : {}),
      ...(invited(task._id, viewer.id) ? { invitedBy: task.userName } : {}),
    };
  };
  const unreadIn = (taskId: string, bidderId: string, userId: string) => {
    const readAt = store.reads.get(`${taskId} ${bidderId} ${userId}`) ?? "";
    return store.messages.filter(
      (message) =>
        message.taskId === taskId &&
        message.bidderId === bidderId &&
        message.senderId !== userId &&
        message.sentAt > readAt,
    ).length;
  };
  const threadsOf = (userId: string): Thread[] => {
    const last = new Map<string, (typeof store.messages)[number]>();
    for (const message of store.messages) {
      const task = store.task(message.taskId);
      if (task && (task.ownerId === userId || message.bidderId === userId))
        last.set(`${message.taskId} ${message.bidderId}`, message);
    }
    return newestFirst([...last.values()], (message) => message.sentAt).map((message) => {
      const task = taskOf(message.taskId);
      const otherId = task.ownerId === userId ? message.bidderId : (task.ownerId ?? "");
      return {
        taskId: task._id,
        taskTitle: task.title,
        bidderId: message.bidderId,
        otherName: store.person(otherId).name,
        otherId,
        lastMessage: message.body,
        lastAt: message.sentAt,
        unread: unreadIn(task._id, message.bidderId, userId),
      };
    });
  };
  const unreadCounts = (userId: string) => ({
    notifications: store.notices.filter((notice) => notice.userId === userId && !notice.read).length,
    messages: threadsOf(userId).reduce((sum, thread) => sum + thread.unread, 0),
  });
  const channels = (userId: string) =>
    Object.fromEntries(
      Object.keys(KIND_LABELS).map((kind) => {
        const key = kind as keyof typeof KIND_LABELS;
        return [kind, store.preferences.get(userId)?.[key] ?? DEFAULT_CHANNELS[key]];
      }),
    );
  const sessionOf = (user: NonNullable<ReturnType<MockStore["viewer"]>>) => ({
    session: { id: `s-${user.id}`, userId: user.id },
    user: { id: user.id, name: user.name, email: user.email, image: user.image, emailVerified: user.emailVerified },
  });
  const reviewsOf = (task: MockTask): TaskReviews => {
    const closes = store.reviewWindows.get(task._id) ?? null;
    const viewerId = store.viewerId;
    const all = store.reviews.filter((review) => review.taskId === task._id);
    const mine = all.find((review) => review.author.id === viewerId) ?? null;
    const otherId = party(task, viewerId) ? (viewerId === task.ownerId ? task.assigneeId : task.ownerId) : undefined;
    const open = closes !== null && closes > new Date().toISOString() && party(task, viewerId);
    return {
      reviewable: closes !== null,
      windowEndsAt: closes,
      canReview: open && !mine,
      canEdit: open && mine?.publishedAt === null,
      mine,
      waitingForMe: open && !mine && all.some((review) => review.author.id === otherId),
      other: otherId ? store.person(otherId) : null,
      published: all.filter((review) => review.publishedAt !== null),
    };
  };
  /** A moderator's act in the log, as they sent it. */
  const audit = ({ subjectId, ...act }: AuditInput) => {
    const subject = subjectId ? store.person(subjectId) : null;
    const logged: AuditEntry = {
      _id: store.nextId("l"),
      at: store.now(),
      actor: store.person(signedIn().id),
      subject,
      ...act,
    };
    store.audit.push(logged);
    return logged;
  };
  /** What a report keeps of the content as it is now, or null when there is none. */
  const snapshotOf = (kind: ReportTarget, id: string): Snapshot | null => {
    const on = (taskId: string, text: string, authorId: string) => ({
      title: store.task(taskId)?.title ?? null,
      text,
      author: store.person(authorId),
      taskId,
    });
    const task = kind === "task" ? store.task(id) : undefined;
    const question = kind === "question" ? store.questions.find((candidate) => candidate._id === id) : undefined;
    const message = kind === "message" ? store.messages.find((candidate) => candidate._id === id) : undefined;
    const review = kind === "review" ? store.reviews.find((candidate) => candidate._id === id) : undefined;
    const profile = kind === "profile" ? store.profiles.get(id) : undefined;
    if (task) return on(task._id, task.description, task.ownerId ?? "");
    if (question) return on(question.taskId, question.body, question.askerId ?? "");
    if (message) return on(message.taskId, message.body, message.senderId);
    if (review) return on(review.taskId, review.text, review.author.id);
    const skills = profile?.skills.length ? `\n\nSkills: ${profile.skills.join(", ")}` : "";
    return profile
      ? { title: profile.name, text: `${profile.bio}${skills}`.trim(), author: store.person(id), taskId: null }
      : null;
  };
  const sanctionById = (id: string) =>
    found(
      [...store.sanctions.entries()]
        .flatMap(([userId, list]) => list.map((sanction) => ({ userId, sanction })))
        .find((entry) => entry.sanction._id === id),
      MODERATION_MESSAGES.sanctionNotFound,
    );
  const appealOf = async (id: string, text: string) => {
    const appeal = { text, appealedAt: store.now(), outcome: null, decidedAt: null, note: null };
    return created(Object.assign(sanctionById(id).sanction, { appeal, canAppeal: false }));
  };
  const restoreSanction = async ({ id, body }: Input) => {
    const { userId, sanction } = sanctionById(id);
    sanction.liftedAt = store.now();
    const { note } = parse(RestoreInputSchema, await body());
    const act = { targetId: id, note, rule: sanction.rule, subjectId: userId, sanctionId: id };
    return { entries: [audit({ ...act, action: "restore" as const, targetKind: "sanction" as const })] };
  };
  const paymentOf = (id: string) => byId(store.payments, id, "This payment does not exist.");
  const sideOf = (payment: Payment): Party => (payment.client.id === store.viewerId ? "client" : "freelancer");
  /** A dispute ended with the split agreed or decided, as it was sent. */
  const ended = (payment: Payment, status: "settled" | "decided", split: Omit<Outcome, "at">) => {
    const { toFreelancer, toClient, rule, note } = split;
    const outcome = { toFreelancer, toClient, rule, note, at: store.now() };
    Object.assign(payment.dispute ?? {}, { status, outcome });
    return Object.assign(payment, { status: "split", settledAt: outcome.at });
  };
  /** The staff, the longest serving first. */
  const staffList = () => ({
    staff: store.users
      .flatMap((user) =>
        user.role
          ? [{ ...store.person(user.id), email: user.email, role: user.role, grantedAt: user.grantedAt ?? "" }]
          : [],
      )
      .sort((a, b) => a.grantedAt.localeCompare(b.grantedAt)),
  });

  const handlers: HttpHandler[] = [
    ...scenarioHandlers(store),

    /* Accounts (better-auth's paths) */
    route("GET /auth/get-session", () => (store.viewer() ? sessionOf(signedIn()) : HttpResponse.json(null))),
    route("POST /auth/sign-in/email", async ({ body }) => {
      const input = parse(SignInSchema, await body());
      const user = store.users.find((candidate) => candidate.email === input.email.trim().toLowerCase());
      // Every demo person has the demo password (the server's demo data).
      if (!user || input.password !== "Demo1234")
        refuse(401, "Invalid email or password", { code: "INVALID_EMAIL_OR_PASSWORD" });
      store.viewerId = user?.id ?? null;
      return sessionOf(signedIn());
    }),
    route("POST /auth/sign-up/email", async ({ body }) => {
      const { name, email, image } = parse(SignUpSchema, await body());
      const person = { id: store.nextId("u"), name, email: email.trim().toLowerCase(), image: image ?? null };
      store.users.push({ ...person, emailVerified: false, role: null, grantedAt: null });
      store.viewerId = person.id;
      return sessionOf(signedIn());
    }),
    route("POST /auth/sign-out", () => {
      store.viewerId = null;
      return { success: true };
    }),
    route("POST /auth/update-user", async ({ body }) => {
      Object.assign(signedIn(), parse(ProfileSchema.partial(), await body()));
      return { status: true };
    }),
    route("GET /auth/sign-in-options", () => ({ google: store.scenario === "google", firebase: false })),
    route("POST /auth/sign-in/social", () => refuse(503, MESSAGES.googleUnavailable)),
    route("POST /auth/request-password-reset", async ({ body }) => {
      parse(ForgotPasswordSchema, await body());
      return { status: true, message: "If this email exists in our system, check your email for the reset link" };
    }),
    route("POST /auth/reset-password", async ({ body }) => {
      parse(ResetPasswordSchema, await body());
      // Mock mode sends no email, so no link it made can be real.
      return refuse(400, "Invalid token", { code: "INVALID_TOKEN" });
    }),
    signedInRoute("POST /auth/send-verification-email", () => ({ status: true })),

    /* Tasks */
    route("GET /features-tasks", () =>
      store.tasks
        .filter((task) => task.status === "open" && task.deadline >= todayAnywhereOnEarth())
        .sort((a, b) => a.deadline.localeCompare(b.deadline))
        .slice(0, LIMITS.featuredTasks)
        .map((task) => presentTask(task)),
    ),
    route("GET /tasks", ({ request }) => {
      const filter = parse(TaskListQuerySchema, query(request));
      const ownerId = filter.owner === "me" ? signedIn().id : undefined;
      const statuses = filter.status ?? (ownerId ? undefined : ["open"]);
      const today = todayAnywhereOnEarth();
      const listed = (task: MockTask) => (task.status === "open" && task.deadline < today ? "closed" : task.status);
      const order: Record<string, (a: MockTask, b: MockTask) => number> = {
        deadline: (a, b) => a.deadline.localeCompare(b.deadline),
        budget: (a, b) => b.budget - a.budget,
        newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
      };
      const tasks = store.tasks
        .filter((task) => (!ownerId || task.ownerId === ownerId) && (!statuses || statuses.includes(listed(task))))
        .filter((task) => meetsFilters(task, filter) && matchesSearch(`${task.title} ${task.description}`, filter.q))
        .sort(order[filter.sort]);
      const client = (task: MockTask) => posterRatingOf(store.profiles.get(task.ownerId ?? "")?.asClient.rating);
      const mine = (task: MockTask) =>
        ownerId ? { reviewDue: reviewDue(task, ownerId) } : { posterRating: client(task) };
      const shown = tasks.map((task) => ({ ...presentTask(task), bidCount: liveBids(task._id).length, ...mine(task) }));
      return paged(shown, filter);
    }),
    route("GET /tasks/:id", ({ id }) => presentTask(taskOf(id), true)),
    signedInRoute("POST /tasks", async (viewer, { body }) => {
      const input = parse(CreateTaskSchema, await body());
      const task = {
        ...input,
        _id: store.nextId("t"),
        userName: viewer.name,
        ownerId: viewer.id,
        createdAt: store.now(),
        status: "open" as const,
        offersPublic: input.offersPublic ?? false,
      };
      store.tasks.push(task);
      return created({ insertedId: task._id });
    }),
    route("PUT /tasks/:id", async ({ id, body }) => {
      Object.assign(taskOf(id), parse(TaskInputSchema, await body()));
      return { modifiedCount: 1 };
    }),
    route("DELETE /tasks/:id", ({ id }) => {
      const task = taskOf(id);
      const kept = store.bids.filter((bid) => bid.taskId === id);
      store.keptBids.push(
        ...kept.map((bid) => ({ ...bid, task: { title: task.title, deadline: task.deadline, budget: task.budget } })),
      );
      store.tasks = store.tasks.filter((candidate) => candidate !== task);
      store.bids = store.bids.filter((bid) => bid.taskId !== id);
      return { deletedCount: 1 };
    }),
    route("POST /tasks/:id/accept", async ({ id, body }) => {
      const task = taskOf(id);
      const input = parse(AcceptBidSchema, await body());
      const bid = byId(store.bids, input.bidId, MESSAGES.bidNotOnTask);
      bid.status = "accepted";
      const { userName: assignee, bidderId: assigneeId, amount: agreedAmount } = bid;
      Object.assign(task, { status: "assigned", assignee, assigneeId, agreedAmount });
      return presentTask(task, true);
    }),
    ...(
      [
        ["complete", "completed"],
        ["cancel", "cancelled"],
      ] as const
    ).map(([step, status]) =>
      route(`POST /tasks/:id/${step}`, ({ id }) => {
        const task = Object.assign(taskOf(id), { status });
        // Ended with someone hired: the server answers with the time to review open from now.
        const closes = new Date(Date.now() + LIMITS.reviewWindowDays * 86_400_000).toISOString();
        if (task.assigneeId) store.reviewWindows.set(id, closes);
        return presentTask(task, true);
      }),
    ),
    route("POST /tasks/:id/release", ({ id }) => {
      const task = taskOf(id);
      for (const bid of store.bids) if (bid.taskId === id && bid.bidderId === task.assigneeId) bid.status = "withdrawn";
      const { assignee: _name, assigneeId: _id, agreedAmount: _amount, ...open } = task;
      store.tasks = store.tasks.map((candidate) => (candidate === task ? { ...open, status: "open" } : candidate));
      return presentTask(taskOf(id), true);
    }),
    signedInRoute("GET /me/summary", (viewer): DashboardSummary => {
      const mine = store.tasks.filter((task) => task.ownerId === viewer.id);
      const bids = store.bids.filter((bid) => bid.bidderId === viewer.id);
      const work = store.tasks.filter((task) => task.assigneeId === viewer.id);
      const paid = (tasks: MockTask[]) =>
        tasks.filter((task) => task.status === "completed").reduce((sum, task) => sum + (task.agreedAmount ?? 0), 0);
      const activity = [
        ...mine.map(({ _id: taskId, title, createdAt: time, status }) => {
          return { kind: "posted" as const, taskId, title, time, status };
        }),
        ...bids.map(({ taskId, bidTime: time, amount, status }) => {
          const title = store.task(taskId)?.title ?? "";
          return { kind: "bid" as const, taskId, title, time, amount, status };
        }),
      ];
      return {
        tasks: countByStatus(mine, TASK_STATUSES),
        bids: countByStatus(bids, BID_STATUSES),
        spent: paid(mine),
        earned: paid(work),
        working: work.filter((task) => task.status === "assigned").length,
        completedJobs: work.filter((task) => task.status === "completed").length,
        activity: newestFirst(activity, (item) => item.time).slice(0, 8),
      };
    }),

    /* Bids */
    signedInRoute("GET /bids", (viewer, { request }) => {
      const filter = parse(BidListQuerySchema, query(request));
      const task = taskOf(filter.taskId);
      const bids = liveBids(task._id).sort((a, b) => a.bidTime.localeCompare(b.bidTime));
      const full = (bid: MockBid) => task.ownerId === viewer.id || bid.bidderId === viewer.id;
      const shown = task.offersPublic ? bids : bids.filter(full);
      const summary = (bid: MockBid) => ({ userName: bid.userName, amount: bid.amount, mine: false });
      const page = shown.map((bid) => (full(bid) ? presentBid(bid) : summary(bid)));
      return paged(page, filter, { "x-total-count": String(bids.length) });
    }),
    signedInRoute("POST /bids", async (viewer, { body }) => {
      const input = parse(CreateBidSchema, await body());
      const bid: MockBid = {
        _id: store.nextId("b"),
        taskId: input.taskId,
        bidTime: store.now(),
        status: "pending",
        userName: viewer.name,
        userEmail: viewer.email,
        bidderId: viewer.id,
        amount: input.amount ?? taskOf(input.taskId).budget,
        ...(input.days !== undefined ? { days: input.days } : {}),
        ...(input.message?.trim() ? { message: input.message.trim() } : {}),
      };
      store.bids = [...store.bids.filter((old) => old.taskId !== input.taskId || old.bidderId !== viewer.id), bid];
      return created({ ...presentBid(bid), insertedId: bid._id });
    }),
    route("PATCH /bids/:id", async ({ id, body }) => {
      const bid = byId(store.bids, id, "This bid does not exist.");
      const { days, message, ...input } = parse(UpdateBidSchema, await body());
      Object.assign(bid, input, { changedAt: store.now() });
      // Cleared (null or blank): no delivery time or note at all, as the server answers.
      if (days === null) delete bid.days;
      else if (days !== undefined) bid.days = days;
      if (message !== undefined) delete bid.message;
      if (message?.trim()) bid.message = message.trim();
      return presentBid(bid);
    }),
    route("DELETE /bids/:id", ({ id }) => {
      const bid = byId(store.bids, id, "This bid does not exist.");
      bid.status = "withdrawn";
      return presentBid(bid);
    }),
    route("POST /tasks/:id/invitations", async ({ id, body }) => {
      const { freelancerId } = parse(CreateInvitationSchema, await body());
      store.invitations.add(`${taskOf(id)._id} ${freelancerId}`);
      const freelancerName = store.person(freelancerId).name;
      return created({ taskId: id, freelancerId, freelancerName, createdAt: store.now() });
    }),
    route("GET /users/:id/invitable-tasks", ({ id }) =>
      store.tasks
        .filter((task) => task.ownerId === signedIn().id && task.status === "open")
        .map((task) => ({ ...task, invited: store.invitations.has(`${task._id} ${id}`) })),
    ),
    signedInRoute("GET /my-bids", (viewer, { request }) => {
      const filter = parse(MyBidsQuerySchema, query(request));
      const mine = (bid: MockBid) =>
        bid.bidderId === viewer.id && (!filter.status || filter.status.includes(bid.status));
      const live = store.bids.filter(mine).map((bid) => {
        const task = taskOf(bid.taskId);
        const { _id, title, status, deadline, budget, payment } = task;
        return {
          ...presentBid(bid),
          task: { _id, title, status, deadline, budget, payment, reviewDue: reviewDue(task, viewer.id) },
        };
      });
      const kept = store.keptBids.filter(mine).map(({ task, ...bid }) => ({
        ...presentBid(bid),
        task: { _id: bid.taskId, ...task, status: "open" as const, deleted: true as const },
      }));
      const shown = newestFirst([...live, ...kept], (bid) => bid.bidTime);
      return paged(shown, filter);
    }),

    /* Questions */
    route("GET /tasks/:id/questions", ({ id, request }) => {
      const task = taskOf(id);
      const filter = parse(QuestionListQuerySchema, query(request));
      const shown = store.questions.filter(
        (question) => question.taskId === id && (!question.hidden || store.viewerId === task.ownerId),
      );
      const page = newestFirst(shown, (question) => question.createdAt).map((question) => ({
        ...question,
        mine: question.askerId === store.viewerId,
      }));
      return paged(page, filter);
    }),
    signedInRoute("POST /tasks/:id/questions", async (viewer, { id, body }) => {
      const input = parse(AskQuestionSchema, await body());
      const question = {
        _id: store.nextId("q"),
        taskId: taskOf(id)._id,
        body: input.body,
        askerName: viewer.name,
        askerId: viewer.id,
        createdAt: store.now(),
        hidden: false,
      };
      store.questions.push(question);
      return created({ ...question, mine: true });
    }),
    ...(
      [
        ["PUT /questions/:id/answer", AnswerQuestionSchema],
        ["PATCH /questions/:id", HideQuestionSchema],
      ] as const
    ).map(([operation, schema]) =>
      route(operation, async ({ id, body }) => {
        const question = byId(store.questions, id, MESSAGES.questionNotFound);
        const input = parse(schema, await body());
        Object.assign(question, input, "answer" in input ? { answeredAt: store.now() } : {});
        return { ...question, mine: question.askerId === store.viewerId };
      }),
    ),

    /* Messages */
    signedInRoute("GET /tasks/:id/threads/:bidderId/messages", (viewer, { id, param }) => {
      taskOf(id);
      return store.messages
        .filter((message) => message.taskId === id && message.bidderId === param("bidderId"))
        .slice(-LIMITS.messagesPageMax)
        .map(({ taskId: _task, bidderId: _bidder, senderId, ...message }) => ({
          ...message,
          mine: senderId === viewer.id,
        }));
    }),
    signedInRoute("POST /tasks/:id/threads/:bidderId/read", (viewer, { id, param }) => {
      store.reads.set(`${id} ${param("bidderId")} ${viewer.id}`, store.now());
      return unreadCounts(viewer.id);
    }),
    signedInRoute("POST /tasks/:id/threads/:bidderId/messages", async (viewer, { id, param, body }) => {
      const input = parse(SendMessageSchema, await body());
      const message = {
        _id: store.nextId("m"),
        body: input.body,
        senderName: viewer.name,
        sentAt: store.now(),
        taskId: taskOf(id)._id,
        bidderId: param("bidderId"),
        senderId: viewer.id,
      };
      store.messages.push(message);
      store.reads.set(`${id} ${message.bidderId} ${viewer.id}`, message.sentAt);
      const { taskId: _task, bidderId: _bidder, senderId: _sender, ...shown } = message;
      return created({ ...shown, mine: true });
    }),
    route("GET /threads", () => threadsOf(signedIn().id)),

    /* Reviews */
    route("GET /tasks/:id/reviews", ({ id }) => reviewsOf(taskOf(id))),
    signedInRoute("POST /tasks/:id/reviews", async (viewer, { id, body }) => {
      const task = taskOf(id);
      const input = parse(ReviewInputSchema, await body());
      const role = viewer.id === task.ownerId ? "client" : "freelancer";
      const time = store.now();
      const review: Review = {
        ...input,
        _id: store.nextId("r"),
        taskId: id,
        taskTitle: task.title,
        role,
        author: store.person(viewer.id),
        subject: store.person((role === "client" ? task.assigneeId : task.ownerId) ?? ""),
        createdAt: time,
        updatedAt: time,
        publishedAt: null,
        answer: null,
      };
      store.reviews.push(review);
      return created(review);
    }),
    route("PUT /tasks/:id/reviews/mine", async ({ id, body }) => {
      const mine = found(
        store.reviews.find((review) => review.taskId === id && review.author.id === store.viewerId),
        REVIEW_MESSAGES.noReview,
      );
      return Object.assign(mine, parse(ReviewInputSchema, await body()), { updatedAt: store.now() });
    }),
    route("POST /reviews/:id/answer", async ({ id, body }) => {
      const review = byId(store.reviews, id, REVIEW_MESSAGES.reviewNotFound);
      review.answer = { text: parse(ReviewAnswerSchema, await body()).answer, answeredAt: store.now() };
      return review;
    }),

    /* Saved searches (issue 47): kept as sent; the alerts they make are the server's. */
    signedInRoute("GET /saved-searches", (viewer) => store.searches.filter((search) => search.userId === viewer.id)),
    signedInRoute("POST /saved-searches", async (viewer, { body }) => {
      const { name, ...input } = parse(alerts.SavedSearchInputSchema, await body());
      const terms = { q: "", category: null, minBudget: null, maxBudget: null, lastMatch: null, ...input };
      const fresh = { paused: false, createdAt: store.now(), matchesThisWeek: 0, _id: store.nextId("s") };
      store.searches.push({ ...terms, ...fresh, name: name || alerts.defaultSearchName(terms), userId: viewer.id });
      return created(store.searches.at(-1) ?? fresh);
    }),
    route("PATCH /saved-searches/:id", async ({ id, body }) =>
      Object.assign(searchOf(id), parse(alerts.SavedSearchUpdateSchema, await body())),
    ),
    route("DELETE /saved-searches/:id", ({ id }) => ({
      deletedCount: store.searches.splice(store.searches.indexOf(searchOf(id)), 1).length,
    })),

    /* Profiles and Find Freelancers */
    route("GET /users/:id", ({ id }) => found(store.profiles.get(id), REVIEW_MESSAGES.userNotFound)),
    route("GET /users/:id/reviews", ({ id, request }) => {
      const filter = parse(ProfileReviewsQuerySchema, query(request));
      const role = filter.as && (filter.as === "freelancer" ? "client" : "freelancer");
      const reviews = store.reviews.filter(
        (review) => review.subject.id === id && review.publishedAt !== null && (!role || review.role === role),
      );
      const shown = newestFirst(reviews, (review) => review.publishedAt ?? "");
      return { reviews: pageOf(shown, filter), total: shown.length };
    }),
    signedInRoute("PUT /profile/about", async (viewer, { body }) => {
      const about = parse(AboutInputSchema, await body());
      Object.assign(found(store.profiles.get(viewer.id), REVIEW_MESSAGES.userNotFound), about);
      return about;
    }),
    route("GET /freelancers", ({ request }) => {
      const filter = parse(FreelancerQuerySchema, query(request));
      const order = {
        completed: (card: FreelancerCard) => card.reputation.completed,
        newest: (card: FreelancerCard) => Date.parse(card.memberSince),
        rating: (card: FreelancerCard) => card.reputation.rating ?? -1,
      }[filter.sort];
      const cardOf = (profile: MockProfile): FreelancerCard => ({
        ...store.person(profile.id),
        field: profile.field,
        skills: profile.skills,
        memberSince: profile.memberSince,
        reputation: reputationOf(profile.id) ?? { rating: null, reviews: 0, completed: 0 },
      });
      const cards = [...store.profiles.values()]
        .map(cardOf)
        .filter((card) => card.field !== null || card.skills.length > 0 || card.reputation.completed > 0)
        .filter((card) => matchesPeopleSearch([card.name, ...card.skills].join("\n"), filter.q))
        .filter(
          (card) =>
            (!filter.field || card.field === filter.field) && (card.reputation.rating ?? 0) >= (filter.minRating ?? 0),
        )
        .sort((a, b) => order(b) - order(a));
      return { freelancers: pageOf(cards, filter), total: cards.length };
    }),

    /* Reports, standing and appeals */
    signedInRoute("POST /reports", async (viewer, { body }) => {
      const input = parse(ReportInputSchema, await body());
      const snapshot = snapshotOf(input.targetKind, input.targetId) ?? refuse(404, MODERATION_MESSAGES.targetNotFound);
      const report = { _id: store.nextId("p"), createdAt: store.now() };
      const { targetKind, targetId } = input;
      let group = store.queue.reports.find((open) => open.targetKind === targetKind && open.targetId === targetId);
      if (!group) {
        group = {
          targetKind,
          targetId,
          firstReportedAt: report.createdAt,
          reportCount: 0,
          reasons: {},
          reports: [],
          current: snapshot,
          removed: false,
          author: snapshot.author,
          history: { reports: 0, sanctions: [] },
        };
        store.queue.reports.push(group);
      }
      const note = input.note?.trim() || null;
      group.reports.push({ ...report, reporter: store.person(viewer.id), reason: input.reason, note, snapshot });
      group.reportCount += 1;
      group.reasons[input.reason] = (group.reasons[input.reason] ?? 0) + 1;
      return created(report);
    }),
    signedInRoute("GET /me/standing", (viewer) => {
      const sanctions = store.sanctions.get(viewer.id) ?? [];
      return {
        role: viewer.role,
        limited: sanctions.find((sanction) => sanction.kind === "limit" && !sanction.liftedAt) ?? null,
        sanctions,
      };
    }),
    route("POST /sanctions/:id/appeal", async ({ id, body }) =>
      appealOf(id, parse(AppealInputSchema, await body()).text),
    ),
    route("POST /appeals", async ({ body }) => {
      const input = parse(TokenAppealInputSchema, await body());
      // Mock mode sends no email: a sanction's id stands for the token of its link.
      return appealOf(input.token.trim(), input.text);
    }),

    /* The moderators' queue, decisions, audit log and roles */
    signedInRoute("GET /admin/queue", () => store.queue),
    route("POST /admin/decisions", async ({ body }) => {
      const input = parse(DecisionInputSchema, await body());
      const group = store.queue.reports.find(
        (candidate) => candidate.targetKind === input.targetKind && candidate.targetId === input.targetId,
      );
      store.queue.reports = store.queue.reports.filter((candidate) => candidate !== group);
      const { targetKind, targetId, note, rule } = input;
      const actions: AuditAction[] = [
        ...(input.remove ? ["remove" as const] : []),
        ...(input.sanction !== "none" ? [input.sanction] : []),
      ];
      const subjectId = group?.author.id ?? snapshotOf(targetKind, targetId)?.author.id;
      const entries = (actions.length > 0 ? actions : ["dismiss" as const]).map((action) =>
        audit({ action, targetKind, targetId, note, subjectId, rule: rule ?? null, sanctionId: null }),
      );
      return { entries };
    }),
    ...(["restore", "lift"] as const).map((verb) => route(`POST /admin/sanctions/:id/${verb}`, restoreSanction)),
    route("GET /admin/people/:id", ({ id }) => {
      const history = (store.sanctions.get(id) ?? []).map((one) => ({ ...one, targetId: id }));
      const inForce = history.filter((one) => !one.liftedAt);
      return { person: store.person(id), role: null, history, inForce, canLift: true };
    }),
    route("POST /admin/appeals/:id", async ({ id, body }) => {
      const { decision, note } = parse(AppealDecisionSchema, await body());
      const appeal = store.queue.appeals.find((item) => item.sanction._id === id);
      store.queue.appeals = store.queue.appeals.filter((item) => item !== appeal);
      const rule = appeal?.sanction.rule ?? null;
      const act = { targetId: id, note, rule, subjectId: appeal?.person.id, sanctionId: id };
      return { entries: [audit({ ...act, action: decision, targetKind: "sanction" })] };
    }),
    route("GET /admin/audit", ({ request }) => {
      signedIn();
      const filter = parse(AuditQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
      const day = (entry: AuditEntry) => entry.at.slice(0, 10);
      const entries = newestFirst(store.audit, (entry) => entry.at).filter(
        (entry) =>
          (!filter.action || entry.action === filter.action) &&
          (!filter.actor || entry.actor.id === filter.actor) &&
          (!filter.subject || entry.subject?.id === filter.subject) &&
          (!filter.from || day(entry) >= filter.from) &&
          (!filter.to || day(entry) <= filter.to),
      );
      return { entries: pageOf(entries, filter), total: entries.length };
    }),
    signedInRoute("GET /admin/roles", staffList),
    route("POST /admin/roles", async ({ body }) => {
      const input = parse(RoleInputSchema, await body());
      const person = found(
        store.users.find((user) => user.email === input.email.trim().toLowerCase()),
        MODERATION_MESSAGES.personNotFound,
      );
      const note = input.role ? `Role: ${input.role}` : `Role removed: ${person.role}`;
      Object.assign(person, { role: input.role, grantedAt: input.role ? store.now() : null });
      const action = input.role ? ("grant-role" as const) : ("revoke-role" as const);
      const act = { targetKind: "person" as const, targetId: person.id, note, subjectId: person.id };
      audit({ ...act, action, rule: null, sanctionId: null });
      return staffList();
    }),

    /* Payments: a checkout paid is held (the card is not looked at: scenarios would say a decline) */
    signedInRoute("GET /me/payments", () => ({ ...EMPTY_STATEMENT, lines: [] })),
    signedInRoute("POST /me/payouts", () => ({ ...EMPTY_STATEMENT, lines: [] })),
    route("POST /tasks/:id/deliver", ({ id }) => {
      const task = taskOf(id);
      if (task.payment) task.payment = { ...task.payment, status: "delivered" };
      return presentTask(task, true);
    }),
    route("GET /payments/:id", ({ id }) => paymentOf(id)),
    route("POST /payments/:id/pay", async ({ id, body }) => {
      parse(PayInputSchema, await body());
      return Object.assign(paymentOf(id), { status: "held", heldAt: store.now() });
    }),

    /* Disputes: what is sent is kept (who may, when it reaches the queue and the money moved are the server's) */
    route("POST /payments/:id/dispute", async ({ id, body }) => {
      const payment = paymentOf(id);
      const { reason } = parse(DisputeInputSchema, await body());
      // In the server's default time (DISPUTE_DAYS=7) it would go to the queue.
      const escalatesAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const dispute = { openedBy: sideOf(payment), reason, openedAt: store.now(), escalatesAt, escalatedAt: null };
      const open = { ...dispute, status: "open" as const, proposals: [], outcome: null };
      return Object.assign(payment, { status: "disputed", dispute: open });
    }),
    route("POST /payments/:id/dispute/proposals", async ({ id, body }) => {
      const payment = paymentOf(id);
      const { toFreelancer } = parse(ProposalInputSchema, await body());
      const toClient = (Math.round(payment.amount * 100) - Math.round(toFreelancer * 100)) / 100;
      const proposal = { _id: store.nextId("d"), by: sideOf(payment), createdAt: store.now(), toFreelancer, toClient };
      for (const waiting of payment.dispute?.proposals ?? [])
        if (waiting.status === "open") waiting.status = "replaced";
      payment.dispute?.proposals.push({ ...proposal, status: "open" });
      return payment;
    }),
    route("POST /payments/:id/dispute/proposals/:proposalId/accept", ({ id, param }) => {
      const payment = paymentOf(id);
      const proposal = byId(payment.dispute?.proposals ?? [], param("proposalId"), "This proposal does not exist.");
      proposal.status = "accepted";
      return ended(payment, "settled", { ...proposal, rule: null, note: null });
    }),
    signedInRoute("GET /admin/disputes", (viewer) => ({
      disputes: store.payments.filter((payment) => payment.dispute?.escalatedAt && payment.dispute.status === "open"),
      canDecide: viewer.role === "admin",
    })),
    route("POST /admin/disputes/:id", async ({ id, body }) =>
      ended(paymentOf(id), "decided", parse(DisputeDecisionInputSchema, await body())),
    ),

    /* Notifications */
    signedInRoute("GET /notifications", (viewer, { request }) => {
      const filter = parse(NotificationListQuerySchema, query(request));
      return store.notices
        .filter(
          (notice) =>
            notice.userId === viewer.id &&
            (filter.before === undefined || notice.id < filter.before) &&
            (filter.unread !== "true" || !notice.read),
        )
        .sort((a, b) => b.id - a.id)
        .slice(0, filter.limit)
        .map(({ userId: _user, ...notice }) => notice);
    }),
    route("GET /notifications/unread", () => unreadCounts(signedIn().id)),
    signedInRoute("POST /notifications/read-all", (viewer) => {
      for (const notice of store.notices) if (notice.userId === viewer.id) notice.read = true;
      return unreadCounts(viewer.id);
    }),
    signedInRoute("POST /notifications/:id/read", (viewer, { id }) => {
      found(
        store.notices.find((candidate) => candidate.id === Number(id) && candidate.userId === viewer.id),
        "This notification does not exist.",
      ).read = true;
      return unreadCounts(viewer.id);
    }),
    route("GET /me/notification-preferences", () => channels(signedIn().id)),
    signedInRoute("PUT /me/notification-preferences", async (viewer, { body }) => {
      const choices = parse(UpdatePreferencesSchema, await body());
      store.preferences.set(viewer.id, { ...store.preferences.get(viewer.id), ...choices });
      return channels(viewer.id);
    }),
    route("POST /email/unsubscribe", async ({ body }) => {
      parse(UnsubscribeSchema, await body());
      // Mock mode sends no email, so no link it made can be real.
      return refuse(400, "This unsubscribe link is not valid. Open your profile to choose your emails.");
    }),
  ];
  // The live stream, where there is an EventSource to open it (browsers; not Node): the counts at once.
  if (typeof EventSource !== "undefined") {
    handlers.push(
      sse<{ message: string; unread: string }>("*/api/events", ({ client }) => {
        const viewer = store.viewer();
        if (viewer) client.send({ event: "unread", data: JSON.stringify(unreadCounts(viewer.id)) });
      }),
    );
  }
  return { store, handlers };
}
