import {
  DEMO_ADMIN,
  DEMO_OFFERS,
  DEMO_PEOPLE,
  DEMO_PROFILES,
  DEMO_REPORTED_QUESTION,
  DEMO_SAVED_SEARCHES,
  DEMO_TASKS,
  type DemoReview,
} from "../../contract/demo-data.ts";
import { LIMITS } from "../../contract/limits.ts";
import type { Figure, RatingSummary, Review, ReviewRole } from "../../contract/reputation.ts";
import { REVIEW_ASPECTS } from "../../contract/reputation-words.ts";
import type { MockBid, MockStore, MockTask } from "./store.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const at = (ms: number) => new Date(ms).toISOString();

/**
 * The server's demo marketplace (src/contract/demo-data.ts, as server/demo/seed.ts adds it to an
 * empty database), in the shapes the API answers: the same people, tasks, offers, hires, reviews,
 * and the reported question in the moderators' queue.
 */
export function seedDemo(store: MockStore): void {
  const now = Date.now();
  const everyone = DEMO_PEOPLE;
  const ids = everyone.map((person, index) => {
    const id = store.nextId("u");
    const admin = person.email === DEMO_ADMIN.email;
    store.users.push({
      id,
      name: person.name,
      email: person.email,
      image: null,
      emailVerified: true,
      role: admin ? "admin" : null,
      grantedAt: admin ? at(now - 200 * DAY_MS) : null,
    });
    store.profiles.set(id, blankProfile(store, id, at(now - (400 - index * 25) * DAY_MS)));
    return id;
  });
  for (const [index, about] of DEMO_PROFILES.entries()) {
    const profile = store.profiles.get(ids[index] ?? "");
    if (profile) Object.assign(profile, { ...about, skills: [...about.skills] });
  }

  for (const [index, demo] of DEMO_TASKS.entries()) {
    const posted = now - (DEMO_TASKS.length - index) * 3 * HOUR_MS;
    const owner = store.person(ids[demo.owner] ?? "");
    const task: MockTask = {
      _id: store.nextId("t"),
      title: demo.title,
      category: demo.category,
      description: demo.description,
      deadline: at(now + demo.daysLeft * DAY_MS).slice(0, 10),
      budget: demo.budget,
      userName: owner.name,
      ownerId: owner.id,
      createdAt: at(posted),
      status: "open",
      offersPublic: false,
    };
    store.tasks.push(task);
    const bids = demo.bidders.map((bidder) => {
      const offer = DEMO_OFFERS[bidder] ?? DEMO_OFFERS[0];
      const person = store.user(ids[bidder] ?? "");
      const bid: MockBid = {
        _id: store.nextId("b"),
        taskId: task._id,
        bidTime: at(posted + (bidder + 1) * HOUR_MS),
        status: "pending",
        userName: person?.name ?? "",
        userEmail: person?.email ?? "",
        bidderId: person?.id ?? "",
        amount: Math.round(demo.budget * offer.share),
        days: offer.days,
        message: offer.message,
      };
      store.bids.push(bid);
      return bid;
    });
    const [hired, ...others] = bids;
    if (!demo.outcome || !hired) continue;
    hired.status = "accepted";
    for (const other of others) other.status = "declined";
    Object.assign(task, {
      status: demo.outcome,
      assignee: hired.userName,
      assigneeId: hired.bidderId,
      agreedAmount: hired.amount,
    });
    if (demo.outcome !== "completed") continue;
    store.reviewWindows.set(task._id, at(now + (LIMITS.reviewWindowDays - 2) * DAY_MS));
    const both = demo.reviews?.client !== undefined && demo.reviews?.freelancer !== undefined;
    const write = (role: ReviewRole, written: DemoReview | undefined) => {
      if (!written) return;
      const [authorId, subjectId] = role === "client" ? [owner.id, hired.bidderId] : [hired.bidderId, owner.id];
      const time = store.now();
      store.reviews.push({
        _id: store.nextId("r"),
        taskId: task._id,
        taskTitle: task.title,
        role,
        author: store.person(authorId),
        subject: store.person(subjectId),
        rating: written.rating,
        text: written.text,
        ...written.aspects,
        createdAt: time,
        updatedAt: time,
        publishedAt: both ? time : null,
        answer:
          role === "client" && both && demo.reviews?.answer ? { text: demo.reviews.answer, answeredAt: time } : null,
      });
    };
    write("client", demo.reviews?.client);
    write("freelancer", demo.reviews?.freelancer);
  }
  for (const id of ids) countWork(store, id);
  seedReportedQuestion(store, ids);
  // Maya's saved searches, kept as the server keeps them; what they find is the server's to match.
  const blank = { category: null, minBudget: null, maxBudget: null, lastMatch: null, matchesThisWeek: 0 };
  for (const { owner, ...search } of DEMO_SAVED_SEARCHES) {
    const kept = { _id: store.nextId("s"), userId: ids[owner] ?? "", paused: false, createdAt: at(now - DAY_MS) };
    store.searches.push({ ...blank, ...search, ...kept });
  }
}

function figure(numerator: number, denominator: number, from: string, value: number | null, shown: boolean): Figure {
  return { value, numerator, denominator, from, to: new Date().toISOString(), shown };
}

function rating(reviews: Review[], from: string): RatingSummary {
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  const distribution = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  for (const review of reviews) distribution[review.rating as 1 | 2 | 3 | 4 | 5] += 1;
  const average = reviews.length > 0 ? Math.round((sum / reviews.length) * 10) / 10 : null;
  return {
    average: figure(sum, reviews.length, from, average, reviews.length > 0),
    count: reviews.length,
    distribution,
  };
}

function blankProfile(store: MockStore, id: string, memberSince: string) {
  const none = figure(0, 0, memberSince, null, false);
  return {
    ...store.person(id),
    memberSince,
    bio: "",
    skills: [],
    field: null,
    asFreelancer: {
      completed: 0,
      gaveBack: 0,
      rating: rating([], memberSince),
      aspects: { communication: none, quality: none, deadline: none },
      completionRate: none,
    },
    asClient: { posted: 0, hired: 0, completed: 0, rating: rating([], memberSince), cancelRate: none },
  };
}

/** The seeded work and published reviews, counted into the person's profile once. */
function countWork(store: MockStore, id: string) {
  const profile = store.profiles.get(id);
  if (!profile) return;
  const from = profile.memberSince;
  const published = store.reviews.filter((review) => review.publishedAt !== null && review.subject.id === id);
  const ofWork = published.filter((review) => review.role === "client");
  const fromFreelancers = published.filter((review) => review.role === "freelancer");
  const worked = store.tasks.filter((task) => task.assigneeId === id && task.status === "completed").length;
  const posted = store.tasks.filter((task) => task.ownerId === id);
  const hired = posted.filter((task) => task.assigneeId !== undefined);
  const clientCompleted = hired.filter((task) => task.status === "completed").length;
  const shown = (count: number) => count >= LIMITS.rateMinAssignments;
  profile.asFreelancer.completed = worked;
  profile.asFreelancer.rating = rating(ofWork, from);
  profile.asFreelancer.completionRate = figure(worked, worked, from, shown(worked) ? 1 : null, shown(worked));
  for (const aspect of REVIEW_ASPECTS) {
    const rated = ofWork.flatMap((review) => (review[aspect] === undefined ? [] : [review[aspect] ?? 0]));
    const sum = rated.reduce((total, value) => total + value, 0);
    const average = rated.length > 0 ? Math.round((sum / rated.length) * 10) / 10 : null;
    profile.asFreelancer.aspects[aspect] = figure(sum, rated.length, from, average, rated.length > 0);
  }
  profile.asClient = {
    posted: posted.length,
    hired: hired.length,
    completed: clientCompleted,
    rating: rating(fromFreelancers, from),
    cancelRate: figure(0, clientCompleted, from, shown(clientCompleted) ? 0 : null, shown(clientCompleted)),
  };
}

/** The question asking to be paid outside QuickGig, and its two reports waiting in the queue. */
function seedReportedQuestion(store: MockStore, ids: string[]) {
  const task = store.tasks[DEMO_REPORTED_QUESTION.task];
  const asker = store.users.find((user) => user.email === DEMO_REPORTED_QUESTION.asker.email);
  if (!task || !asker) return;
  const asked = { askerName: asker.name, askerId: asker.id, createdAt: store.now(), hidden: false };
  const question = { _id: store.nextId("q"), taskId: task._id, body: DEMO_REPORTED_QUESTION.body, ...asked };
  store.questions.push(question);
  const snapshot = { title: task.title, text: question.body, author: store.person(asker.id), taskId: task._id };
  const reports = DEMO_REPORTED_QUESTION.reports.map((report) => ({
    _id: store.nextId("p"),
    reporter: store.person(ids[report.by] ?? ""),
    reason: report.reason,
    note: null,
    createdAt: store.now(),
    snapshot,
  }));
  store.queue.reports.push({
    targetKind: "question",
    targetId: question._id,
    firstReportedAt: reports[0]?.createdAt ?? store.now(),
    reportCount: reports.length,
    reasons: Object.fromEntries(reports.map((report) => [report.reason, 1])),
    reports,
    current: snapshot,
    removed: false,
    author: store.person(asker.id),
    history: { reports: 0, sanctions: [] },
  });
}
