import { Star } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";

/** The hash that opens the review form on a task's page once it has loaded. */
export const REVIEW_HASH = "#review";

/** "Leave a review" in a list (My Posted Tasks, My Bids): the task's page, with the review form open. */
export function LeaveReviewLink({
  taskId,
  taskTitle,
  className = "",
}: {
  taskId: string;
  taskTitle: string;
  className?: string;
}) {
  return (
    <Link
      to={`${paths.taskDetails(taskId)}${REVIEW_HASH}`}
      className={`btn-primary px-3 py-1.5 ${className}`}
      aria-label={`Leave a review: ${taskTitle}`}
    >
      <Star aria-hidden="true" className="size-4" /> Leave a review
    </Link>
  );
}
