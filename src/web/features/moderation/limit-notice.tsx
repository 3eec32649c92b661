import { Ban } from "lucide-react";
import { Link } from "react-router";
import type { SanctionView } from "../../../contract/moderation.ts";
import { MODERATION_MESSAGES } from "../../../contract/moderation-words.ts";
import { morePaths } from "../../config/more-paths.ts";
import "../../lazy-screens.css";

/** What a limited person is told where they would be refused: what they cannot do, what they still can, and why. */
export function LimitNotice({ limit, standingLink = true }: { limit: SanctionView; standingLink?: boolean }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <Ban aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        {/* The server's own words when it refuses: "Your account is limited for breaking the rule …". */}
        <p className="font-medium">{MODERATION_MESSAGES.limited(limit.rule)}</p>
        <p className="mt-2 text-sm">
          {standingLink && (
            <>
              <Link to={morePaths.standing} className="link">
                See the decision and appeal it
              </Link>
              {" · "}
            </>
          )}
          <Link to={`${morePaths.rules}#${limit.rule}`} className="link">
            House rules
          </Link>
        </p>
      </div>
    </div>
  );
}

export default LimitNotice;
