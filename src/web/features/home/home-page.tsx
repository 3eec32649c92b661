import { Code2, Megaphone, Palette, PenLine, Video } from "lucide-react";
import { lazy, Suspense, use } from "react";
import { Link, useLoaderData } from "react-router";
import { todayAnywhereOnEarth } from "../../../contract/dates.ts";
import { Spinner } from "../../components/spinner.tsx";
import { paths } from "../../config/paths.ts";
import { usePageTitle } from "../../lib/title.ts";
import { TaskCard } from "../tasks/task-card.tsx";
import { listFeaturedTasks, type Task } from "../tasks/tasks-api.ts";
import { Banner } from "./banner.tsx";
import { FALLBACK_FEATURED_TASKS, HOME_CATEGORIES } from "./home-content.ts";
import { SectionTitle } from "./section-title.tsx";

// Everything below the categories loads after the first paint, keeping the first page light.
const HomeMore = lazy(() => import("./home-more.tsx"));

/** The featured tasks load while the banner is already on screen; a failure shows the sample cards. */
export function loader() {
  return { featured: listFeaturedTasks().catch((): Task[] => []) };
}

const CATEGORY_ICONS = [Code2, Palette, Megaphone, PenLine, Video];

function inTwoWeeks(): string {
  const date = new Date(`${todayAnywhereOnEarth()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 14);
  return date.toISOString().slice(0, 10);
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

export function Component() {
  usePageTitle("Home");
  const { featured } = useLoaderData<typeof loader>();
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
        <Suspense fallback={<Spinner label="Loading featured tasks" />}>
          <FeaturedGrid featured={featured} />
        </Suspense>
      </section>

      <section aria-labelledby="categories-title" className="bg-white py-16 dark:bg-slate-900/60">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionTitle
            id="categories-title"
            title="Popular Categories"
            intro="Whatever you need, someone here does it well."
          />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {HOME_CATEGORIES.map((category, i) => {
              const Icon = CATEGORY_ICONS[i] ?? Code2;
              return (
                <li key={category.name} className="card p-5">
                  <Icon aria-hidden="true" className="size-8 text-indigo-700 dark:text-indigo-300" />
                  <h3 className="mt-3 font-semibold">{category.name}</h3>
                  <p className="muted mt-1 text-sm">{category.description}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <Suspense fallback={<div className="min-h-[60rem]" />}>
        <HomeMore />
      </Suspense>
    </>
  );
}
