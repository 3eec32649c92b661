import { lazy, type ReactNode, Suspense, use, useEffect } from "react";
import { Link, useLoaderData } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import { paths } from "../../config/paths.ts";
import { usePageTitle } from "../../lib/title.ts";
import { useAfterFirstPaint } from "../../lib/use-after-first-paint.ts";
import { listFeaturedTasks, type Task, TaskCard } from "../tasks/public.ts";
import { Banner } from "./banner.tsx";
import { FALLBACK_FEATURED_TASKS } from "./home-content.ts";
import { SectionTitle } from "./section-title.tsx";

// Everything below the featured tasks loads after the first paint, keeping the first page light,
// and renders once the browser is idle.
const loadHomeMore = () => import("./home-more.tsx");
const HomeMore = lazy(loadHomeMore);

/** The featured tasks load while the banner is already on screen; a failure shows the sample cards. */
export function loader() {
  return { featured: listFeaturedTasks().catch((): Task[] => []) };
}

/** A sample card's deadline: two weeks from now is open wherever the visitor is. */
function inTwoWeeks(): string {
  return new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function FeaturedGrid({ featured }: { featured: Promise<Task[]> }) {
  const tasks = use(featured);
  if (tasks.length === 0) {
    const deadline = inTwoWeeks();
    return (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FALLBACK_FEATURED_TASKS.map((task) => (
          <li key={task._id}>
            <TaskCard task={{ ...task, deadline }} linkLabel="See more" to={paths.browseTasks} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {tasks.map((task) => (
        <li key={task._id}>
          <TaskCard task={task} linkLabel="See more" />
        </li>
      ))}
    </ul>
  );
}

/** What a first visit sees before scrolling: the banner and the featured tasks' section. */
export function HomeFirstScreen({ featured }: { featured: ReactNode }) {
  return (
    <>
      <h1 className="sr-only">QuickGig, a freelance task marketplace</h1>
      <Banner />

      <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionTitle id="featured-title" title="Featured Tasks" intro="Open tasks with the nearest deadlines." />
          <Link to={paths.browseTasks} className="link mb-8">
            Browse all tasks
          </Link>
        </div>
        {featured}
      </section>
    </>
  );
}

export const FeaturedLoading = () => <Spinner label="Loading featured tasks" />;

/** Keeps the place of the sections below the fold until they render. */
export const HomeMorePlaceholder = () => <div className="min-h-[60rem]" />;

export function Component() {
  usePageTitle("Home");
  const { featured } = useLoaderData<typeof loader>();
  const showMore = useAfterFirstPaint();
  useEffect(() => void loadHomeMore(), []);
  return (
    <>
      <HomeFirstScreen
        featured={
          <Suspense fallback={<FeaturedLoading />}>
            <FeaturedGrid featured={featured} />
          </Suspense>
        }
      />
      {showMore ? (
        <Suspense fallback={<HomeMorePlaceholder />}>
          <HomeMore />
        </Suspense>
      ) : (
        <HomeMorePlaceholder />
      )}
    </>
  );
}
