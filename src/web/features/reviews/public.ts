/** What other features use of reviews: a task's Reviews section on its page, and "Leave a review" in a list. */
export { LeaveReviewLink } from "./review-link.tsx";
export { TaskReviews } from "./task-reviews-slot.tsx";
