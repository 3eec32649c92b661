import { Link, type LoaderFunctionArgs, useLoaderData, useNavigation } from "react-router";
import { LIMITS } from "../../../contract/limits.ts";
import type { Figure, RatingSummary } from "../../../contract/reputation.ts";
import { ASPECT_LABELS, formatRate, formatStars, REVIEW_ASPECTS } from "../../../contract/reputation-words.ts";
import { Avatar } from "../../components/avatar.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { morePaths } from "../../config/more-paths.ts";
import { paths } from "../../config/paths.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { loadSession, useSession } from "../accounts/public.ts";
import { InviteButton } from "../invites/public.ts";
import { ReportButton, StaffRecordLink } from "../moderation/public.ts";
import { useRevalidateOnNotice } from "../notifications/public.ts";
import { Stars } from "../reviews/public.ts";
import { explainAverage, explainCancellation, explainCompletion, formatMonth, plural } from "./explain.ts";
import { FigureTip } from "./figure-tip.tsx";
import { ProfileReview } from "./profile-review.tsx";
import { getProfile, listProfileReviews, type PublicProfile, type ReviewRole } from "./profiles-api.ts";
import { SkillList } from "./skill-list.tsx";
import "../../lazy-screens.css";

export const REVIEWS_PAGE_SIZE = LIMITS.reviewsPageDefault;

export function readProfileQuery(url: URL): { as: ReviewRole; page: number } {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    as: url.searchParams.get("as") === "client" ? "client" : "freelancer",
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const query = readProfileQuery(new URL(request.url));
  try {
    const [profile, reviews] = await Promise.all([
      getProfile(id, request.signal),
      listProfileReviews(id, { ...query, limit: REVIEWS_PAGE_SIZE }, request.signal),
      // The page shows Report and "Edit what you say about yourself" by who reads it: known before
      // its first render, as on the server's first screen, nothing moves when the session comes.
      loadSession(),
    ]);
    return { profile, query, ...reviews, pages: Math.max(1, Math.ceil(reviews.total / REVIEWS_PAGE_SIZE)) };
  } catch (error) {
    throw toRouteError(error);
  }
}

function reviewsHref(id: string, as: ReviewRole, page: number): string {
  const params = new URLSearchParams();
  if (as === "client") params.set("as", as);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${paths.user(id)}${search ? `?${search}` : ""}#reviews`;
}

/** "New on QuickGig" below the minimum; the rate otherwise. */
function rateValue(figure: Figure) {
  if (figure.shown && figure.value !== null) return formatRate(figure.value);
  return <span className="text-sm">New on QuickGig</span>;
}

function averageValue(figure: Figure) {
  if (figure.value === null) return <span className="text-sm">No reviews yet</span>;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="underline decoration-slate-400 decoration-dotted underline-offset-4">
        {formatStars(figure.value)}
      </span>
      <Stars rating={figure.value} className="size-3.5" />
    </span>
  );
}

function Distribution({ rating }: { rating: RatingSummary }) {
  const most = Math.max(1, ...([5, 4, 3, 2, 1] as const).map((stars) => rating.distribution[stars]));
  return (
    <ul className="mt-4 space-y-1.5" aria-label="Reviews by stars">
      {([5, 4, 3, 2, 1] as const).map((stars) => {
        const count = rating.distribution[stars];
        return (
          <li key={stars} className="grid grid-cols-[4.5rem_1fr_5.5rem] items-center gap-2 text-sm">
            <span>{plural(stars, "star", "stars")}</span>
            <span className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800" aria-hidden="true">
              <span
                className="block h-full rounded-full bg-amber-400"
                style={{ width: `${Math.round((count / most) * 100)}%` }}
              />
            </span>
            <span className="muted text-right">{plural(count, "review", "reviews")}</span>
          </li>
        );
      })}
    </ul>
  );
}

function FreelancerFigures({ profile }: { profile: PublicProfile }) {
  const { asFreelancer: work, name } = profile;
  const since = formatMonth(profile.memberSince);
  // The aspects are optional: shown once a client rated one.
  const aspects = REVIEW_ASPECTS.map((aspect) => [aspect, work.aspects[aspect]] as const);
  const rated = aspects.some(([, figure]) => figure.denominator > 0);
  return (
    <section aria-labelledby="as-freelancer" className="card p-6">
      <h2 id="as-freelancer" className="text-xl font-semibold">
        As a freelancer
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-6 sm:grid-cols-3">
        <FigureTip
          label="Average rating"
          value={averageValue(work.rating.average)}
          explanation={explainAverage(work.rating.average)}
        />
        <FigureTip
          label="Tasks completed"
          value={work.completed}
          explanation={`${plural(work.completed, "task", "tasks")} assigned to ${name} and completed since ${since}`}
        />
        <FigureTip
          label="Completion rate"
          value={rateValue(work.completionRate)}
          explanation={explainCompletion(work.completionRate, name)}
        />
      </dl>
      {/* No chart of zeros for someone nobody has reviewed yet (their average says so). */}
      {work.rating.count > 0 && (
        <>
          <p className="muted mt-4 text-sm">{plural(work.rating.count, "review", "reviews")}</p>
          <Distribution rating={work.rating} />
        </>
      )}
      {rated && (
        <>
          <h3 className="mt-6 font-semibold">What clients rated besides the stars</h3>
          <dl className="mt-3 grid grid-cols-2 gap-6 sm:grid-cols-3">
            {aspects.map(([aspect, figure]) => (
              <FigureTip
                key={aspect}
                label={ASPECT_LABELS[aspect]}
                value={
                  figure.value === null ? <span className="text-sm">Not rated yet</span> : formatStars(figure.value)
                }
                explanation={explainAverage(figure, "ratings")}
              />
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

function ClientFigures({ profile }: { profile: PublicProfile }) {
  const { asClient: client, name } = profile;
  const since = formatMonth(profile.memberSince);
  return (
    <section aria-labelledby="as-client" className="card p-6">
      <h2 id="as-client" className="text-xl font-semibold">
        As a client
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-6 sm:grid-cols-3">
        <FigureTip
          label="Tasks posted"
          value={client.posted}
          explanation={`${plural(client.posted, "task", "tasks")} posted by ${name} since ${since}`}
        />
        <FigureTip
          label="Freelancers hired"
          value={client.hired}
          explanation={`${plural(client.hired, "hire", "hires")} since ${since}; a task hired again after a freelancer gave it back counts twice`}
        />
        <FigureTip
          label="Tasks completed"
          value={client.completed}
          explanation={`${plural(client.completed, "task", "tasks")} posted by ${name} and completed since ${since}`}
        />
        <FigureTip
          label="Rating from freelancers"
          value={averageValue(client.rating.average)}
          explanation={explainAverage(client.rating.average)}
        />
        <FigureTip
          label="Cancellation rate"
          value={rateValue(client.cancelRate)}
          explanation={explainCancellation(client.cancelRate, name)}
        />
      </dl>
    </section>
  );
}

/** The notices that change what a profile shows: reviews published, the reader's or those of someone they worked with. */
const PROFILE_NOTICES = ["reviews-published"] as const;

export function Component() {
  const loaded = useLoaderData<typeof loader>();
  usePageTitle(loaded.profile.name);
  useRevalidateOnNotice(undefined, PROFILE_NOTICES);
  return <ProfileView {...loaded} loading={useNavigation().state === "loading"} />;
}

/** What the profile shows: the person, their figures and a page of reviews (`loading`: another page is on its way). */
export type ProfileShown = Awaited<ReturnType<typeof loader>> & { loading: boolean };

/** A profile with what it shows: the page, and its first screen the server renders (page-screens.tsx). */
export function ProfileView({ profile, query, reviews, total, pages, loading }: ProfileShown) {
  const session = useSession();
  const own = session.user?.id === profile.id;
  const page = Math.min(query.page, pages);
  // The client's side is shown of someone who has posted (or was reviewed as a client).
  const client = profile.asClient.posted > 0 || profile.asClient.rating.count > 0;
  const tab = (as: ReviewRole, label: string, count: number) => (
    <Link
      to={reviewsHref(profile.id, as, 1)}
      preventScrollReset
      aria-current={query.as === as ? "page" : undefined}
      className={`rounded-full px-4 py-1.5 text-sm font-medium ${
        query.as === as
          ? "bg-indigo-700 text-white dark:bg-indigo-400 dark:text-slate-950"
          : "bg-slate-100 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700"
      }`}
    >
      {label} ({count})
    </Link>
  );

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6 px-4 py-12 sm:px-6">
      <div className="card flex flex-col items-center gap-6 p-6 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar src={profile.image} alt={`Photo of ${profile.name}`} name={profile.name} className="size-24 shrink-0" />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold tracking-tight break-words">{profile.name}</h1>
          <p className="muted mt-1 text-sm">
            {profile.field && <>{profile.field.replace(/s$/, "")} · </>}Member since {formatMonth(profile.memberSince)}
          </p>
          {profile.bio && <p className="mt-4 whitespace-pre-line break-words">{profile.bio}</p>}
          <SkillList skills={profile.skills} className="mt-4 justify-center sm:justify-start" />
          {own && (
            <Link to={paths.profile} className="link mt-4 inline-block text-sm">
              Edit what you say about yourself
            </Link>
          )}
          <InviteButton person={profile} className="mt-4" />
          {session.user && !own && (
            <p className="mt-4">
              <ReportButton kind="profile" id={profile.id} />{" "}
              <StaffRecordLink userId={profile.id} name={profile.name} />
            </p>
          )}
        </div>
      </div>

      <p className="muted text-sm">
        Tap or point at a figure to see what it is made of.{" "}
        <Link to={morePaths.howReputationWorks} className="link">
          How reputation works
        </Link>
      </p>
      <div className={`grid gap-6 ${client ? "lg:grid-cols-2" : ""}`}>
        <FreelancerFigures profile={profile} />
        {client && <ClientFigures profile={profile} />}
      </div>

      <section id="reviews" aria-labelledby="reviews-title" className="card scroll-mt-24 p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="reviews-title" className="text-xl font-semibold">
            Reviews
          </h2>
          <nav aria-label="Whose reviews" className="flex flex-wrap gap-2">
            {tab("freelancer", "As a freelancer", profile.asFreelancer.rating.count)}
            {(client || query.as === "client") && tab("client", "As a client", profile.asClient.rating.count)}
          </nav>
        </div>
        {reviews.length === 0 ? (
          <p className="muted mt-6">
            {query.as === "freelancer"
              ? `No published reviews of ${profile.name}'s work yet.`
              : `No published reviews of ${profile.name} as a client yet.`}
          </p>
        ) : (
          <ol
            className={`mt-4 divide-y divide-slate-200 dark:divide-slate-800 ${loading ? "opacity-60" : ""}`}
            aria-label={query.as === "freelancer" ? "Reviews as a freelancer" : "Reviews as a client"}
          >
            {reviews.map((review) => (
              <ProfileReview key={review._id} review={review} canAnswer={own && review.answer === null} />
            ))}
          </ol>
        )}
        <PageLinks
          page={page}
          pages={pages}
          hrefOf={(to) => reviewsHref(profile.id, query.as, to)}
          label="Pages of reviews"
          note={plural(total, "review", "reviews")}
        />
      </section>
    </section>
  );
}
