import type { Kysely } from "kysely";
import { ANONYMOUS_NAME, LIMITS } from "../../contract/index.ts";
import {
  type AboutInput,
  type Figure,
  type FreelancerCard,
  type FreelancerField,
  type PublicProfile,
  type RatingSummary,
  REVIEW_MESSAGES,
  type ReviewRole,
} from "../../contract/reputation.ts";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import { HttpProblem } from "../http/problem.ts";
import { refuseLimited, sanctionInForce } from "../standing/standing.ts";
import { countPostedTasks } from "../tasks/task-repository.ts";
import { oneDecimal, presentReputation } from "./present-reputation.ts";
import { type FreelancerSort, findPerson, type PersonRow, saveAbout, searchFreelancers } from "./profile-repository.ts";

/**
 * Public profiles (issue 28, PRODUCT.md "Reviews and profiles", decision 022): what a person says
 * of themselves, and figures that each carry what they are made of. Counted when read from
 * assignments and published reviews; Find Freelancers reads the record kept in `profiles`.
 */

const nameOf = (name: string) => name.trim() || ANONYMOUS_NAME;

/**
 * What the rooms above profiles count for a profile's figures, registered in app.ts (decision 027):
 * hiring answers for a person's hires, reviews for the reviews about them. Profiles stand below both.
 */
export interface ProfileFigures {
  /** Their hires on both sides, by outcome (active, completed, released, cancelled). */
  hiresOf(
    db: Kysely<DB>,
    userId: string,
  ): Promise<{ asFreelancer: Record<string, number>; asClient: Record<string, number> }>;
  /** The published reviews about them, counted by role and stars, with the aspects' sums. */
  ratingsOf(db: Kysely<DB>, userId: string): Promise<RatingRow[]>;
}

export interface RatingRow {
  role: string;
  rating: number;
  total: number;
  communicationSum: number;
  communicationCount: number;
  qualitySum: number;
  qualityCount: number;
  deadlineSum: number;
  deadlineCount: number;
}

interface Period {
  from: string;
  to: string;
}

/** A rate counted over the period: shown, with a value, from `minimum` in the denominator on. */
function rate(numerator: number, denominator: number, period: Period, minimum: number): Figure {
  const shown = denominator >= Math.max(minimum, 1);
  return { value: shown ? numerator / denominator : null, numerator, denominator, ...period, shown };
}

/** An average of stars: the sum over the count, one decimal; shown from one. */
function average(sum: number, count: number, period: Period): Figure {
  return {
    value: count > 0 ? oneDecimal(sum / count) : null,
    numerator: sum,
    denominator: count,
    ...period,
    shown: count > 0,
  };
}

function summarizeRatings(rows: RatingRow[], role: ReviewRole, period: Period): RatingSummary {
  const distribution = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  let sum = 0;
  let count = 0;
  for (const row of rows) {
    if (row.role !== role) continue;
    sum += row.rating * row.total;
    count += row.total;
    if (row.rating >= 1 && row.rating <= 5) distribution[row.rating as 1 | 2 | 3 | 4 | 5] += row.total;
  }
  return { average: average(sum, count, period), count, distribution };
}

/** A person whose profile shows: 404 for nobody, and for someone suspended (decision 023), as if gone. */
export async function findShownPerson(db: Kysely<DB>, userId: string): Promise<PersonRow> {
  const person = await findPerson(db, userId);
  if (!person || (await sanctionInForce(db, userId, "suspend")))
    throw new HttpProblem(404, REVIEW_MESSAGES.userNotFound);
  return person;
}

/** GET /api/users/{id}: the person, what they say, and their record on both sides; never an email. */
export async function findPublicProfile(
  db: Kysely<DB>,
  figures: ProfileFigures,
  userId: string,
  now = new Date(),
): Promise<PublicProfile> {
  const person = await findShownPerson(db, userId);
  const [hires, ratings, posted] = await Promise.all([
    figures.hiresOf(db, userId),
    figures.ratingsOf(db, userId),
    countPostedTasks(db, userId),
  ]);
  const assignments = { ...hires, posted };
  const period = { from: person.memberSince, to: now.toISOString() };
  const freelancer = assignments.asFreelancer;
  const client = assignments.asClient;
  const completed = freelancer.completed ?? 0;
  const gaveBack = freelancer.released ?? 0;
  const clientCompleted = client.completed ?? 0;
  const clientCancelled = client.cancelled ?? 0;
  // Aspects: what clients rated besides the stars, over the reviews of the freelancer's work that have them.
  const ofWork = ratings.filter((row) => row.role === "client");
  const aspect = (sum: (row: RatingRow) => number, count: (row: RatingRow) => number) =>
    average(
      ofWork.reduce((total, row) => total + sum(row), 0),
      ofWork.reduce((total, row) => total + count(row), 0),
      period,
    );
  return {
    id: person.id,
    name: nameOf(person.name),
    image: person.image,
    memberSince: person.memberSince,
    bio: person.bio,
    skills: person.skills,
    field: person.field as FreelancerField | null,
    asFreelancer: {
      completed,
      gaveBack,
      rating: summarizeRatings(ratings, "client", period),
      aspects: {
        communication: aspect(
          (row) => row.communicationSum,
          (row) => row.communicationCount,
        ),
        quality: aspect(
          (row) => row.qualitySum,
          (row) => row.qualityCount,
        ),
        deadline: aspect(
          (row) => row.deadlineSum,
          (row) => row.deadlineCount,
        ),
      },
      // What the freelancer caused: a task given back counts against them, a client's cancellation does not.
      completionRate: rate(completed, completed + gaveBack, period, LIMITS.rateMinAssignments),
    },
    asClient: {
      posted: assignments.posted,
      hired: Object.values(client).reduce((total, count) => total + count, 0),
      completed: clientCompleted,
      rating: summarizeRatings(ratings, "freelancer", period),
      cancelRate: rate(clientCancelled, clientCompleted + clientCancelled, period, LIMITS.rateMinAssignments),
    },
  };
}

/** Skills as kept: trimmed, each once whatever its case (the first spelling stays). */
export function normalizeSkills(skills: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const skill of skills) {
    const trimmed = skill.trim();
    const key = trimmed.toLowerCase();
    if (!trimmed || seen.has(key)) continue;
    seen.add(key);
    kept.push(trimmed);
  }
  return kept;
}

/**
 * PUT /api/profile/about: the signed-in person's bio, skills and field, as saved. They are public
 * (the profile, Find Freelancers): a limited person changes none of them (issue 42).
 */
export async function updateAbout(db: Kysely<DB>, userId: string, about: AboutInput): Promise<AboutInput> {
  await refuseLimited(db, userId);
  const saved = await saveAbout(db, userId, {
    bio: about.bio.trim(),
    skills: normalizeSkills(about.skills),
    field: about.field,
  });
  return { bio: saved.bio, skills: saved.skills, field: saved.field as FreelancerField | null };
}

/** GET /api/freelancers: a page of listed profiles, with how many match. */
export async function findFreelancers(
  database: Database,
  query: {
    q?: string;
    field?: FreelancerField;
    minRating?: number;
    sort: FreelancerSort;
    page: number;
    limit: number;
  },
): Promise<{ freelancers: FreelancerCard[]; total: number }> {
  const { freelancers, total } = await searchFreelancers(database, query);
  return {
    freelancers: freelancers.map((row) => ({
      id: row.id,
      name: nameOf(row.name),
      image: row.image,
      field: row.field as FreelancerField | null,
      skills: row.skills,
      memberSince: row.memberSince,
      reputation: presentReputation(row),
    })),
    total,
  };
}
