import { Send } from "lucide-react";
import { INVITE_WORDS } from "../../../contract/invitation-words.ts";

/** On a task's page, for the freelancer its poster invited: "Invited by …". */
export function InvitedBy({ name }: { name: string }) {
  return (
    <p className="mt-3 flex items-center gap-2 font-medium text-indigo-800 dark:text-indigo-200">
      <Send aria-hidden="true" className="size-5 shrink-0 text-indigo-700 dark:text-indigo-300" />
      <span className="min-w-0 break-words">{INVITE_WORDS.invitedBy(name)}</span>
    </p>
  );
}

/** Beside an offer in its poster's list: the bidder came on their invitation. */
export function InvitedMark() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-900 ring-1 ring-indigo-300 ring-inset dark:bg-indigo-950 dark:text-indigo-200 dark:ring-indigo-800"
      title="You invited this freelancer to the task"
    >
      <Send aria-hidden="true" className="size-3" />
      {INVITE_WORDS.offerMark}
    </span>
  );
}
