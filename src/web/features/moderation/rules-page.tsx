import { Link } from "react-router";
import { groupDigits } from "../../../contract/digits.ts";
import { HOUSE_RULES, MODERATION_LIMITS, SANCTION_KINDS } from "../../../contract/moderation-words.ts";
import { morePaths } from "../../config/more-paths.ts";
import { usePageTitle } from "../../lib/title.ts";
import { SANCTION_MEANINGS } from "./sanction-words.ts";
import "../../lazy-screens.css";

/**
 * The house rules (/rules, public): every moderator's decision names one of them. Then what a
 * moderator may do about a broken rule, and the one appeal each decision allows.
 */
export function Component() {
  usePageTitle("House rules");
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 id="house-rules" className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">
        House rules
      </h1>
      <p className="muted mt-4 text-lg leading-relaxed">
        QuickGig works when people can trust what they read. These rules apply to every task, bid, question, message,
        review and profile. Anyone signed in can report something that breaks them, with the Report button beside it; a
        moderator looks at every report, and whoever reported it is told what came of it.
      </p>
      <ol aria-labelledby="house-rules" className="mt-10 space-y-4">
        {HOUSE_RULES.map((rule, index) => (
          <li key={rule.id} id={rule.id} className="card scroll-mt-24 p-6">
            <h2 className="text-lg font-semibold">
              <span className="muted mr-2">{index + 1}.</span>
              {rule.title}
            </h2>
            <p className="mt-2 leading-relaxed text-slate-700 dark:text-slate-300">{rule.text}</p>
          </li>
        ))}
      </ol>

      <h2 className="mt-14 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        What a moderator can do
      </h2>
      <p className="muted mt-2 leading-relaxed">
        Each decision names the rule that was broken and says why. Whoever it is about is told both.
      </p>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        {SANCTION_KINDS.map((kind) => (
          <div key={kind} className="card p-5">
            <dt className="font-semibold">{SANCTION_MEANINGS[kind].title}</dt>
            <dd className="mt-1 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
              {SANCTION_MEANINGS[kind].text}
            </dd>
          </div>
        ))}
      </dl>

      <h2 id="appeals" className="mt-14 scroll-mt-24 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Appeals
      </h2>
      <p className="mt-2 leading-relaxed text-slate-700 dark:text-slate-300">
        You can appeal each decision about you once, in up to {groupDigits(MODERATION_LIMITS.appealMax)} characters,
        from your{" "}
        <Link to={morePaths.standing} className="link">
          account standing
        </Link>
        . A suspended account appeals from the link in the email we sent. A moderator reads the appeal and either lifts
        the decision, which undoes it, or keeps it; you are told which.
      </p>
    </section>
  );
}
