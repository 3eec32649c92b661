import { Link } from "react-router";
import { LIMITS } from "../../../contract/limits.ts";
import { paths } from "../../config/paths.ts";
import { usePageTitle } from "../../lib/title.ts";
import "../../lazy-screens.css";

const SECTIONS = [
  {
    title: "Average rating",
    text: [
      "The sum of the stars of a person's published reviews, divided by the number of those reviews, shown with one decimal. A freelancer's average counts the reviews clients wrote of their work; a client's counts the reviews freelancers wrote of them.",
      "Every profile also shows how many reviews gave 5, 4, 3, 2 and 1 stars. Reviews still hidden count nowhere.",
    ],
  },
  {
    title: "Communication, quality of work, keeping to the deadline",
    text: [
      "A client may also rate these three, from 1 to 5 stars each. Their averages are shown on the freelancer's profile, but they are not part of the average rating: only the overall stars are.",
    ],
  },
  {
    title: "Completion rate (freelancers)",
    text: [
      "Tasks completed divided by tasks completed or given back: of the tasks a freelancer completed or gave back, the share they completed.",
      "It counts only what the freelancer caused. Giving a task back counts against them; a client cancelling a task does not count at all, and neither does a task still in progress.",
      `It is shown once ${LIMITS.rateMinAssignments} tasks are completed or given back. Before that, the profile says "New on QuickGig", because a rate of one or two tasks says little.`,
    ],
  },
  {
    title: "Cancellation rate (clients)",
    text: [
      "Hired tasks cancelled divided by hired tasks completed or cancelled: of the tasks a client hired someone for that were completed or cancelled, the share the client cancelled.",
      `A freelancer giving a task back is not the client's doing and does not count, nor does a hired task still in progress. It too is shown once ${LIMITS.rateMinAssignments} hired tasks are completed or cancelled.`,
    ],
  },
  {
    title: "Reviews are blind",
    text: [
      "When a task is completed, or cancelled after someone was hired, the client and the freelancer may each review the other once.",
      `A review stays hidden from everyone but its author until both have reviewed, or ${LIMITS.reviewWindowDays} days have passed since the task ended. Then both are published together, so nobody can answer a review with a review written in return.`,
      "While a review is hidden, its author may still change it. Once published, nobody can change it.",
    ],
  },
  {
    title: "One public answer",
    text: [
      "The person reviewed may answer a published review once, in public, under the review. The answer cannot be changed afterwards either.",
    ],
  },
];

export function Component() {
  usePageTitle("How reputation works");
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">How reputation works</h1>
      <p className="muted mt-4 text-lg leading-relaxed">
        Every figure on a QuickGig profile shows what it is made of: tap or point at it to see the tasks or reviews it
        counts and since when. Here is how each one is worked out.
      </p>
      <div className="mt-10 space-y-6">
        {SECTIONS.map((section) => (
          <section key={section.title} className="card p-6">
            <h2 className="text-lg font-semibold">{section.title}</h2>
            {section.text.map((paragraph) => (
              <p key={paragraph} className="mt-2 leading-relaxed text-slate-700 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
      <p className="mt-10">
        <Link to={paths.freelancers} className="btn-primary">
          Find freelancers
        </Link>
      </p>
    </section>
  );
}
