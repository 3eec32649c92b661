import { Star } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import type { FreelancerCard } from "../../../contract/reputation.ts";
import { Avatar } from "../../components/avatar.tsx";
import { paths } from "../../config/paths.ts";
import { apiJson } from "../../lib/api.ts";
import {
  FREELANCER_CATEGORIES,
  FREELANCERS,
  type Freelancer,
  type FreelancerCategory,
  filterFreelancers,
  RATING_OPTIONS,
} from "./more-content.ts";

/** How many of the best-rated profiles the directory reads, to find the specification's eight among. */
export const DIRECTORY_POOL = 24;

/** A real person as a directory card: their profile's figures, and the specification's texts if they are one of its eight. */
type DirectoryCard = Omit<Freelancer, "image"> & {
  id: string;
  image: string | null;
  shownRating: number | null;
  reviews: number;
};

function toCard(card: FreelancerCard): DirectoryCard {
  const sample = FREELANCERS.find((freelancer) => freelancer.name === card.name);
  return {
    id: card.id,
    name: card.name,
    skills: card.skills,
    category: card.field ?? sample?.category ?? "Designers",
    rating: card.reputation.rating ?? 0,
    shownRating: card.reputation.rating,
    reviews: card.reputation.reviews,
    hourlyRate: sample?.hourlyRate ?? "",
    image: sample?.image ?? card.image,
  };
}

/**
 * The home page's Top Freelancers (issue 45): the specification's eight sample freelancers, who are
 * real people of the demo, each card opening their profile with its figures; on a database without
 * them, the best-rated real profiles. Filtered here, with the specification's filters and words.
 */
export function FreelancerDirectory() {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<FreelancerCategory>("All");
  const [minRating, setMinRating] = useState(0);
  const [people, setPeople] = useState<DirectoryCard[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    apiJson<{ freelancers: FreelancerCard[] }>(`/api/freelancers?sort=rating&limit=${DIRECTORY_POOL}`, {
      signal: controller.signal,
    })
      .then(({ freelancers }) => {
        const cards = freelancers.map(toCard);
        const samples = FREELANCERS.flatMap((sample) => cards.filter((card) => card.name === sample.name));
        setPeople(samples.length > 0 ? samples : cards.slice(0, FREELANCERS.length));
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, []);
  const matches = useMemo(
    () => filterFreelancers(people ?? [], { search, category, minRating }),
    [people, search, category, minRating],
  );

  return (
    <section aria-labelledby="freelancers-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="freelancers-title" className="text-3xl font-bold tracking-tight">
        Top Freelancers
      </h2>
      <p className="muted mt-2">Meet some of the people who get tasks done on QuickGig.</p>
      <div className="mt-8 grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <label htmlFor="freelancer-search" className="sr-only">
            Search freelancers
          </label>
          <input
            id="freelancer-search"
            type="search"
            className="input"
            placeholder="Search by skill or name..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="freelancer-category" className="sr-only">
            Category
          </label>
          <select
            id="freelancer-category"
            className="input"
            value={category}
            onChange={(event) => setCategory(event.target.value as FreelancerCategory)}
          >
            {FREELANCER_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="freelancer-rating" className="sr-only">
            Minimum rating
          </label>
          <select
            id="freelancer-rating"
            className="input"
            value={minRating}
            onChange={(event) => setMinRating(Number(event.target.value))}
          >
            {RATING_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {people === null ? (
        <p className="card muted mt-8 p-8 text-center" role="status">
          {failed ? "The freelancers could not be loaded. Find Freelancers lists them all." : "Loading freelancers…"}
        </p>
      ) : matches.length === 0 ? (
        <p className="card mt-8 p-8 text-center font-medium" role="status">
          No freelancers matched your criteria.
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Freelancers">
          {matches.map((freelancer) => (
            <li key={freelancer.id} className="card relative flex flex-col items-center p-6 text-center">
              {freelancer.image?.startsWith("/images/") ? (
                <img
                  src={freelancer.image}
                  alt=""
                  width={80}
                  height={80}
                  className="size-20 rounded-full"
                  loading="lazy"
                />
              ) : (
                <Avatar src={freelancer.image} alt="" name={freelancer.name} className="size-20" />
              )}
              <h3 className="mt-4 text-lg font-semibold">
                {/* The whole card opens the profile (the link's area stretched over it). */}
                <Link to={paths.user(freelancer.id)} className="after:absolute after:inset-0 hover:underline">
                  {freelancer.name}
                </Link>
              </h3>
              <p className="muted text-sm">{freelancer.category}</p>
              <p className="mt-2 flex items-center gap-1 text-sm font-semibold">
                {freelancer.shownRating === null ? (
                  <span>New on QuickGig</span>
                ) : (
                  <>
                    <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                    <span>{freelancer.shownRating.toFixed(1)}</span>
                    <span className="sr-only">out of 5 stars</span>
                    <span className="muted font-normal">
                      ·{" "}
                      {freelancer.hourlyRate ||
                        `${freelancer.reviews} ${freelancer.reviews === 1 ? "review" : "reviews"}`}
                    </span>
                  </>
                )}
              </p>
              <ul className="mt-4 flex flex-wrap justify-center gap-1.5" aria-label="Skills">
                {freelancer.skills.map((skill) => (
                  <li
                    key={skill}
                    className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                  >
                    {skill}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-8 text-center">
        <Link to={paths.freelancers} className="btn-secondary">
          Find more freelancers
        </Link>
      </p>
    </section>
  );
}
