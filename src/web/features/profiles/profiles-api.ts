import type { AboutInput, FreelancerCard, PublicProfile, Review, ReviewRole } from "../../../contract/reputation.ts";
import type { FREELANCER_SORTS } from "../../../contract/reputation-words.ts";
import { apiJson } from "../../lib/api.ts";

export type { AboutInput, FreelancerCard, PublicProfile, Review, ReviewRole };

export interface ReviewPage {
  reviews: Review[];
  total: number;
}

export interface FreelancerPage {
  freelancers: FreelancerCard[];
  total: number;
}

function queryString(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

export function getProfile(id: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiJson<PublicProfile>(`/api/users/${encodeURIComponent(id)}`, { signal });
}

export function listProfileReviews(
  id: string,
  params: { as: ReviewRole; page: number; limit: number },
  signal?: AbortSignal,
): Promise<ReviewPage> {
  return apiJson<ReviewPage>(`/api/users/${encodeURIComponent(id)}/reviews${queryString(params)}`, { signal });
}

export function saveAbout(input: AboutInput): Promise<AboutInput> {
  return apiJson("/api/profile/about", { method: "PUT", body: input });
}

export function answerReview(id: string, answer: string): Promise<Review> {
  return apiJson<Review>(`/api/reviews/${encodeURIComponent(id)}/answer`, { method: "POST", body: { answer } });
}

export function searchFreelancers(
  params: {
    q?: string;
    field?: string;
    minRating?: number | undefined;
    sort?: (typeof FREELANCER_SORTS)[number];
    page: number;
    limit: number;
  },
  signal?: AbortSignal,
): Promise<FreelancerPage> {
  return apiJson<FreelancerPage>(`/api/freelancers${queryString(params)}`, { signal });
}
