import { DEMO_FREELANCERS, DEMO_OFFERS, DEMO_TASKS, DEMO_USER } from "../../contract/demo-data.ts";
import {
  ANONYMOUS_NAME,
  BID_STATUSES,
  type Bid,
  type BidStatus,
  type DashboardSummary,
  MESSAGES,
  type Message,
  type Question,
  type Reputation,
  type Task,
  type TaskInput,
  type TaskStatus,
  type Thread,
  todayAnywhereOnEarth,
} from "../../contract/index.ts";
import {
  DEFAULT_CHANNELS,
  type Notification,
  type NotificationChannel,
  type NotificationData,
  type NotificationKind,
} from "../../contract/notifications.ts";

/** A refusal of the mock API: answered as problem+json, as the server does. */
export class MockProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export interface MockUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  password: string;
  emailVerified: boolean;
}

interface MockTask {
  id: string;
  ownerId: string;
  title: string;
  category: string;
  description: string;
  deadline: string;
  budget: number;
  createdAt: string;
  status: TaskStatus;
  offersPublic: boolean;
  assigneeId: string | null;
  agreedAmount: number | null;
}

interface MockBid {
  id: string;
  taskId: string;
  bidderId: string;
  amount: number;
  days: number | null;
  message: string | null;
  status: BidStatus;
  bidTime: string;
  changedAt?: string | null;
}

interface MockQuestion {
  id: string;
  taskId: string;
  askerId: string;
  body: string;
  answer: string | null;
  answeredAt: string | null;
  hidden: boolean;
  createdAt: string;
}

interface MockMessage {
  id: string;
  taskId: string;
  bidderId: string;
  senderId: string;
  body: string;
  sentAt: string;
}

interface MockNotice {
  id: number;
  userId: string;
  kind: NotificationKind;
  data: NotificationData;
  createdAt: string;
  read: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const VIEWER_KEY = "quickgig-mock-viewer";
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * The mock API's data and rules, kept in memory (mock mode resets on reload): the demo marketplace
 * of the server's seed, and the same refusals, with the contract's texts, as the real API.
 */
export class MockDb {
  users: MockUser[] = [];
  tasks: MockTask[] = [];
  bids: MockBid[] = [];
  /** The bids of deleted tasks, kept for their bidders' My Bids with what they showed of the task (decision 020). */
  deletedTaskBids: Array<{ bid: MockBid; task: { title: string; deadline: string; budget: number } }> = [];
  questions: MockQuestion[] = [];
  messages: MockMessage[] = [];
  notices: MockNotice[] = [];
  reads = new Map<string, string>();
  preferences = new Map<string, Partial<Record<NotificationKind, NotificationChannel>>>();
  /** A bidder's record beside their offer (mock-profiles.ts sets it: profiles are worked out there). */
  reputationOf: ((userId: string) => Reputation) | null = null;
  /** Who is signed in; null for a visitor. Kept for the tab across reloads, as a session cookie would be. */
  private signedIn: string | null = globalThis.sessionStorage?.getItem(VIEWER_KEY) ?? null;
  private sequence = 0;
  private clock = Date.now() - 60 * DAY_MS;

  constructor() {
    this.seed();
  }

  nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}${this.sequence.toString(36).padStart(6, "0")}`;
  }

  /** Strictly increasing times, so that orders never tie. */
  now(): string {
    this.clock = Math.max(this.clock + 1000, Date.now());
    return new Date(this.clock).toISOString();
  }

  private seed() {
    for (const person of [DEMO_USER, ...DEMO_FREELANCERS]) {
      this.users.push({
        id: this.nextId("u"),
        name: person.name,
        email: person.email,
        image: null,
        password: DEMO_USER.password,
        emailVerified: true,
      });
    }
    for (const demo of DEMO_TASKS) {
      const task = this.createTask(this.users[demo.owner]?.id ?? "", {
        title: demo.title,
        category: demo.category as TaskInput["category"],
        description: demo.description,
        deadline: day(demo.daysLeft),
        budget: demo.budget,
      });
      demo.bidders.forEach((bidder, index) => {
        const offer = DEMO_OFFERS[index % DEMO_OFFERS.length];
        this.bids.push({
          id: this.nextId("b"),
          taskId: task.id,
          bidderId: this.users[bidder]?.id ?? "",
          amount: Math.round(demo.budget * (offer?.share ?? 1)),
          days: offer?.days ?? null,
          message: offer?.message ?? null,
          status: "pending",
          bidTime: this.now(),
        });
      });
      if (demo.outcome) {
        const hired = this.bids.find((bid) => bid.taskId === task.id);
        if (hired) {
          hired.status = "accepted";
          task.status = demo.outcome === "completed" ? "completed" : "assigned";
          task.assigneeId = hired.bidderId;
          task.agreedAmount = hired.amount;
          for (const bid of this.bids) if (bid.taskId === task.id && bid !== hired) bid.status = "declined";
        }
      }
    }
  }

  /* People */

  get viewerId(): string | null {
    return this.signedIn;
  }

  set viewerId(id: string | null) {
    this.signedIn = id;
    if (id) globalThis.sessionStorage?.setItem(VIEWER_KEY, id);
    else globalThis.sessionStorage?.removeItem(VIEWER_KEY);
  }

  viewer(): MockUser | null {
    return this.users.find((user) => user.id === this.viewerId) ?? null;
  }

  requireViewer(): MockUser {
    const viewer = this.viewer();
    if (!viewer) throw new MockProblem(401, MESSAGES.signInRequired);
    return viewer;
  }

  userById(id: string): MockUser | undefined {
    return this.users.find((user) => user.id === id);
  }

  signUp(input: { name: string; email: string; password: string; image: string }): MockUser {
    const email = input.email.trim().toLowerCase();
    if (this.users.some((user) => user.email === email)) {
      throw new MockProblem(422, "User already exists. Use another email.", { code: "USER_ALREADY_EXISTS" });
    }
    const user = {
      id: this.nextId("u"),
      name: input.name,
      email,
      image: input.image,
      password: input.password,
      emailVerified: false,
    };
    this.users.push(user);
    this.viewerId = user.id;
    return user;
  }

  signIn(email: string, password: string): MockUser {
    const user = this.users.find((candidate) => candidate.email === email.trim().toLowerCase());
    if (!user || user.password !== password) {
      throw new MockProblem(401, "Invalid email or password", { code: "INVALID_EMAIL_OR_PASSWORD" });
    }
    this.viewerId = user.id;
    return user;
  }

  /* Tasks */

  createTask(ownerId: string, input: TaskInput): MockTask {
    const task: MockTask = {
      id: this.nextId("t"),
      ownerId,
      title: input.title,
      category: input.category,
      description: input.description,
      deadline: input.deadline,
      budget: input.budget,
      createdAt: this.now(),
      status: "open",
      offersPublic: input.offersPublic ?? false,
      assigneeId: null,
      agreedAmount: null,
    };
    this.tasks.push(task);
    return task;
  }

  task(id: string): MockTask {
    const task = this.tasks.find((candidate) => candidate.id === id);
    if (!task) throw new MockProblem(404, MESSAGES.taskNotFound);
    return task;
  }

  ownTask(id: string): MockTask {
    const viewer = this.requireViewer();
    const task = this.task(id);
    if (task.ownerId !== viewer.id) throw new MockProblem(403, MESSAGES.notTaskOwner);
    return task;
  }

  requireOpen(task: MockTask) {
    if (task.status !== "open") throw new MockProblem(409, MESSAGES.taskNotOpen[task.status]);
  }

  presentTask(task: MockTask, detailed = false): Task {
    const viewer = this.viewer();
    const party = viewer !== null && (viewer.id === task.ownerId || viewer.id === task.assigneeId);
    const owner = this.userById(task.ownerId);
    const assignee = task.assigneeId ? this.userById(task.assigneeId) : undefined;
    const presented: Task = {
      _id: task.id,
      title: task.title,
      category: task.category,
      description: task.description,
      deadline: task.deadline,
      budget: task.budget,
      userName: owner?.name ?? ANONYMOUS_NAME,
      ...(owner ? { ownerId: owner.id } : {}),
      ...(viewer ? { userEmail: owner?.email ?? "" } : {}),
      createdAt: task.createdAt,
      status: task.status,
      offersPublic: task.offersPublic,
      ...(assignee ? { assignee: assignee.name } : {}),
      ...(party && task.agreedAmount !== null ? { agreedAmount: task.agreedAmount } : {}),
    };
    if (!detailed || !viewer) return presented;
    const myBid = this.bids.find((bid) => bid.taskId === task.id && bid.bidderId === viewer.id);
    return {
      ...presented,
      bidCount: this.liveBids(task.id).length,
      hasBid: myBid !== undefined && (myBid.status === "pending" || myBid.status === "accepted"),
      ...(myBid ? { myBid: this.presentBid(myBid) } : {}),
    };
  }

  liveBids(taskId: string): MockBid[] {
    return this.bids.filter((bid) => bid.taskId === taskId && bid.status !== "withdrawn");
  }

  /* Bids */

  /** A bid as its bidder and the task's poster see it. */
  presentBid(bid: MockBid): Bid {
    const bidder = this.userById(bid.bidderId);
    return {
      _id: bid.id,
      taskId: bid.taskId,
      bidTime: bid.bidTime,
      ...(bid.changedAt ? { changedAt: bid.changedAt } : {}),
      status: bid.status,
      userName: bidder?.name || ANONYMOUS_NAME,
      amount: bid.amount,
      userEmail: bidder?.email ?? "",
      bidderId: bid.bidderId,
      ...(bid.days !== null ? { days: bid.days } : {}),
      ...(bid.message !== null ? { message: bid.message } : {}),
      mine: this.viewer()?.id === bid.bidderId,
      ...(this.reputationOf ? { reputation: this.reputationOf(bid.bidderId) } : {}),
    };
  }

  ownBid(id: string): MockBid {
    const viewer = this.requireViewer();
    const bid = this.bids.find((candidate) => candidate.id === id);
    if (!bid) throw new MockProblem(404, "This bid does not exist.");
    if (bid.bidderId !== viewer.id) throw new MockProblem(403, MESSAGES.notBidder);
    return bid;
  }

  requireBiddingOpen(task: { status: TaskStatus; deadline: string }) {
    if (task.status !== "open") throw new MockProblem(409, MESSAGES.notTakingBids);
    if (task.deadline < todayAnywhereOnEarth()) throw new MockProblem(409, MESSAGES.biddingClosed);
  }

  placeBid(taskId: string, offer: { amount?: number; days?: number; message?: string }): MockBid {
    const viewer = this.requireViewer();
    const task = this.task(taskId);
    if (task.ownerId === viewer.id) throw new MockProblem(403, MESSAGES.ownTaskBid);
    this.requireBiddingOpen(task);
    const existing = this.bids.find((bid) => bid.taskId === taskId && bid.bidderId === viewer.id);
    if (existing && existing.status === "pending") throw new MockProblem(409, MESSAGES.alreadyBid);
    if (existing && existing.status === "accepted") throw new MockProblem(409, MESSAGES.alreadyBid);
    const bid: MockBid = existing ?? {
      id: this.nextId("b"),
      taskId,
      bidderId: viewer.id,
      amount: 0,
      days: null,
      message: null,
      status: "pending",
      bidTime: "",
    };
    Object.assign(bid, {
      amount: offer.amount ?? task.budget,
      days: offer.days ?? null,
      message: offer.message?.trim() || null,
      status: "pending",
      bidTime: this.now(),
      changedAt: null,
    });
    if (!existing) this.bids.push(bid);
    this.notify(task.ownerId, "bid-new", task, { actorName: viewer.name, amount: bid.amount });
    return bid;
  }

  /* Hiring */

  accept(taskId: string, bidId: string, seenAmount?: number) {
    const task = this.ownTask(taskId);
    const bid = this.bids.find((candidate) => candidate.id === bidId && candidate.taskId === taskId);
    if (!bid) throw new MockProblem(404, MESSAGES.bidNotOnTask);
    if (task.status !== "open")
      throw new MockProblem(409, task.status === "assigned" ? MESSAGES.taskTaken : MESSAGES.taskNotOpen[task.status]);
    if (bid.status !== "pending") throw new MockProblem(409, MESSAGES.bidGone);
    if (seenAmount !== undefined && seenAmount !== bid.amount) throw new MockProblem(409, MESSAGES.offerChanged);
    task.status = "assigned";
    task.assigneeId = bid.bidderId;
    task.agreedAmount = bid.amount;
    bid.status = "accepted";
    this.notify(bid.bidderId, "bid-accepted", task, { amount: bid.amount });
    for (const other of this.bids) {
      if (other.taskId === taskId && other.status === "pending") {
        other.status = "declined";
        this.notify(other.bidderId, "bid-declined", task);
      }
    }
  }

  step(taskId: string, step: "complete" | "cancel" | "release") {
    const viewer = this.requireViewer();
    const task = this.task(taskId);
    if (step === "release") {
      if (task.assigneeId !== viewer.id) throw new MockProblem(403, MESSAGES.notAssignee);
      task.status = "open";
      task.assigneeId = null;
      task.agreedAmount = null;
      const bid = this.bids.find((candidate) => candidate.taskId === taskId && candidate.bidderId === viewer.id);
      if (bid) bid.status = "withdrawn";
      this.notify(task.ownerId, "task-released", task, { actorName: viewer.name });
      // As the server: the offers declined at the hire wait again, and their bidders are told.
      for (const other of this.bids) {
        if (other.taskId === taskId && other.status === "declined") {
          other.status = "pending";
          this.notify(other.bidderId, "task-reopened", task);
        }
      }
      return;
    }
    if (task.ownerId !== viewer.id) throw new MockProblem(403, MESSAGES.notTaskOwner);
    if (step === "complete") {
      if (task.status !== "assigned")
        throw new MockProblem(409, task.status === "open" ? MESSAGES.notAssigned : MESSAGES.taskNotOpen[task.status]);
      task.status = "completed";
      if (task.assigneeId) this.notify(task.assigneeId, "task-completed", task);
      return;
    }
    if (task.status !== "open" && task.status !== "assigned")
      throw new MockProblem(409, MESSAGES.taskNotOpen[task.status]);
    const told = task.assigneeId ? [task.assigneeId] : [];
    task.status = "cancelled";
    for (const bid of this.bids) {
      if (bid.taskId === taskId && bid.status === "pending") {
        bid.status = "declined";
        told.push(bid.bidderId);
      }
      if (bid.taskId === taskId && bid.status === "accepted") bid.status = "cancelled";
    }
    for (const userId of told) this.notify(userId, "task-cancelled", task);
  }

  summary(userId: string): DashboardSummary {
    const mine = this.tasks.filter((task) => task.ownerId === userId);
    const myBids = this.bids.filter((bid) => bid.bidderId === userId);
    const work = this.tasks.filter((task) => task.assigneeId === userId);
    const count = <T extends string>(values: T[], keys: readonly T[]) =>
      Object.fromEntries(keys.map((key) => [key, values.filter((value) => value === key).length])) as Record<T, number>;
    const activity: DashboardSummary["activity"] = [
      ...mine.map((task) => ({
        kind: "posted" as const,
        taskId: task.id,
        title: task.title,
        time: task.createdAt,
        status: task.status,
      })),
      ...myBids.map((bid) => ({
        kind: "bid" as const,
        taskId: bid.taskId,
        title: this.task(bid.taskId).title,
        time: bid.bidTime,
        amount: bid.amount,
        status: bid.status,
      })),
    ]
      .sort((a, b) => b.time.localeCompare(a.time))
      .slice(0, 8);
    return {
      tasks: count(
        mine.map((task) => task.status),
        ["open", "assigned", "completed", "cancelled"],
      ),
      bids: count(
        myBids.map((bid) => bid.status),
        BID_STATUSES,
      ),
      spent: mine
        .filter((task) => task.status === "completed")
        .reduce((sum, task) => sum + (task.agreedAmount ?? 0), 0),
      earned: work
        .filter((task) => task.status === "completed")
        .reduce((sum, task) => sum + (task.agreedAmount ?? 0), 0),
      working: work.filter((task) => task.status === "assigned").length,
      completedJobs: work.filter((task) => task.status === "completed").length,
      activity,
    };
  }

  /* Questions and messages */

  presentQuestion(question: MockQuestion): Question {
    return {
      _id: question.id,
      taskId: question.taskId,
      body: question.body,
      askerName: this.userById(question.askerId)?.name || ANONYMOUS_NAME,
      askerId: question.askerId,
      createdAt: question.createdAt,
      ...(question.answer !== null ? { answer: question.answer } : {}),
      ...(question.answeredAt !== null ? { answeredAt: question.answeredAt } : {}),
      hidden: question.hidden,
      mine: this.viewerId === question.askerId,
    };
  }

  questionForPoster(id: string): { question: MockQuestion; task: MockTask } {
    const viewer = this.requireViewer();
    const question = this.questions.find((candidate) => candidate.id === id);
    if (!question) throw new MockProblem(404, MESSAGES.questionNotFound);
    const task = this.task(question.taskId);
    if (task.ownerId !== viewer.id) {
      throw new MockProblem(
        question.hidden ? 404 : 403,
        question.hidden ? MESSAGES.questionNotFound : MESSAGES.notQuestionPoster,
      );
    }
    return { question, task };
  }

  /** The thread's two people only; to anyone else it does not exist. */
  thread(taskId: string, bidderId: string): { task: MockTask; otherId: string } {
    const viewer = this.requireViewer();
    const task = this.tasks.find((candidate) => candidate.id === taskId);
    const isParty = task !== undefined && (viewer.id === task.ownerId || viewer.id === bidderId);
    const bid = this.bids.find((candidate) => candidate.taskId === taskId && candidate.bidderId === bidderId);
    if (!task || !isParty || !bid || bidderId === task.ownerId) throw new MockProblem(404, MESSAGES.threadNotFound);
    return { task, otherId: viewer.id === task.ownerId ? bidderId : task.ownerId };
  }

  presentMessage(message: MockMessage): Message {
    return {
      _id: message.id,
      body: message.body,
      senderName: this.userById(message.senderId)?.name || ANONYMOUS_NAME,
      mine: message.senderId === this.viewerId,
      sentAt: message.sentAt,
    };
  }

  readThread(taskId: string, bidderId: string, userId: string) {
    this.reads.set(`${taskId} ${bidderId} ${userId}`, this.now());
    for (const notice of this.notices) {
      if (
        notice.userId === userId &&
        notice.kind === "message-new" &&
        notice.data.taskId === taskId &&
        notice.data.bidderId === bidderId
      ) {
        notice.read = true;
      }
    }
  }

  unreadIn(taskId: string, bidderId: string, userId: string): number {
    const readAt = this.reads.get(`${taskId} ${bidderId} ${userId}`) ?? "";
    return this.messages.filter(
      (message) =>
        message.taskId === taskId &&
        message.bidderId === bidderId &&
        message.senderId !== userId &&
        message.sentAt > readAt,
    ).length;
  }

  threads(userId: string): Thread[] {
    const keys = new Map<string, MockMessage>();
    for (const message of this.messages) {
      const task = this.task(message.taskId);
      if (task.ownerId !== userId && message.bidderId !== userId) continue;
      const key = `${message.taskId} ${message.bidderId}`;
      const last = keys.get(key);
      if (!last || message.sentAt > last.sentAt) keys.set(key, message);
    }
    return [...keys.values()]
      .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
      .map((last) => {
        const task = this.task(last.taskId);
        const otherId = task.ownerId === userId ? last.bidderId : task.ownerId;
        return {
          taskId: last.taskId,
          taskTitle: task.title,
          bidderId: last.bidderId,
          otherName: this.userById(otherId)?.name || ANONYMOUS_NAME,
          otherId,
          lastMessage: last.body,
          lastAt: last.sentAt,
          unread: this.unreadIn(last.taskId, last.bidderId, userId),
        };
      });
  }

  /* Notifications */

  channel(userId: string, kind: NotificationKind): NotificationChannel {
    return this.preferences.get(userId)?.[kind] ?? DEFAULT_CHANNELS[kind];
  }

  notify(userId: string, kind: NotificationKind, task: MockTask, extra: Partial<NotificationData> = {}) {
    if (this.channel(userId, kind) === "off") return;
    this.notices.push({
      id: this.notices.length + 1,
      userId,
      kind,
      data: { taskId: task.id, taskTitle: task.title, ...extra },
      createdAt: this.now(),
      read: false,
    });
  }

  noticesOf(userId: string): Notification[] {
    return this.notices
      .filter((notice) => notice.userId === userId)
      .sort((a, b) => b.id - a.id)
      .map(({ userId: _user, ...notice }) => notice);
  }

  unreadCounts(userId: string) {
    const messages = this.threads(userId).reduce((sum, thread) => sum + thread.unread, 0);
    return { notifications: this.notices.filter((n) => n.userId === userId && !n.read).length, messages };
  }
}

/** handlers.ts's `answer`: runs a handler and turns a MockProblem into its problem+json, as the feature mocks take it. */
export type Answer = <
  Args extends { request: Request; params: Record<string, string | readonly string[] | undefined> },
>(
  run: (args: Args) => Response | Promise<Response> | object | Promise<object>,
) => (args: Args) => Promise<Response>;
/** handlers.ts's `parse`: a body or a query through a contract schema, refused 400 as the server does. */
export type Parse = <S extends import("zod").ZodType>(schema: S, value: unknown) => import("zod").infer<S>;
