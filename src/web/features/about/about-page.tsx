import { BadgeCheck, Handshake, Rocket } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { usePageTitle } from "../../lib/title.ts";

const VALUES = [
  {
    Icon: Rocket,
    title: "Small tasks, done fast",
    text: "QuickGig is built for work that takes hours or days, not months: a logo, a bug fix, a batch of articles.",
  },
  {
    Icon: Handshake,
    title: "Fair for both sides",
    text: "Clients say what they need and what they can pay; freelancers choose the work that fits them and bid.",
  },
  {
    Icon: BadgeCheck,
    title: "Trust by design",
    text: "Contact details are only shown to signed-in members, and every bid is tied to a real account.",
  },
];

export function Component() {
  usePageTitle("About Us");
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">About QuickGig</h1>
      <p className="muted mt-4 max-w-3xl text-lg leading-relaxed">
        QuickGig is a freelance marketplace where clients post tasks with a budget and a deadline, and freelancers
        browse them, read the details and place their bids. Since 1985 we have believed that good work starts with a
        clear brief and a fair price.
      </p>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {VALUES.map(({ Icon, title, text }) => (
          <li key={title} className="card p-6">
            <Icon aria-hidden="true" className="size-8 text-indigo-700 dark:text-indigo-300" />
            <h2 className="mt-4 text-lg font-semibold">{title}</h2>
            <p className="muted mt-2 text-sm leading-relaxed">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-14 rounded-2xl bg-indigo-700 px-6 py-10 text-center text-white dark:bg-indigo-900">
        <h2 className="text-2xl font-bold">Ready to get started?</h2>
        <p className="mt-2 text-indigo-100">Join thousands of clients and freelancers getting work done every day.</p>
        <Link
          to={paths.register}
          className="btn mt-6 bg-white text-indigo-800 hover:bg-indigo-50 dark:bg-slate-100 dark:text-indigo-900"
        >
          Join QuickGig
        </Link>
      </div>
    </section>
  );
}
