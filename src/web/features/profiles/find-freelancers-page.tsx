import { Star } from "lucide-react";
import { Link, type LoaderFunctionArgs, useLoaderData, useNavigate, useNavigation } from "react-router";
import { LIMITS } from "../../../contract/limits.ts";
import {
  FREELANCER_FIELDS,
  FREELANCER_SORTS,
  formatStars,
  MIN_RATING_CHOICES,
} from "../../../contract/reputation-words.ts";
import { Avatar } from "../../components/avatar.tsx";
import { SearchIcon } from "../../components/icons.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { morePaths } from "../../config/more-paths.ts";
import { paths } from "../../config/paths.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { InviteButton } from "../invites/public.ts";
import { plural } from "./explain.ts";
import { type FreelancerCard, searchFreelancers } from "./profiles-api.ts";
import { SkillList } from "./skill-list.tsx";
import "../../lazy-screens.css";

export const FREELANCERS_PAGE_SIZE = LIMITS.freelancersPageDefault;

/** The contract's minimum ratings, as the address writes them ("" for any). */
const RATING_OPTIONS = MIN_RATING_CHOICES.map(({ min, label }) => ({ value: min === 0 ? "" : String(min), label }));

type FreelancerSort = (typeof FREELANCER_SORTS)[number];

/** The orders of Find Freelancers, as the sort control names them (the first is the API's default). */
export const SORT_LABELS: Record<FreelancerSort, string> = {
  rating: "Best rated",
  completed: "Most tasks completed",
  newest: "Newest members",
};

interface FreelancerQuery {
  q: string;
  field: string;
  minRating: string;
  sort: FreelancerSort;
  page: number;
}

/** The search lives in the URL (q, field, minRating, sort, page): back and forward step through searches. */
function readQuery(url: URL): FreelancerQuery {
  const params = url.searchParams;
  const field = params.get("field") ?? "";
  const minRating = params.get("minRating") ?? "";
  const sort = params.get("sort") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    field: (FREELANCER_FIELDS as readonly string[]).includes(field) ? field : "",
    minRating: RATING_OPTIONS.some((option) => option.value === minRating) ? minRating : "",
    sort: (FREELANCER_SORTS as readonly string[]).includes(sort) ? (sort as FreelancerSort) : "rating",
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

function searchHref(query: FreelancerQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.field) params.set("field", query.field);
  if (query.minRating) params.set("minRating", query.minRating);
  if (query.sort !== "rating") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${paths.freelancers}?${search}` : paths.freelancers;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = readQuery(new URL(request.url));
  try {
    const { freelancers, total } = await searchFreelancers(
      {
        q: query.q,
        field: query.field,
        minRating: query.minRating ? Number(query.minRating) : undefined,
        sort: query.sort,
        page: query.page,
        limit: FREELANCERS_PAGE_SIZE,
      },
      request.signal,
    );
    return { query, freelancers, total, pages: Math.max(1, Math.ceil(total / FREELANCERS_PAGE_SIZE)) };
  } catch (error) {
    throw toRouteError(error);
  }
}

function FreelancerItem({ freelancer }: { freelancer: FreelancerCard }) {
  const { reputation } = freelancer;
  return (
    <article className="card flex h-full items-start gap-4 p-4 sm:flex-col sm:items-center sm:p-6 sm:text-center">
      <Avatar src={freelancer.image} alt="" name={freelancer.name} className="size-14 shrink-0 sm:size-20" />
      <div className="min-w-0 sm:flex sm:flex-col sm:items-center">
        <h3 className="text-lg font-semibold break-words">
          <Link to={paths.user(freelancer.id)} className="link">
            {freelancer.name}
          </Link>
        </h3>
        {freelancer.field && <p className="muted text-sm">{freelancer.field}</p>}
        <p className="mt-1 flex flex-wrap items-center gap-1 text-sm font-semibold sm:mt-2 sm:justify-center">
          {reputation.rating === null ? (
            <span>New on QuickGig</span>
          ) : (
            <>
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
              <span>{formatStars(reputation.rating)}</span>
              <span className="sr-only">out of 5 stars</span>
              <span className="muted font-normal">· {plural(reputation.reviews, "review", "reviews")}</span>
            </>
          )}
        </p>
        <p className="muted text-sm">{plural(reputation.completed, "task", "tasks")} completed</p>
        <SkillList skills={freelancer.skills} className="mt-3 sm:mt-4 sm:justify-center" />
        <InviteButton person={freelancer} className="mt-3 sm:mt-4" />
      </div>
    </article>
  );
}

export function Component() {
  usePageTitle("Find Freelancers");
  const { query, freelancers, total, pages } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === paths.freelancers;
  const page = Math.min(query.page, pages);

  // A new search starts again from page 1.
  function search(form: HTMLFormElement) {
    const values = new FormData(form);
    const read = (name: string) => String(values.get(name) ?? "").trim();
    const sort = query.sort;
    void navigate(searchHref({ q: read("q"), field: read("field"), minRating: read("minRating"), sort, page: 1 }));
  }
  const searchAtOnce = (event: { currentTarget: HTMLSelectElement }) => {
    if (event.currentTarget.form) search(event.currentTarget.form);
  };

  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <PageHeader
        title="Find Freelancers"
        intro={
          <>
            Search the people of QuickGig by skill or name, then open a profile to see their reviews.{" "}
            <Link to={morePaths.howReputationWorks} className="link">
              How reputation works
            </Link>
          </>
        }
      />
      <form
        aria-label="Freelancer filters"
        key={`${query.q}|${query.field}|${query.minRating}`}
        className="card mb-6 grid grid-cols-2 gap-3 p-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end md:gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          search(event.currentTarget);
        }}
      >
        <div className="col-span-2 md:col-span-1">
          <label htmlFor="freelancers-search" className="label">
            Search freelancers
          </label>
          <input
            id="freelancers-search"
            name="q"
            type="search"
            className="input"
            maxLength={100}
            defaultValue={query.q}
            placeholder="Search by skill or name..."
          />
        </div>
        <div>
          <label htmlFor="freelancers-field" className="label">
            Category
          </label>
          <select
            id="freelancers-field"
            name="field"
            className="input"
            defaultValue={query.field}
            onChange={searchAtOnce}
          >
            <option value="">All</option>
            {FREELANCER_FIELDS.map((field) => (
              <option key={field} value={field}>
                {field}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="freelancers-rating" className="label">
            Minimum rating
          </label>
          <select
            id="freelancers-rating"
            name="minRating"
            className="input"
            defaultValue={query.minRating}
            onChange={searchAtOnce}
          >
            {RATING_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary col-span-2 md:col-span-1" disabled={searching}>
          <SearchIcon className="size-4" />
          {searching ? "Searching…" : "Search"}
        </button>
      </form>

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="muted text-sm" aria-live="polite">
          {plural(total, "freelancer", "freelancers")}
          {pages > 1 && ` · page ${page} of ${pages}`}
        </p>
        {/* The order changes at once and keeps the search; it starts again from page 1. */}
        <div className="flex items-center gap-2">
          <label htmlFor="freelancers-sort" className="muted text-sm font-medium">
            Sort by
          </label>
          <select
            id="freelancers-sort"
            className="input w-auto py-1.5"
            value={query.sort}
            onChange={(event) =>
              void navigate(searchHref({ ...query, sort: event.currentTarget.value as FreelancerSort, page: 1 }))
            }
          >
            {FREELANCER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <h2 className="sr-only">Freelancers</h2>
      {freelancers.length === 0 ? (
        <p className="card p-8 text-center font-medium" role="status">
          No freelancers matched your criteria.
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Freelancers">
          {freelancers.map((freelancer) => (
            <li key={freelancer.id}>
              <FreelancerItem freelancer={freelancer} />
            </li>
          ))}
        </ul>
      )}

      <PageLinks page={page} pages={pages} hrefOf={(to) => searchHref({ ...query, page: to })} className="mt-10" />
    </section>
  );
}
