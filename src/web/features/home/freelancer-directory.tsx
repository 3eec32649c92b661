import { Star } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import {
  FREELANCER_CATEGORIES,
  FREELANCERS,
  type FreelancerCategory,
  filterFreelancers,
  RATING_OPTIONS,
} from "./more-content.ts";

export function FreelancerDirectory() {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<FreelancerCategory>("All");
  const [minRating, setMinRating] = useState(0);
  const matches = useMemo(
    () => filterFreelancers(FREELANCERS, { search, category, minRating }),
    [search, category, minRating],
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
      {matches.length === 0 ? (
        <p className="card mt-8 p-8 text-center font-medium" role="status">
          No freelancers matched your criteria.
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Freelancers">
          {matches.map((freelancer) => (
            <li key={freelancer.name} className="card flex flex-col items-center p-6 text-center">
              <img
                src={freelancer.image}
                alt=""
                width={80}
                height={80}
                className="size-20 rounded-full"
                loading="lazy"
              />
              <h3 className="mt-4 text-lg font-semibold">{freelancer.name}</h3>
              <p className="muted text-sm">{freelancer.category}</p>
              <p className="mt-2 flex items-center gap-1 text-sm font-semibold">
                <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                <span>{freelancer.rating.toFixed(1)}</span>
                <span className="sr-only">out of 5 stars</span>
                <span className="muted font-normal">· {freelancer.hourlyRate}</span>
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
