import {
  CalendarClock,
  Code2,
  Headphones,
  Megaphone,
  Palette,
  PenLine,
  ShieldCheck,
  Video,
  Wallet,
} from "lucide-react";
import { formatDeadline } from "../../lib/format.ts";
import { FreelancerDirectory } from "./freelancer-directory.tsx";
import { BLOG_POSTS, HOME_CATEGORIES, WHY_CHOOSE_US } from "./more-content.ts";
import { SectionTitle } from "./section-title.tsx";
import { Testimonials } from "./testimonials.tsx";

const CATEGORY_ICONS = [Code2, Palette, Megaphone, PenLine, Video];
const WHY_ICONS = [ShieldCheck, Wallet, CalendarClock, Headphones];

/** The lower sections of the home page: categories, freelancers, why choose us, testimonials, blog teasers. */
export default function HomeMore() {
  return (
    <>
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

      <FreelancerDirectory />

      <section aria-labelledby="why-title" className="bg-white py-16 dark:bg-slate-900/60">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionTitle id="why-title" title="Why Choose Us" intro="A marketplace built for small tasks done well." />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {WHY_CHOOSE_US.map((item, i) => {
              const Icon = WHY_ICONS[i] ?? ShieldCheck;
              return (
                <li key={item.title} className="text-center">
                  <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                    <Icon aria-hidden="true" className="size-7" />
                  </span>
                  <h3 className="mt-4 font-semibold">{item.title}</h3>
                  <p className="muted mt-1 text-sm">{item.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <Testimonials />

      <section aria-labelledby="blog-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionTitle id="blog-title" title="From Our Blog" intro="Tips for clients and freelancers." />
        <ul className="grid gap-6 md:grid-cols-3">
          {BLOG_POSTS.map((post) => (
            <li key={post.title} className="card overflow-hidden">
              <img
                src={post.image}
                alt=""
                width={560}
                height={240}
                className="h-40 w-full object-cover"
                loading="lazy"
              />
              <div className="p-5">
                <p className="muted text-xs font-semibold tracking-wide uppercase">
                  <time dateTime={post.date}>{formatDeadline(post.date)}</time>
                </p>
                <h3 className="mt-2 text-lg font-semibold">{post.title}</h3>
                <p className="muted mt-2 text-sm">{post.excerpt}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
