import { http } from "msw";
import { DEMO_PROFILES, DEMO_USER } from "../../contract/demo-data.ts";
import { ANONYMOUS_NAME, LIMITS } from "../../contract/limits.ts";
import {
  type AboutInput,
  AboutInputSchema,
  type Figure,
  FreelancerQuerySchema,
  ProfileReviewsQuerySchema,
  type PublicProfile,
  type RatingSummary,
  REVIEW_ASPECTS,
  REVIEW_MESSAGES,
  type Reputation,
  type Review,
  ReviewAnswerSchema,
  type ReviewAspect,
  type ReviewRole,
} from "../../contract/reputation.ts";

import { type Answer, type MockDb, MockProblem, type Parse } from "./mock-db.ts";
import { mockReviews } from "./mock-reviews.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** Work done before the mock marketplace's own tasks, so that the demo shows rates and pages. */
interface History {
  completed: number;
  gaveBack: number;
  posted: number;
  hired: number;
  clientCompleted: number;
  cancelled: number;
}
const NO_HISTORY: History = { completed: 0, gaveBack: 0, posted: 0, hired: 0, clientCompleted: 0, cancelled: 0 };

/** More people for Find Freelancers, each with past reviews of their work. */
const MORE_FREELANCERS: Array<{
  name: string;
  field: AboutInput["field"];
  skills: string[];
  bio: string;
  ratings: number[];
  history: Partial<History>;
}> = [
  {
    name: "Noah Kim",
    field: "Developers",
    skills: ["Python", "Django", "APIs"],
    bio: "Back ends that stay up.",
    ratings: [5, 5, 4, 5, 5, 4],
    history: { completed: 8, gaveBack: 1 },
  },
  {
    name: "Sofia Rossi",
    field: "Designers",
    skills: ["Branding", "Illustration", "Figma"],
    bio: "Brands with a smile.",
    ratings: [5, 5, 5],
    history: { completed: 3 },
  },
  {
    name: "Omar Haddad",
    field: "Writers",
    skills: ["Technical writing", "Editing"],
    bio: "Manuals people read.",
    ratings: [4, 3, 4, 4],
    history: { completed: 5, gaveBack: 2 },
  },
  {
    name: "Chloe Martin",
    field: "Marketers",
    skills: ["SEO", "Google Ads", "Newsletters"],
    bio: "Campaigns measured twice.",
    ratings: [3, 2, 3],
    history: { completed: 3, gaveBack: 1 },
  },
  {
    name: "Ravi Shah",
    field: "Developers",
    skills: ["React Native", "Swift"],
    bio: "Apps for small shops.",
    ratings: [],
    history: {},
  },
];

/** Past reviews of Maya, so that her profile has a second page. */
const PAST_REVIEWS_OF_MAYA = [
  ["Poster for a summer concert", "Quick, clear and exactly what we needed."],
  ["Flyers for a yoga studio", "Lovely work on our flyers; one round of changes was enough."],
  ["Colour palette for a tea brand", "Great eye for colour. Would hire again."],
  ["Business cards for an architect", "Delivered a day early with all the source files."],
  ["Packaging for a candle shop", "Good work, though I had to ask twice for the print version."],
  ["Logo for a bike repair shop", "Our new logo is a hit with customers."],
  ["Icons for a booking app", "Patient with our many questions."],
  ["Banner for a book fair", "Very professional from start to finish."],
  ["Menu design for a café", "Made our menu readable at last."],
] as const;

/**
 * The mock API's public profiles (issue 28): what each person says of themselves, and figures
 * worked out from the mock's tasks and reviews (mock-reviews.ts) as the server's do, with a little
 * past work added so that the demo shows every case.
 */
export class MockProfiles {
  about = new Map<string, AboutInput>();
  memberSince = new Map<string, string>();
  history = new Map<string, History>();
  /**
   * Published reviews of work done before the mock's tasks: on no task of the mock, so their taskId
   * is empty and a profile shows their title without a link (a task page would answer 404).
   */
  pastReviews: Review[] = [];

  constructor(private readonly db: MockDb) {
    this.seed();
  }

  private person(id: string) {
    const user = this.db.userById(id);
    return { id, name: user?.name || ANONYMOUS_NAME, image: user?.image ?? null };
  }

  private pastReview(
    authorId: string,
    subjectId: string,
    rating: number,
    text: string,
    daysAgo: number,
    title?: string,
  ) {
    const at = ago(daysAgo);
    this.pastReviews.push({
      _id: this.db.nextId("r"),
      taskId: "",
      taskTitle: title ?? `Earlier task ${this.pastReviews.length + 1}`,
      role: "client",
      author: this.person(authorId),
      subject: this.person(subjectId),
      rating,
      text,
      ...(rating >= 4 ? { communication: 5, quality: rating, deadline: 4 } : {}),
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
      answer: null,
    });
  }

  private seed() {
    const [demo, maya, lucas, aisha] = this.db.users;
    DEMO_PROFILES.forEach((about, index) => {
      const user = this.db.users[index];
      if (user) this.about.set(user.id, { ...about, skills: [...about.skills] });
    });
    for (const [index, user] of this.db.users.entries()) this.memberSince.set(user.id, ago(240 - index * 20));
    if (maya) {
      this.history.set(maya.id, { ...NO_HISTORY, completed: 10, gaveBack: 1 });
      for (const [index, [title, text]] of PAST_REVIEWS_OF_MAYA.entries()) {
        this.pastReview(demo?.id ?? "", maya.id, index % 4 === 3 ? 4 : 5, text, 60 + index * 9, title);
      }
    }
    if (demo) this.history.set(demo.id, { ...NO_HISTORY, posted: 10, hired: 9, clientCompleted: 8, cancelled: 1 });
    if (lucas) this.history.set(lucas.id, { ...NO_HISTORY, completed: 2 });
    if (aisha) this.history.set(aisha.id, { ...NO_HISTORY, completed: 6 });
    for (const [index, more] of MORE_FREELANCERS.entries()) {
      const user = {
        id: this.db.nextId("u"),
        name: more.name,
        email: `${more.name.split(" ")[0]?.toLowerCase()}@people.quickgig.dev`,
        image: null,
        password: DEMO_USER.password,
        emailVerified: true,
      };
      this.db.users.push(user);
      this.memberSince.set(user.id, ago(400 - index * 50));
      this.about.set(user.id, { bio: more.bio, skills: more.skills, field: more.field });
      this.history.set(user.id, { ...NO_HISTORY, ...more.history });
      for (const [at, rating] of more.ratings.entries()) {
        this.pastReview(demo?.id ?? "", user.id, rating, `Review ${at + 1} of ${more.name}'s work.`, 30 + at * 12);
      }
    }
  }

  /** Every published review, newest first: the mock's tasks' and the past ones. */
  published(): Review[] {
    const reviews = mockReviews(this.db);
    for (const task of this.db.tasks) reviews.publishDue(task);
    return [
      ...reviews.reviews.filter((review) => review.publishedAt !== null).map((review) => reviews.present(review)),
      ...this.pastReviews,
    ].sort((a, b) => (b.publishedAt ?? "").localeCompare(a.publishedAt ?? "") || b._id.localeCompare(a._id));
  }

  /** Reviews of `userId`: of their work (as=freelancer, written by clients) or of them as a client. */
  reviewsOf(userId: string, as?: ReviewRole): Review[] {
    const role = as === "client" ? "freelancer" : as === "freelancer" ? "client" : undefined;
    return this.published().filter((review) => review.subject.id === userId && (!role || review.role === role));
  }

  private figure(numerator: number, denominator: number, from: string, value: number | null, shown: boolean): Figure {
    return { value, numerator, denominator, from, to: new Date().toISOString(), shown };
  }

  private rating(reviews: Review[], from: string): RatingSummary {
    const sum = reviews.reduce((total, review) => total + review.rating, 0);
    const count = reviews.length;
    const distribution = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
    for (const review of reviews) distribution[review.rating as 1 | 2 | 3 | 4 | 5] += 1;
    const average = count > 0 ? Math.round((sum / count) * 10) / 10 : null;
    return { average: this.figure(sum, count, from, average, count > 0), count, distribution };
  }

  private rate(numerator: number, denominator: number, from: string): Figure {
    const shown = denominator >= LIMITS.rateMinAssignments;
    return this.figure(numerator, denominator, from, shown ? numerator / denominator : null, shown);
  }

  profile(id: string): PublicProfile {
    const user = this.db.userById(id);
    if (!user) throw new MockProblem(404, REVIEW_MESSAGES.userNotFound);
    const from = this.memberSince.get(id) ?? ago(30);
    const past = this.history.get(id) ?? NO_HISTORY;
    const about = this.about.get(id) ?? { bio: "", skills: [], field: null };
    const worked = this.db.tasks.filter((task) => task.assigneeId === id);
    const posted = this.db.tasks.filter((task) => task.ownerId === id);
    const ofWork = this.reviewsOf(id, "freelancer");
    const completed = past.completed + worked.filter((task) => task.status === "completed").length;
    const hired = posted.filter((task) => task.assigneeId !== null);
    const clientCompleted = past.clientCompleted + hired.filter((task) => task.status === "completed").length;
    const cancelled = past.cancelled + hired.filter((task) => task.status === "cancelled").length;
    const aspects = {} as Record<ReviewAspect, Figure>;
    for (const aspect of REVIEW_ASPECTS) {
      const rated = ofWork.flatMap((review) => (review[aspect] === undefined ? [] : [review[aspect] ?? 0]));
      const sum = rated.reduce((total, value) => total + value, 0);
      const average = rated.length > 0 ? Math.round((sum / rated.length) * 10) / 10 : null;
      aspects[aspect] = this.figure(sum, rated.length, from, average, rated.length > 0);
    }
    return {
      id,
      name: user.name || ANONYMOUS_NAME,
      image: user.image,
      memberSince: from,
      ...about,
      asFreelancer: {
        completed,
        gaveBack: past.gaveBack,
        rating: this.rating(ofWork, from),
        aspects,
        completionRate: this.rate(completed, completed + past.gaveBack, from),
      },
      asClient: {
        posted: past.posted + posted.length,
        hired: past.hired + hired.length,
        completed: clientCompleted,
        rating: this.rating(this.reviewsOf(id, "client"), from),
        cancelRate: this.rate(cancelled, cancelled + clientCompleted, from),
      },
    };
  }

  reputation(id: string): Reputation {
    const profile = this.profile(id);
    const { rating, completed } = profile.asFreelancer;
    return { rating: rating.average.value, reviews: rating.count, completed };
  }

  answer(reviewId: string, text: string): Review {
    const viewer = this.db.requireViewer();
    const reviews = mockReviews(this.db);
    const kept = reviews.reviews.find((review) => review.id === reviewId);
    const past = this.pastReviews.find((review) => review._id === reviewId);
    const review = kept ? reviews.present(kept) : past;
    if (!review) throw new MockProblem(404, REVIEW_MESSAGES.reviewNotFound);
    if (review.subject.id !== viewer.id) throw new MockProblem(403, REVIEW_MESSAGES.notSubject);
    if (review.publishedAt === null) throw new MockProblem(409, REVIEW_MESSAGES.notPublished);
    if (review.answer !== null) throw new MockProblem(409, REVIEW_MESSAGES.alreadyAnswered);
    const answer = { text, answeredAt: this.db.now() };
    if (kept) kept.answer = answer;
    if (past) past.answer = answer;
    return { ...review, answer };
  }
}

const kept = new WeakMap<MockDb, MockProfiles>();

/** The profiles of this mock marketplace (made with it, on first use). */
export function mockProfiles(db: MockDb): MockProfiles {
  let profiles = kept.get(db);
  if (!profiles) {
    profiles = new MockProfiles(db);
    kept.set(db, profiles);
  }
  return profiles;
}

/** The profile operations, answered with handlers.ts's `answer` and `parse` (its refusals). */
export function profileHandlers(db: MockDb, answer: Answer, parse: Parse) {
  const profiles = mockProfiles(db);
  db.reputationOf = (userId) => profiles.reputation(userId);
  const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? JSON.parse(text) : {};
  };
  const id = (params: Record<string, string | readonly string[] | undefined>) => String(params.id ?? "");
  return [
    http.get(
      "*/api/users/:id",
      answer(({ params }) => profiles.profile(id(params))),
    ),
    http.get(
      "*/api/users/:id/reviews",
      answer(({ params, request }) => {
        profiles.profile(id(params));
        const filter = parse(ProfileReviewsQuerySchema, query(request));
        const reviews = profiles.reviewsOf(id(params), filter.as);
        return {
          reviews: reviews.slice((filter.page - 1) * filter.limit, filter.page * filter.limit),
          total: reviews.length,
        };
      }),
    ),
    http.put(
      "*/api/profile/about",
      answer(async ({ request }) => {
        const viewer = db.requireViewer();
        const about = parse(AboutInputSchema, await body(request));
        profiles.about.set(viewer.id, about);
        return about;
      }),
    ),
    http.get(
      "*/api/freelancers",
      answer(({ request }) => {
        const filter = parse(FreelancerQuerySchema, query(request));
        const words = (filter.q ?? "").trim().toLowerCase();
        const cards = db.users
          .map((user) => {
            const about = profiles.about.get(user.id) ?? { bio: "", skills: [], field: null };
            return {
              id: user.id,
              name: user.name || ANONYMOUS_NAME,
              image: user.image,
              field: about.field,
              skills: about.skills,
              memberSince: profiles.memberSince.get(user.id) ?? ago(30),
              reputation: profiles.reputation(user.id),
            };
          })
          .filter((card) => card.field !== null || card.skills.length > 0 || card.reputation.completed > 0)
          .filter(
            (card) =>
              !words ||
              card.name.toLowerCase().includes(words) ||
              card.skills.some((skill) => skill.toLowerCase().includes(words)),
          )
          .filter((card) => !filter.field || card.field === filter.field)
          .filter((card) => filter.minRating === undefined || (card.reputation.rating ?? 0) >= filter.minRating)
          .sort((a, b) =>
            filter.sort === "completed"
              ? b.reputation.completed - a.reputation.completed
              : filter.sort === "newest"
                ? b.memberSince.localeCompare(a.memberSince)
                : (b.reputation.rating ?? -1) - (a.reputation.rating ?? -1) ||
                  b.reputation.reviews - a.reputation.reviews,
          );
        return {
          freelancers: cards.slice((filter.page - 1) * filter.limit, filter.page * filter.limit),
          total: cards.length,
        };
      }),
    ),
    http.post(
      "*/api/reviews/:id/answer",
      answer(async ({ params, request }) => {
        const input = parse(ReviewAnswerSchema, await body(request));
        return profiles.answer(id(params), input.answer);
      }),
    ),
  ];
}
