import type { TASK_CATEGORIES } from "./limits.ts";

/*
 * The words and figures of reviews and profiles, apart from their schemas (reputation.ts): pages
 * that only show them do not build zod's schemas as they load (issue 30: building every schema of
 * the contract was a task of 30-45 ms on this machine, four to six times that for Lighthouse).
 */

/** Whose review it is: the poster's of the freelancer ("client"), or the freelancer's of the poster. */
export const REVIEW_ROLES = ["client", "freelancer"] as const;
export type ReviewRole = (typeof REVIEW_ROLES)[number];

/** What a client may rate besides the stars: shown on the profile, not part of the average. */
export const REVIEW_ASPECTS = ["communication", "quality", "deadline"] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];
export const ASPECT_LABELS: Record<ReviewAspect, string> = {
  communication: "Communication",
  quality: "Quality of work",
  deadline: "Kept to the deadline",
};

/** The home directory's fields, which a person picks for themselves on /profile. */
export const FREELANCER_FIELDS = ["Designers", "Developers", "Writers", "Marketers"] as const;
export type FreelancerField = (typeof FREELANCER_FIELDS)[number];

/** The minimum ratings a search for freelancers offers, in the specification's words (Home's directory, Find Freelancers). */
export const MIN_RATING_CHOICES = [
  { min: 0, label: "Any Rating" },
  { min: 5, label: "5+ Stars" },
  { min: 4, label: "4+ Stars" },
  { min: 3, label: "3+ Stars" },
  { min: 2, label: "2+ Stars" },
] as const;
/** Which task category each field works in. */
export const FIELD_CATEGORIES: Record<FreelancerField, (typeof TASK_CATEGORIES)[number]> = {
  Designers: "Design",
  Developers: "Web Development",
  Writers: "Writing",
  Marketers: "Marketing",
};

export const FREELANCER_SORTS = ["rating", "completed", "newest"] as const;

/** The words the API refuses with (and the web app shows as they are). */
export const REVIEW_MESSAGES = {
  notParty: "Only the task's client and its hired freelancer can review each other.",
  notEnded: "A task can be reviewed once it is completed, or cancelled after someone was hired.",
  already: "You have already reviewed this task. You can change your review until it is published.",
  published: "This review is published and can no longer be changed.",
  windowEnded: "The time to review this task has ended.",
  noReview: "You have not reviewed this task yet.",
  aspectsClientOnly: "Only the client rates communication, quality of work and deadlines.",
  notSubject: "Only the person reviewed can answer a review.",
  notPublished: "A review can be answered once it is published.",
  alreadyAnswered: "You have already answered this review.",
  reviewNotFound: "This review does not exist.",
  userNotFound: "This person does not exist.",
} as const;

/** "92 %": a rate as the profile shows it. */
export function formatRate(value: number): string {
  return `${Math.round(value * 100)} %`;
}

/** "4.8": an average of stars, one decimal. */
export function formatStars(value: number): string {
  return value.toFixed(1);
}
