import { Clock, PenLine, Star } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { ReviewInput } from "../../../contract/reputation.ts";
import { ASPECT_LABELS, REVIEW_ASPECTS } from "../../../contract/reputation-words.ts";
import type { Task } from "../../../contract/schemas.ts";
import { paths } from "../../config/paths.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { useSession } from "../accounts/public.ts";
import { ReportButton } from "../moderation/public.ts";
import { getTaskReviews, postReview, type Review, type TaskReviews, updateMyReview } from "./reviews-api.ts";
import { Stars } from "./stars.tsx";
import "../../lazy-screens.css";

// The form, its stars and its checks load when the person opens it.
const ReviewDialog = lazy(() => import("./review-dialog.tsx"));

/**
 * The hash that opens the form on arrival, once the reviews say the reader may write one: My Posted
 * Tasks' and My Bids' "Leave a review" link to the task's page with it (written out there, so that
 * a link costs those pages nothing more to download).
 */
const REVIEW_HASH = "#review";

function ReviewCard({ review, label }: { review: Review; label: string }) {
  const viewerId = useSession().user?.id;
  return (
    <article aria-label={label} className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm break-words">
          <Link to={paths.user(review.author.id)} className="link font-semibold">
            {review.author.name}
          </Link>
          <span className="muted"> · {review.role === "client" ? "the client" : "the freelancer"}</span>
        </p>
        <Stars rating={review.rating} />
      </div>
      <p className="mt-2 leading-relaxed whitespace-pre-line break-words">{review.text}</p>
      {review.role === "client" && REVIEW_ASPECTS.some((aspect) => review[aspect] !== undefined) && (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          {REVIEW_ASPECTS.map((aspect) => {
            const rating = review[aspect];
            if (rating === undefined) return null;
            return (
              <div key={aspect}>
                <dt className="muted text-xs">{ASPECT_LABELS[aspect]}</dt>
                <dd>
                  <Stars rating={rating} className="size-4" />
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {review.publishedAt && (
        <p className="muted mt-2 text-xs">
          Published <time dateTime={review.publishedAt}>{formatDateTime(review.publishedAt)}</time>
          {viewerId !== review.author.id && <ReportButton kind="review" id={review._id} by={review.author.name} />}
        </p>
      )}
      {review.answer && (
        <div className="mt-3 border-l-4 border-indigo-300 pl-3 dark:border-indigo-700">
          <p className="text-xs font-semibold break-words text-indigo-800 dark:text-indigo-200">
            Answer from {review.subject.name}
          </p>
          <p className="whitespace-pre-line break-words">{review.answer.text}</p>
        </div>
      )}
    </article>
  );
}

/**
 * A finished task's reviews (PRODUCT.md, Reviews and profiles): its poster and hired freelancer
 * review each other, blind until both are in or the window ends; everyone reads what is published.
 * Read when shown, and again whenever the page is (a notice about the task: the other side
 * reviewed, the reviews were published).
 */
export default function TaskReviewsPanel({
  task,
  isPoster,
  version,
}: {
  task: Task;
  isPoster: boolean;
  /** When it changes (the page read again), the reviews are read again. */
  version?: unknown;
}) {
  const [reviews, setReviews] = useState<TaskReviews | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [form, setForm] = useState<"new" | "edit" | null>(null);
  const { hash } = useLocation();
  const openedFromHash = useRef(false);
  const section = useRef<HTMLElement>(null);
  const taskId = task._id;

  const read = useCallback(
    (signal?: AbortSignal) =>
      getTaskReviews(taskId, signal).then((found) => {
        setReviews(found);
        setFailure(null);
        return found;
      }),
    [taskId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the page read again, the reason to read them again
  useEffect(() => {
    const controller = new AbortController();
    read(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) setFailure(errorMessage(error));
    });
    return () => controller.abort();
  }, [read, version]);

  // The window closes while the page is open: at that moment the reviews are read again, so
  // "Leave a review" goes, whether or not the close publishes anything to tell of (issue 46).
  const closesAt = reviews?.canReview || reviews?.canEdit ? reviews.windowEndsAt : null;
  useEffect(() => {
    if (!closesAt) return;
    const left = Date.parse(closesAt) - Date.now();
    // A timer past about 24.8 days would fire at once; a window is shorter than that.
    if (!(left >= 0 && left < 2 ** 31 - 1)) return;
    const timer = setTimeout(() => void read().catch(() => {}), left + 250);
    return () => clearTimeout(timer);
  }, [closesAt, read]);

  // Arriving from a list's "Leave a review": the form opens once the reviews say it may.
  useEffect(() => {
    if (hash !== REVIEW_HASH || openedFromHash.current || !reviews) return;
    openedFromHash.current = true;
    section.current?.scrollIntoView({ block: "start" });
    if (reviews.canReview) setForm("new");
  }, [hash, reviews]);

  async function submit(input: ReviewInput) {
    const editing = form === "edit";
    try {
      if (editing) await updateMyReview(taskId, input);
      else await postReview(taskId, input);
    } catch (error) {
      // The task's reviews moved on meanwhile (published, the window ended): say so and show them as they are.
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      notify.error(error.detail);
      await read().catch(() => {});
      return;
    }
    const now = await read().catch(() => null);
    if (now?.mine?.publishedAt) notify.success("Your review is published, with the one you received.");
    else notify.success(editing ? "Your review has been saved." : "Your review has been sent.");
  }

  if (!reviews) {
    return (
      <section aria-labelledby="reviews-heading" id="review" ref={section} className="mt-8 scroll-mt-20">
        <h2 id="reviews-heading" className="text-lg font-semibold">
          Reviews
        </h2>
        {failure ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
            {failure}
          </p>
        ) : (
          <p role="status" className="muted mt-3 text-sm">
            Loading the reviews…
          </p>
        )}
      </section>
    );
  }
  if (!reviews.reviewable) return null;

  const { other, mine, published } = reviews;
  const hiddenMine = mine && !mine.publishedAt ? mine : null;
  const endsOn = reviews.windowEndsAt ? formatDateTime(reviews.windowEndsAt) : null;
  const missedWindow = other !== null && !mine && !reviews.canReview;

  return (
    <section aria-labelledby="reviews-heading" id="review" ref={section} className="mt-8 scroll-mt-20">
      <h2 id="reviews-heading" className="text-lg font-semibold">
        Reviews
      </h2>
      {other && reviews.canReview && (
        <div className="mt-3 rounded-xl border border-indigo-200 bg-indigo-50 p-5 dark:border-indigo-900 dark:bg-indigo-950/50">
          <p className="font-medium text-slate-900 dark:text-white">
            {reviews.waitingForMe
              ? `${other.name} reviewed you — write yours to see it.`
              : `How was working with ${other.name}? Your review stays hidden until they review you too.`}
          </p>
          {endsOn && <p className="muted mt-1 text-sm">You can review until {endsOn}.</p>}
          <button type="button" className="btn-primary mt-3" onClick={() => setForm("new")}>
            <Star aria-hidden="true" className="size-4" /> Leave a review
          </button>
        </div>
      )}
      {other && hiddenMine && (
        <div className="mt-3 grid gap-2">
          <h3 className="flex flex-wrap items-center gap-2 font-semibold">
            Your review of {other.name}
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
              Hidden
            </span>
          </h3>
          <ReviewCard review={hiddenMine} label="Your review" />
          <p className="muted flex items-start gap-2 text-sm">
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Only you can see this until {other.name} reviews too or the time to review ends on {endsOn}.
            </span>
          </p>
          {reviews.canEdit && (
            <div>
              <button type="button" className="btn-secondary" onClick={() => setForm("edit")}>
                <PenLine aria-hidden="true" className="size-4" /> Edit review
              </button>
            </div>
          )}
        </div>
      )}
      {missedWindow && <p className="mt-3 text-sm font-medium">The time to review this task has ended.</p>}
      {published.length > 0 ? (
        <ul className="mt-4 grid gap-3" aria-label="Published reviews">
          {published.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} label={`Review by ${review.author.name}`} />
            </li>
          ))}
        </ul>
      ) : (
        !other && (
          <p className="muted mt-3 text-sm">
            No reviews published yet. They appear once the client and the freelancer have both reviewed, or when the
            time to review ends.
          </p>
        )
      )}
      {form && other && (
        <Suspense fallback={null}>
          <ReviewDialog
            name={other.name}
            taskTitle={task.title}
            asClient={isPoster}
            review={form === "edit" ? hiddenMine : null}
            onSubmit={submit}
            onClose={() => setForm(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
