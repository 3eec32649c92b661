/**
 * What other features use of reviews: a task's Reviews section on its page, and a rating drawn as
 * stars (a profile's). A list's "Leave a
 * review" links to the task's page with #review, which opens the form (task-reviews.tsx).
 */

export { Stars } from "./stars.tsx";
export { preloadTaskReviews, TaskReviews } from "./task-reviews-slot.tsx";
