import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { LIMITS } from "../../../contract/limits.ts";
import { LongTextField } from "../../components/long-text-field.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDeadline } from "../../lib/format.ts";
import { checkLazily } from "../../lib/lazy-resolver.ts";
import { notify } from "../../lib/notify.ts";
import { useSession } from "../accounts/public.ts";
import { ReportButton } from "../moderation/public.ts";
import { Stars } from "../reviews/public.ts";
import { answerReview, type Review } from "./profiles-api.ts";
import "../../lazy-screens.css";

/** "Mar 5, 2026": the day a review was published. */
const day = (iso: string) => formatDeadline(iso.slice(0, 10));

function AnswerForm({ review, onAnswered }: { review: Review; onAnswered: (review: Review) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className="btn-secondary mt-3 px-3 py-1.5"
        aria-label={`Answer ${review.author.name}'s review`}
        onClick={() => setOpen(true)}
      >
        Answer
      </button>
    );
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    // Busy from the first moment: the check may load first, and a second click must not send twice.
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const checked = await checkLazily(
        async () => (await import("./reputation-schemas.ts")).ReviewAnswerTextSchema,
        text,
      );
      if (!checked.success) {
        setError(checked.error.issues[0]?.message ?? "Answer is required");
        return;
      }
      onAnswered(await answerReview(review._id, text));
      notify.success("Your answer is published.");
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <LongTextField
        label="Your public answer"
        value={text}
        length={text.length}
        limit={LIMITS.reviewAnswerMax}
        error={error ?? undefined}
        onChange={(event) => setText(event.target.value)}
        autoFocus
      />
      <p className="muted text-xs">Everyone sees your answer under the review. You can answer once.</p>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary px-3 py-1.5" disabled={busy}>
          {busy ? "Publishing…" : "Publish answer"}
        </button>
        <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * A published review on a profile: the task, who wrote it, the stars, the text, the answer. The
 * task's title links to its page; a review with no task there to open (taskId empty: the mock's
 * reviews of work before its own tasks) shows the title alone.
 */
export function ProfileReview({ review: initial, canAnswer }: { review: Review; canAnswer: boolean }) {
  const viewerId = useSession().user?.id;
  const [review, setReview] = useState(initial);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setReview(initial);
  }
  const published = review.publishedAt ?? review.createdAt;
  return (
    <li className="py-5" aria-label={`Review by ${review.author.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-semibold break-words">
          {review.taskId && !review.taskRemoved ? (
            <Link to={paths.taskDetails(review.taskId)} className="link">
              {review.taskTitle}
            </Link>
          ) : (
            review.taskTitle
          )}
        </p>
        <Stars rating={review.rating} className="size-4" />
      </div>
      <p className="muted mt-1 text-sm break-words">
        By{" "}
        <Link to={paths.user(review.author.id)} className="link">
          {review.author.name}
        </Link>{" "}
        · <time dateTime={published}>{day(published)}</time>
        {viewerId !== review.author.id && <ReportButton kind="review" id={review._id} by={review.author.name} />}
      </p>
      <p className="mt-2 whitespace-pre-line break-words">{review.text}</p>
      {review.answer && (
        <div className="mt-3 rounded-lg border-l-4 border-indigo-300 bg-slate-50 px-4 py-2 dark:border-indigo-700 dark:bg-slate-900">
          <p className="text-sm font-semibold break-words">
            Answer from {review.subject.name}{" "}
            <span className="muted font-normal">
              · <time dateTime={review.answer.answeredAt}>{day(review.answer.answeredAt)}</time>
            </span>
          </p>
          <p className="mt-1 text-sm whitespace-pre-line break-words">{review.answer.text}</p>
        </div>
      )}
      {canAnswer && !review.answer && <AnswerForm review={review} onAnswered={setReview} />}
    </li>
  );
}
